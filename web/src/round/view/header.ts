// The game header above the board: what the game is (its variant, time
// control, Chess960 start number, rated or casual, its players), and the
// tab's title, which says when it is your move and how the game ended.

import type { ClockState, State } from '../../api';
import { finished } from '../../api';
import { plural, t } from '../../i18n';
import { VariantUI, describeEnd, ruleSetName, termName } from '../../variants';
import type { RoundCtrl } from '../ctrl';
import { $ } from './dom';
import { playersNodes } from './players';
import { tournamentPath } from '../../tournament/back';

// timeControlText names a game's time control: "5+3" (minutes and seconds
// of increment, as the lists write it), days per move for a
// correspondence clock, "No clock" without one.
export function timeControlText(k?: ClockState): string {
  if (!k) return t('head.untimed');
  if (k.perMove) return plural('head.days', Math.round(k.initial / 86400000));
  return `${k.initial / 60000}+${Math.floor(k.increment / 1000)}`;
}

// headerParts are the header's pieces, in order: rated says whether the
// game changes its players' ratings (GET /api/games/{id}/rating); the set
// of rules shows for a variant with several (xiangqi's repetition rules).
export function headerParts(v: VariantUI, s: State, rated = false): string[] {
  const rules = s.ruleSet && v.ruleSets.length > 0 ? ruleSetName(s.ruleSet) : undefined;
  return [v.label, timeControlText(s.clock), v.startNote?.(s), rules, t(rated ? 'head.rated' : 'head.casual')].filter((p): p is string => !!p);
}

// pageTitle is the tab's title: the end and how it came, your move, or
// the game's name alone.
export function pageTitle(v: VariantUI, s: State, yourMove: boolean): string {
  const game = t('title.game', { game: v.label });
  if (finished(s.status)) {
    const [end] = describeEnd(s);
    const how = s.termination ? termName(v, s.termination) : '';
    return t('title.over', { end: how ? `${end} · ${how}` : end, game });
  }
  return yourMove ? t('title.yourMove', { game }) : game;
}

// renderHeader draws the header and the tab's title.
export function renderHeader(ctrl: RoundCtrl) {
  const s = ctrl.state!;
  const v = ctrl.variant;
  $('game-head-info').textContent = headerParts(v, s, ctrl.rated).join(' · ');
  renderTournament(s);
  $('game-head-players').replaceChildren(...playersNodes(ctrl));
  // "Your move" for the one seat this browser holds; on one screen it holds both.
  document.title = pageTitle(v, s, ctrl.you.length === 1 && ctrl.canMove());
}

// renderTournament links a tournament's game to its tournament: its name,
// and a Swiss event's round.
function renderTournament(s: State) {
  const a = $<HTMLAnchorElement>('game-head-tournament');
  const tm = s.tournament;
  a.hidden = !tm;
  if (!tm) return;
  a.href = tournamentPath(tm);
  a.textContent = tm.round ? t('head.tournamentRound', { name: tm.name, round: tm.round }) : tm.name;
}
