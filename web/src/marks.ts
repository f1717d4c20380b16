// What the chess board marks on its squares beyond the position: the fog
// of fog of war, the mines of bomb chess and the squares known safe, and
// the block a mine's blast clears.

import { type State, extOf } from './api';

// FogView is fog of war's part of a state (Go's foggame.Fog): the squares
// the viewer cannot see (the fen has them empty).
export interface FogView { fog: string[] }

// BombMines is bomb chess's part of a state (Go's bombgame.Mines): the
// mines the viewer knows of (all of them after the end) and the squares
// known to hold none.
export interface BombMines { mines: string[]; safe: string[] }

// BombBlast is bomb chess's part of a step (Go's bombgame.Blast): the mine
// the move set off and the squares whose pieces the blast removed.
export interface BombBlast { blast: string; cleared: string[] }

// allSquares lists the 64 squares of a chess board.
export const allSquares = [...'abcdefgh'].flatMap(f => [1, 2, 3, 4, 5, 6, 7, 8].map(r => f + r));

// marksOf returns the squares to mark on the board: the fog of the live
// position (reviewed plies carry no fog, only the view), the mines the
// viewer knows of and the squares known safe.
export function marksOf(s: State, live: boolean): Record<string, string> {
  const marks: Record<string, string[]> = {};
  const add = (keys: string[] | undefined, cls: string) => { for (const k of keys ?? []) (marks[k] ??= []).push(cls); };
  const bomb = extOf<BombMines>(s);
  if (live) add(extOf<FogView>(s).fog, 'fog');
  add(bomb.safe, 'safe');
  add(bomb.mines, 'mine');
  return Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, v.join(' ')]));
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
