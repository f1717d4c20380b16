// The players beside the board: each seat's name, and its clock counting
// down between the server's events.

import type { Color } from '../../api';
import { finished } from '../../api';
import { formatUnit, t, tParts } from '../../i18n';
import { titledName } from '../../title';
import { botName, shownName, sideName } from '../../variants';
import { RoundCtrl, other } from '../ctrl';
import { $ } from './dom';

// seatName is how the page names a seat: a bot's name, an open seat,
// the side's name, or "You".
export function seatName(ctrl: RoundCtrl, c: Color): string {
  const s = ctrl.state!;
  const seat = s.seats[c];
  const name = sideName(ctrl.variant, c);
  if (seat.kind === 'bot') return botName(ctrl.variant, seat);
  if (seat.kind === 'open') return t('player.open');
  if (s.mode === 'local') return name;
  const side = sideName(ctrl.variant, c, true);
  if (seat.name) return t(ctrl.you.includes(c) ? 'player.youNamed' : 'player.named', { name: shownName(seat.name), side });
  return ctrl.you.includes(c) ? t('player.you', { side }) : name;
}

// seatNodes is seatName after the seat's account's title ("BOT"), when it
// has one: what the page shows beside the board, in the header and the
// result.
export function seatNodes(ctrl: RoundCtrl, c: Color): DocumentFragment {
  return titledName(seatName(ctrl, c), ctrl.state!.seats[c].title);
}

// playersNodes names both players, white first ("{white} vs {black}").
export function playersNodes(ctrl: RoundCtrl): (string | Node)[] {
  return tParts('recent.players', { white: seatNodes(ctrl, 'white'), black: seatNodes(ctrl, 'black') });
}

// renderPlayers names the player at the bottom of the board and at the
// top, each with a mark when they went berserk (an arena's game).
export function renderPlayers(ctrl: RoundCtrl) {
  const bottom = ctrl.orientation;
  for (const [pos, c] of [['bottom', bottom], ['top', other(bottom)]] as const) {
    const name = $(`name-${pos}`);
    name.replaceChildren(seatNodes(ctrl, c));
    if (berserked(ctrl, c)) name.append(' ', berserkMark());
  }
}

// berserked tells whether side c went berserk.
function berserked(ctrl: RoundCtrl, c: Color): boolean {
  return ctrl.state?.berserk?.[c === 'white' ? 0 : 1] ?? false;
}

// berserkMark is the mark beside a berserk player's name: crossed swords,
// worded for a screen reader and in a tooltip.
function berserkMark(): HTMLElement {
  const mark = document.createElement('span');
  mark.className = 'berserk';
  mark.textContent = '⚔';
  mark.title = t('player.berserk');
  mark.setAttribute('role', 'img');
  mark.setAttribute('aria-label', t('player.berserk'));
  return mark;
}

// renderClocks draws both clocks (hidden in a game without one).
export function renderClocks(ctrl: RoundCtrl) {
  const s = ctrl.state;
  for (const [pos, c] of [['bottom', ctrl.orientation], ['top', other(ctrl.orientation)]] as const) {
    const el = $(`clock-${pos}`);
    if (!s?.clock) { el.hidden = true; continue; }
    el.hidden = false;
    const ms = ctrl.remaining(c);
    el.textContent = formatClock(ms);
    el.classList.toggle('running', s.clock.running === c && !finished(s.status));
    el.classList.toggle('low', ms < Math.min(20000, s.clock.initial / 5));
  }
}

// formatClock shows m:ss, with tenths under ten seconds; h:mm:ss from an
// hour; days and hours from a day (correspondence: "2d 23h", "2天 23小時"),
// their units worded by Intl.
export function formatClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (total >= 86400) return t('clock.days', { days: formatUnit(Math.floor(total / 86400), 'day'), hours: formatUnit(Math.floor((total % 86400) / 3600), 'hour') });
  if (total >= 3600) return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  if (ms < 10000) return `0:0${total % 60}.${Math.floor((ms % 1000) / 100)}`;
  return `${Math.floor(total / 60)}:${pad(total % 60)}`;
}
