// The board of the game page, whatever the variant: it draws a position and
// turns the user's clicks and drags into moves. Like the page it has no
// rules of its own: it offers only the destinations the server sent, and
// the server's next state is the truth. Each variant's board is an adapter
// behind this interface (chessboard.ts over chessground, xiangqi.ts drawn by
// hand); the server's registration says which variant uses which.

import type { Color } from './api';

// BoardConfig is everything a board shows. Squares are coordinate keys as
// the server writes them: "e4" on a chess board, ICCS points such as "h2"
// on a xiangqi board.
export interface BoardConfig {
  fen: string;
  orientation: Color; // the side at the bottom
  turn: Color; // the side to move in the position shown
  lastMove?: [string, string]; // the squares of the move that led to it
  check?: string; // the square of the king (or general) in check
  movable?: Color; // the side the user may move now, if any
  dests: Record<string, string[]>; // the legal destinations of movable's pieces, as the server sends them: {from: [to...]}
  // premove is the side the user may move ahead of its turn, if any: one
  // move, kept until playPremove. A board without premoves ignores it (the
  // xiangqi board does).
  premove?: Color;
  // marks are CSS classes drawn on squares, by square, as a variant's
  // module asks (VariantModule.marks; style.css draws them). A board
  // without them ignores it (the xiangqi board does).
  marks?: Record<string, string>;
}

// BoardHooks are what a board tells the page.
export interface BoardHooks {
  // move reports a move the user made: its squares and, for a promotion,
  // the letter of the piece chosen ("q", "n", "r", "b"). The board already
  // shows it; the page sends it, and a refused move is undone by the next set.
  move(orig: string, dest: string, promotion?: string): void;
}

// Board is one variant's board on one element.
export interface Board {
  // set draws a position, replacing whatever the board showed.
  set(cfg: BoardConfig): void;
  // playPremove plays the move made ahead of the turn, now that the turn
  // has come, if the dests just set allow it (through the move hook); an
  // illegal one is dropped. Boards without premoves leave it out.
  playPremove?(): void;
  // effect lays a short animation over some squares (class cls, see
  // style.css), gone after ms (VariantModule.effect). Boards without it skip it.
  effect?(squares: string[], cls: string, ms: number): void;
  // arrows draws arrows from square to square (the first moves of the
  // analysis board's engine lines: the first, the best, widest, the others
  // thinner), replacing those drawn before; [] clears them. Boards without
  // arrows skip it.
  arrows?(list: [string, string][]): void;
  // destroy removes the board's content and handlers from the page.
  destroy(): void;
}

// BoardFactory makes a board on an element.
export type BoardFactory = (el: HTMLElement, hooks: BoardHooks) => Board;

// moveSquares splits a move's coordinate text into its two squares: UCI
// ("e2e4", "e7e8q") or ICCS ("h2e2"); undefined for a drop, a pass or
// nothing.
export function moveSquares(move: string): [string, string] | undefined {
  const m = /^([a-i]\d)([a-i]\d)/.exec(move);
  return m ? [m[1], m[2]] : undefined;
}
