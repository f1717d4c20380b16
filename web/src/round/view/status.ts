// The status line (whose move, the result, a short flash), the
// connection line, and the draw offer's bar.

import { finished, openSeat } from '../../api';
import { t } from '../../i18n';
import { openingNodes } from '../../opening';
import { describeEnd, sideName } from '../../variants';
import { RoundCtrl, other } from '../ctrl';
import { $ } from './dom';

// statusText says where the game stands.
function statusText(ctrl: RoundCtrl): string {
  const s = ctrl.state!;
  if (finished(s.status)) {
    const [title, reason] = describeEnd(s);
    return t('status.over', { title, reason });
  }
  if (s.mode === 'online' && openSeat(s) && ctrl.seatNeedsAccount && ctrl.you.length === 0) return t('seat.rated');
  if (s.mode === 'online' && openSeat(s)) return t(ctrl.you.length > 0 ? 'status.waiting' : 'status.waitingSpectator');
  const note = ctrl.variant.spectatorNote;
  if (note && ctrl.you.length === 0) return t(note); // a spectator sees nothing of a hidden game in play
  if (s.seats[s.turn].kind === 'bot') return t('status.thinking');
  return t(s.check ? 'status.toMoveCheck' : 'status.toMove', { side: sideName(ctrl.variant, s.turn) });
}

// variantWords are the variant's words under the status line: what the
// moves did beyond themselves (a blast, a piece turned up, a piece lost in
// the fog), those of the move shown under review, and on the live
// position those since the player's own last turn (RoundCtrl.eventSteps:
// the opponent's reply adds its own rather than wiping them); then, on the
// live position, what the turn allows (the dice). Nothing while the board
// is covered: they belong to the side that is not at the screen.
export function variantWords(ctrl: RoundCtrl): string[] {
  const s = ctrl.state!;
  const v = ctrl.variant;
  if (ctrl.covered()) return [];
  const ctx = ctrl.stepContext();
  const words = ctrl.eventSteps().map(i => v.stepWords?.(ctrl.moves[i], ctrl.fenBefore(i), ctx));
  words.push(ctrl.live() ? v.turnWords?.(s, ctrl.you) : undefined);
  return words.filter((w): w is string => !!w);
}

// renderStatus draws the status line, the variant's words under it and
// the draw offer's bar: the opponent may answer an offer, the side
// offering withdraw it.
export function renderStatus(ctrl: RoundCtrl) {
  const s = ctrl.state!;
  $('status').textContent = statusText(ctrl);
  const words = variantWords(ctrl);
  $('variant-words').hidden = words.length === 0;
  $('variant-words').textContent = words.join(' · ');
  const o = s.opening;
  $('opening').hidden = !o;
  $('opening').replaceChildren(...(o ? openingLine(o) : []));
  const offer = s.drawOffer;
  const answerable = !!offer && ctrl.you.includes(other(offer));
  $('offer-bar').hidden = !offer;
  $('offer-text').textContent = offer ? t('offer.draw', { side: sideName(ctrl.variant, offer) }) : '';
  $('btn-accept').hidden = !answerable;
  $('btn-decline').hidden = !answerable && !(offer && ctrl.you.includes(offer));
  $('btn-decline').textContent = t(answerable ? 'btn.decline' : 'btn.withdraw');
}

// flash shows a short word in the status line, until the next redraw.
export function flash(text: string) {
  const el = $('status');
  el.textContent = text;
  el.classList.add('flash');
  window.setTimeout(() => el.classList.remove('flash'), 1500);
}

// setConn says that the connection is down (empty: it is up).
export function setConn(text: string, offline = text !== '') {
  $('conn').textContent = text;
  document.body.classList.toggle('offline', offline);
}

// openingLine is the opening's line: its name in the reader's language
// (opening.ts: in Chinese the family's Chinese name, lichess's English
// beside it), the English marked as English for a screen reader.
function openingLine(o: { eco: string; name: string }): (string | HTMLElement)[] {
  const [before, after] = t('opening.line', { eco: o.eco, name: '\u0001' }).split('\u0001');
  return [before, ...openingNodes(o.name), after ?? ''];
}
