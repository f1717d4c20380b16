// A page's board whose kind changes with what it shows (the analysis
// board, the puzzles): chessground's element, the xiangqi board's and the
// promotion picker, side by side in one box, the board of the kind shown
// made on its element and the other hidden.

import type { Board, BoardHooks } from './board';
import { ChessBoard } from './chessboard';
import { el } from './dom';
import { XiangqiBoard, xiangqiCoordsOf } from './xiangqi';

export class BoardBox {
  readonly box = el('div', 'board-box');
  readonly cg = el('div', 'cg-wrap');
  readonly xb = el('div', 'a-xboard');
  readonly promo = el('div', 'promo cg-wrap');
  private board?: Board;
  private kind = '';

  // prefix names the elements (prefix-board, prefix-xboard, prefix-promo).
  constructor(prefix: string, private hooks: BoardHooks) {
    this.cg.id = `${prefix}-board`;
    this.xb.id = `${prefix}-xboard`;
    this.promo.id = `${prefix}-promo`;
    this.promo.hidden = true;
    this.box.append(this.cg, this.xb, this.promo);
  }

  // of returns the board of kind ('chess', 'xiangqi'), made anew when the
  // kind changes; the page's body says the kind for the styles.
  of(kind: string): Board {
    if (this.board && this.kind === kind) return this.board;
    this.board?.destroy();
    this.kind = kind;
    document.body.dataset.board = kind;
    this.cg.hidden = kind === 'xiangqi';
    this.xb.hidden = kind !== 'xiangqi';
    this.board = kind === 'xiangqi'
      ? new XiangqiBoard(this.xb, this.hooks, () => xiangqiCoordsOf(document.body.dataset.xqCoords))
      : new ChessBoard(this.cg, this.hooks, this.promo);
    return this.board;
  }

  // current is the board made last, if any.
  get current(): Board | undefined {
    return this.board;
  }

  destroy() {
    this.board?.destroy();
    this.board = undefined;
    delete document.body.dataset.board;
  }
}
