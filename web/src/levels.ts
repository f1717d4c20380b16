// The computer's levels as the new-game dialog lists them, in the groups
// the server gives them (server/computer/level.go, Level.group): Gambit's
// own levels by strength first (the full engine at a rating in chess, its
// weakened levels in xiangqi, which have no rating, a variant's own
// computer player's levels), then the teaching algorithms (the
// classroom's searches in chess, the xiangqi search cut to 1, 2 and 3
// plies, each with a line saying what it does), then each external
// engine's levels 1 to 8. And
// the games a refusal for too many games against the computer offers,
// each named so that they can be told apart.

import { type HeldGame, type Level, fullMoves } from './api';
import { Key, formatDateTime, formatTime, plural, t } from './i18n';
import { botName, sideName, variantOf } from './variants';

// LevelGroup is one <optgroup> of the dialog's level menu: its words
// (a key, with an engine's name for an engine's group) and its levels.
export interface LevelGroup { label: Key; params?: Record<string, string>; levels: Level[] }

// levelGroups splits levels into Gambit's by strength, the teaching
// algorithms and each engine's, each in the server's order (weakest
// first); a level of no known group counts among the strength levels.
export function levelGroups(levels: readonly Level[]): LevelGroup[] {
  const groups: LevelGroup[] = [
    { label: 'levels.strength', levels: levels.filter(l => l.group !== 'teaching' && l.group !== 'engine') },
    { label: 'levels.teaching', levels: levels.filter(l => l.group === 'teaching') },
  ];
  for (const l of levels) {
    if (l.group !== 'engine') continue;
    const engine = l.engine ?? '';
    let g = groups.find(g => g.label === 'levels.engine' && g.params?.engine === engine);
    if (!g) groups.push(g = { label: 'levels.engine', params: { engine }, levels: [] });
    g.levels.push(l);
  }
  return groups.filter(g => g.levels.length > 0);
}

// teachingHelp explains each teaching level in a line, by its board and
// its name: chess's are the classroom's algorithms, xiangqi's its own
// search cut short.
const teachingHelp: Record<string, Record<string, Key>> = {
  chess: { greedy: 'levels.help.greedy', minimax: 'levels.help.minimax', negamax: 'levels.help.negamax', alphabeta: 'levels.help.alphabeta' },
  xiangqi: { greedy: 'levels.help.xiangqi.greedy', minimax: 'levels.help.xiangqi.minimax', alphabeta: 'levels.help.xiangqi.alphabeta' },
};

const own = <T>(r: Record<string, T>, k: string): T | undefined => (Object.prototype.hasOwnProperty.call(r, k) ? r[k] : undefined);

// levelHelp is the line under the level menu for level, on a board of
// that kind: what a teaching level does, which engine plays an engine's
// level, how a rating is meant (only where the level shows one); '' for
// a level whose name says it all.
export function levelHelp(level: Level | undefined, board = 'chess'): string {
  if (!level) return '';
  if (level.group === 'teaching') {
    const key = own(own(teachingHelp, board) ?? {}, level.name);
    return key ? t(key) : '';
  }
  if (level.group === 'engine') return t('levels.help.engine', { engine: level.engine ?? '', n: level.number ?? '' });
  return level.elo ? t('levels.note') : '';
}

// heldGameText names a game a refusal offers: its variant, its side and
// the computer it plays (as the game's head names it), the moves played
// (full moves: 1.e4 e5 is 1) and when it began ("Chess, White, against
// Gambit · Casual (~1200): 3 moves played, begun 14:05").
export function heldGameText(g: HeldGame, now = Date.now()): string {
  const v = variantOf(g.variant);
  const started = Date.parse(g.started);
  return t('computerGames.game', {
    variant: v.label,
    side: sideName(v, g.color),
    opponent: botName(v, { kind: 'bot', level: g.level || undefined, name: g.opponent }),
    moves: g.plies > 0 ? plural('computerGames.moves', fullMoves(g.plies)) : t('computerGames.noMoves'),
    when: Number.isFinite(started) ? beganAt(started, now) : '',
  });
}

// beganAt writes when a game began: the time of day if today, else the
// date and time, in the page's language.
function beganAt(ms: number, now: number): string {
  const today = new Date(ms).toDateString() === new Date(now).toDateString();
  return today ? formatTime(ms) : formatDateTime(ms);
}
