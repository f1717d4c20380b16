// The computer's levels as the new-game dialog groups them: the teaching
// algorithms (a plain greedy, minimax or alpha-beta search, to play against
// and read about) apart from the strength levels of the full engine (each
// with its approximate rating), as server/computer/level.go defines them.
// A variant with its own computer player has one group of its own levels.

import type { Level } from './api';
import type { Key } from './i18n';

// teaching are the engine's teaching algorithms, by Level.algorithm.
const teaching = ['greedy', 'minimax', 'negamax', 'alphabeta'];

// LevelGroup is one <optgroup> of the dialog's level menu.
export interface LevelGroup { label?: Key; levels: Level[] }

// levelGroups splits levels into the teaching algorithms and the strength
// levels, each in the server's order; levels of neither kind make one
// group without a label.
export function levelGroups(levels: readonly Level[]): LevelGroup[] {
  const taught = levels.filter(l => teaching.includes(l.algorithm));
  const strength = levels.filter(l => l.algorithm === 'full');
  if (taught.length + strength.length !== levels.length) return [{ levels: [...levels] }];
  return [
    { label: 'levels.strength' as Key, levels: strength },
    { label: 'levels.teaching' as Key, levels: taught },
  ].filter(g => g.levels.length > 0);
}
