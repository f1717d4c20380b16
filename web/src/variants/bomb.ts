// Bomb chess: chess with eight hidden mines. A move's step says where one
// went off (blast) and what it cleared; the state lists the mines known and
// the squares known safe. This module marks them, flashes the blast,
// sounds it and marks the move in the list.

import { type State, extOf } from '../api';
import { t } from '../i18n';
import type { VariantModule } from '../variants';

// BombMines is bomb chess's part of a state (Go's bombgame.Mines): the
// mines the viewer knows of (all of them after the end) and the squares
// known to hold none.
export interface BombMines { mines: string[]; safe: string[] }

// BombBlast is bomb chess's part of a step (Go's bombgame.Blast): the mine
// the move set off and the squares whose pieces the blast removed.
export interface BombBlast { blast: string; cleared: string[] }

// mineMarks are the squares known safe and the mines known, classes joined
// on a square that is both.
export function mineMarks(s: State): Record<string, string[]> {
  const marks: Record<string, string[]> = {};
  const add = (keys: string[] | undefined, cls: string) => { for (const k of keys ?? []) (marks[k] ??= []).push(cls); };
  const m = extOf<BombMines>(s);
  add(m.safe, 'safe');
  add(m.mines, 'mine');
  return marks;
}

// blastArea is the 3×3 block around a square, cut at the board's edge.
export function blastArea(sq: string): string[] {
  const f = sq.charCodeAt(0) - 97;
  const r = Number(sq[1]) - 1;
  const out: string[] = [];
  for (let df = -1; df <= 1; df++) {
    for (let dr = -1; dr <= 1; dr++) {
      if (f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8) out.push(String.fromCharCode(97 + f + df) + (r + dr + 1));
    }
  }
  return out;
}

export const bomb: VariantModule = {
  name: 'bomb',
  label: 'variant.bomb',
  tag: 'variant.bomb.tag',
  help: 'variant.bomb.help',
  levels: { easy: 'level.bomb.easy', hard: 'level.bomb.hard' },
  rules: 'variant.bomb.rules',
  reasons: { 'king exposed by a mine': 'reason.kingExposed' },
  fair: 'fair.bomb',
  moveSound: (prev, s, board) => (extOf<BombBlast>(s.last).blast ? 'blast' : board(prev, s)),
  stepMark: m => {
    const blast = extOf<BombBlast>(m).blast;
    return blast ? { cls: 'blast', title: t('moves.blast', { square: blast }) } : undefined;
  },
  effect: (_, s) => {
    const blast = extOf<BombBlast>(s.last).blast;
    return blast ? { squares: blastArea(blast), cls: 'blast', ms: 900 } : undefined;
  },
  marks: s => mineMarks(s),
};
