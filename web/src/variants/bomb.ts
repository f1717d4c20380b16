// Bomb chess: chess with eight hidden mines. A move's step says where one
// went off (blast) and what it cleared; the state lists the mines known and
// the squares known safe. This module marks them, flashes the blast,
// sounds it and marks the move in the list.

import { type State, type Step, extOf } from '../api';
import { type Key, t } from '../i18n';
import { boardOf } from '../movetext';
import { type VariantModule, listAll, sideName, variantOf } from '../variants';

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

// pieceNames are the chess pieces' names within a sentence, by FEN letter.
export const pieceNames: Record<string, Key> = {
  K: 'piece.name.king', Q: 'piece.name.queen', R: 'piece.name.rook', B: 'piece.name.bishop', N: 'piece.name.knight', P: 'piece.name.pawn',
};

// blastWords say what a move's blast did, played from the FEN before:
// the mine's square and each piece it removed ("A mine exploded on e4,
// removing the white knight on e4 and the black pawn on d5."). The piece
// that set it off stood on the mine after its move: it is the mover (as
// it promoted, if it did); the others stood where they were before it.
export function blastWords(m: Step, before: string | undefined): string | undefined {
  const b = extOf<BombBlast>(m);
  if (!b.blast) return undefined;
  const cleared = [...(b.cleared ?? [])].sort((x, y) => Number(y === b.blast) - Number(x === b.blast)); // the piece on the mine first
  if (!before) return t('bomb.blast', { square: b.blast, pieces: listAll(cleared) }); // a step without its position: the squares
  const board = boardOf(before);
  const [from, to, promo] = [m.uci.slice(0, 2), m.uci.slice(2, 4), m.uci.slice(4, 5)];
  const v = variantOf('bomb');
  const pieces = cleared.flatMap(sq => {
    let pc = board.get(sq === to ? from : sq);
    if (!pc) return [];
    const white = pc === pc.toUpperCase();
    if (sq === to && promo) pc = promo;
    const piece = t(pieceNames[pc.toUpperCase()] ?? 'piece.name.pawn');
    return [t('bomb.piece', { side: sideName(v, white ? 'white' : 'black', true), piece, square: sq })];
  });
  return pieces.length ? t('bomb.blast', { square: b.blast, pieces: listAll(pieces) }) : t('bomb.blastNone', { square: b.blast });
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
  stepMark: (m, before) => {
    const words = blastWords(m, before);
    return words ? { cls: 'blast', title: words } : undefined;
  },
  stepWords: blastWords,
  effect: (_, s) => {
    const blast = extOf<BombBlast>(s.last).blast;
    return blast ? { squares: blastArea(blast), cls: 'blast', ms: 900 } : undefined;
  },
  marks: s => mineMarks(s),
};
