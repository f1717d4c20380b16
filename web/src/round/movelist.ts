// How a move list is grouped into rows: the shared view (view/moves.ts)
// draws the rows, a variant says what they are (VariantUI.moveRows). This
// part is pure, so it is tested without a browser.

import type { Color, Step } from '../api';

// MoveListInput is what a grouping reads: the steps, the start position,
// and the side that made each step (as the server's FENs say).
export interface MoveListInput {
  moves: readonly Step[];
  startFen?: string;
  mover(i: number): Color; // the side that made moves[i]
}

// MoveRow is one row of the list: its number ("12." or "12…"), what comes
// before the moves (a placeholder, a dice roll), a class for the row, and
// the indices of its steps in moves.
export interface MoveRow {
  num: string;
  lead?: { className: string; text: string };
  className?: string;
  steps: number[];
}

// MoveGrouping turns the history into rows.
export type MoveGrouping = (m: MoveListInput) => MoveRow[];

// firstMoveNumber is the move number of the start position (its FEN's
// sixth field), 1 without one.
export function firstMoveNumber(startFen?: string): number {
  return parseInt((startFen ?? '').split(' ')[5] ?? '1', 10) || 1;
}

// byFullMove is the chess move list: a row per move number, White's move
// then Black's; a list that starts with Black's move shows "…" in White's place.
export const byFullMove: MoveGrouping = ({ moves, startFen, mover }) => {
  const rows: MoveRow[] = [];
  let num = firstMoveNumber(startFen);
  let row: MoveRow | undefined;
  moves.forEach((_, i) => {
    const black = mover(i) === 'black';
    if (!row || !black) {
      row = { num: `${num}.`, steps: [] };
      if (black) row.lead = { className: 'san empty', text: '…' };
      rows.push(row);
    }
    row.steps.push(i);
    if (black) num++;
  });
  return rows;
};
