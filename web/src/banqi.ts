// The banqi board: Taiwan's dark chess (暗棋) on half a xiangqi board, 8
// files a-h wide and 4 ranks 1-4 high, a piece in each cell (not on the
// points, as banqi is played). Face-up pieces are xiangqi's discs, drawn as
// the xiangqi board draws them (xiangqi.ts: the reader's script, the piece
// style of the settings); a face-down piece is a plain disc, the same for
// both sides since no one knows its colour. Like every board it has no
// rules: a face-down piece the server lets flip (its own square among its
// destinations) flips with one click, and a face-up piece moves to the
// destinations the server sent.
//
// It is always drawn the same way, a1 bottom left, whoever looks: the board
// has no home side (every piece starts face down anywhere, and a seat's
// colour is known only after the first flip), so turning it for the second
// player would only make a square's place differ between the two screens
// (and the one screen two players share) while the move list names it the
// same. The orientation in BoardConfig is ignored, and the game page offers
// no flip for it (BoardKindUI.orientable).

import type { Color } from './api';
import type { Board, BoardConfig, BoardHooks } from './board';
import { t } from './i18n';
import { pieceFace, pieceLook } from './xiangqi';
import { PieceDrag } from './piecedrag';

// The board's size: 8 files, 4 ranks.
export const banqiFiles = 8;
export const banqiRanks = 4;

// faceDown is a face-down piece's letter in the FEN.
export const faceDown = 'x';

// BanqiColour is a colour of the pieces: red (upper-case letters) or black.
export type BanqiColour = 'red' | 'black';

// banqiSquares lists the board's squares, a1 to h4 rank by rank.
export const banqiSquares: readonly string[] = Array.from({ length: banqiFiles * banqiRanks },
  (_, i) => String.fromCharCode(97 + (i % banqiFiles)) + String(1 + Math.floor(i / banqiFiles)));

// parseBanqiFEN reads a banqi FEN's board field: its pieces by square
// (face-up pieces as xiangqi letters, face-down ones as x). Ranks come
// from rank 4 down to rank 1, files a-h in each; a digit is a run of
// empty squares. A field that is not 4 ranks of 8 gives what it can of
// them: the page draws whatever the server sent.
export function parseBanqiFEN(fen: string): Map<string, string> {
  const out = new Map<string, string>();
  fen.trim().split(' ')[0].split('/').forEach((row, i) => {
    const rank = banqiRanks - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '8') file += Number(ch);
      else {
        if (file < banqiFiles && rank >= 1) out.set(String.fromCharCode(97 + file) + rank, ch);
        file++;
      }
    }
  });
  return out;
}

// firstColour is the colour the first player plays (the FEN's third
// field: r or b), none before the first flip.
export function firstColour(fen: string): BanqiColour | undefined {
  const f = fen.trim().split(' ')[2];
  return f === 'r' ? 'red' : f === 'b' ? 'black' : undefined;
}

// seatColour is the colour a seat plays (white: the first player, black:
// the second), none before the first flip: the first player plays the
// colour of the piece its first flip turned up, the second the other.
export function seatColour(fen: string, seat: Color): BanqiColour | undefined {
  const first = firstColour(fen);
  if (!first) return undefined;
  return seat === 'white' ? first : first === 'red' ? 'black' : 'red';
}

// pieceColour is the colour of a face-up piece's letter.
export const pieceColour = (letter: string): BanqiColour => (letter === letter.toUpperCase() ? 'red' : 'black');

// isFlip reports whether a move (coordinate text) is a flip: its square twice.
export const isFlip = (uci: string): boolean => uci.length >= 4 && uci.slice(0, 2) === uci.slice(2, 4);

// BanqiClick is what a click on a square does: flip the face-down piece
// there, move the piece selected there, select the piece there, or clear
// the selection.
export type BanqiClick =
  | { kind: 'flip'; square: string }
  | { kind: 'move'; from: string; to: string }
  | { kind: 'select'; square: string }
  | { kind: 'clear' };

// banqiClick says what a click on square does, given the server's
// destinations (from → to; a flip is a square that is its own destination)
// and the square selected, if any. A destination of the piece selected
// comes first (a capture of a face-down piece, where the rules allow one,
// is a move, not a flip); then a flip, in one click; then the selection of
// a piece that may move (again if it is selected: a drag may start from
// it); anything else clears the selection.
export function banqiClick(dests: ReadonlyMap<string, readonly string[]>, selected: string | undefined, square: string): BanqiClick {
  if (selected && selected !== square && dests.get(selected)?.includes(square)) return { kind: 'move', from: selected, to: square };
  const own = dests.get(square);
  if (own?.includes(square)) return { kind: 'flip', square };
  if (own?.length) return { kind: 'select', square };
  return { kind: 'clear' };
}

// cellOf returns the column and row of a square on screen (0,0 top left).
export function cellOf(square: string): [number, number] {
  return [square.charCodeAt(0) - 97, banqiRanks - Number(square.slice(1))];
}

// squareAt returns the square at a point of the board's cells, given as
// fractions of their width and height from the top left; none outside.
export function squareAt(fx: number, fy: number): string | undefined {
  const x = Math.floor(fx * banqiFiles);
  const y = Math.floor(fy * banqiRanks);
  if (x < 0 || x >= banqiFiles || y < 0 || y >= banqiRanks) return undefined;
  return String.fromCharCode(97 + x) + String(banqiRanks - y);
}

const svgNS = 'http://www.w3.org/2000/svg';

// The board element's box: the cells are 100 units square, with a margin
// of 30 on every side for the coordinates (style.css's .bq-grid inset and
// .bq-board's aspect ratio say the same).
const cell = 100;
const margin = 30;
const boxW = banqiFiles * cell + 2 * margin;
const boxH = banqiRanks * cell + 2 * margin;

// linesSVG draws the cells: the frame, and the lines between files and ranks.
function linesSVG(): SVGSVGElement {
  const svg = document.createElementNS(svgNS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${banqiFiles * cell} ${banqiRanks * cell}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('class', 'bq-lines');
  svg.setAttribute('aria-hidden', 'true');
  const line = (x1: number, y1: number, x2: number, y2: number) => {
    const l = document.createElementNS(svgNS, 'line');
    for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) l.setAttribute(k, String(v * cell));
    svg.appendChild(l);
  };
  for (let x = 1; x < banqiFiles; x++) line(x, 0, x, banqiRanks);
  for (let y = 1; y < banqiRanks; y++) line(0, y, banqiFiles, y);
  const frame = document.createElementNS(svgNS, 'rect');
  for (const [k, v] of Object.entries({ x: 0, y: 0, width: banqiFiles * cell, height: banqiRanks * cell })) frame.setAttribute(k, String(v));
  frame.setAttribute('class', 'bq-frame');
  svg.appendChild(frame);
  return svg;
}

// coordsSVG names the files under the cells and the ranks left of them.
function coordsSVG(): SVGSVGElement {
  const svg = document.createElementNS(svgNS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${boxW} ${boxH}`);
  svg.setAttribute('class', 'bq-coords');
  svg.setAttribute('aria-hidden', 'true');
  const text = (s: string, x: number, y: number) => {
    const el = document.createElementNS(svgNS, 'text');
    el.setAttribute('x', String(x));
    el.setAttribute('y', String(y));
    el.textContent = s;
    svg.appendChild(el);
  };
  for (let f = 0; f < banqiFiles; f++) text(String.fromCharCode(97 + f), margin + (f + 0.5) * cell, boxH - margin / 2);
  for (let r = 1; r <= banqiRanks; r++) text(String(r), margin / 2, margin + (banqiRanks - r + 0.5) * cell);
  return svg;
}

// BanqiBoard draws a position and turns clicks (or drags) into moves and flips.
export class BanqiBoard implements Board {
  private pieces = new Map<string, string>();
  private lastMove?: [string, string];
  private dests = new Map<string, string[]>(); // empty when the user may not move
  private selected?: string;
  private drag = new PieceDrag();
  private layer: HTMLElement;
  private coords: SVGSVGElement;

  // showCoords reads whether the squares are named around the board (the
  // xiangqi board's setting: all but "none" name them, in letters and
  // digits, the squares' only names here).
  constructor(private el: HTMLElement, private hooks: BoardHooks, private showCoords: () => boolean = () => true) {
    el.textContent = '';
    el.classList.add('bq-board');
    this.layer = document.createElement('div');
    this.layer.className = 'xq-layer bq-layer'; // xq-layer: the xiangqi piece styles apply
    const grid = document.createElement('div');
    grid.className = 'bq-grid';
    grid.append(linesSVG(), this.layer);
    this.coords = coordsSVG();
    el.append(grid, this.coords);
    el.onpointerdown = e => this.down(e);
    el.onpointermove = e => this.drag.move(e);
    el.onpointerup = e => this.up(e);
  }

  set(cfg: BoardConfig) {
    this.pieces = parseBanqiFEN(cfg.fen);
    this.lastMove = cfg.lastMove;
    this.dests = new Map(cfg.movable ? Object.entries(cfg.dests) : []);
    if (this.selected && !this.dests.has(this.selected)) this.selected = undefined;
    this.coords.style.display = this.showCoords() ? '' : 'none';
    this.draw();
  }

  destroy() {
    this.el.onpointerdown = this.el.onpointermove = this.el.onpointerup = null;
    this.el.textContent = '';
    this.el.classList.remove('bq-board');
  }

  // keyAt returns the square under a page position, if on the board.
  private keyAt(clientX: number, clientY: number): string | undefined {
    const r = this.layer.getBoundingClientRect();
    return squareAt((clientX - r.left) / r.width, (clientY - r.top) / r.height);
  }

  private place(node: HTMLElement, key: string) {
    const [x, y] = cellOf(key);
    node.style.left = `${((x + 0.5) / banqiFiles) * 100}%`;
    node.style.top = `${((y + 0.5) / banqiRanks) * 100}%`;
    node.dataset.key = key;
  }

  private draw() {
    this.layer.textContent = '';
    const add = (cls: string, key: string) => {
      const d = document.createElement('div');
      d.className = cls;
      this.place(d, key);
      this.layer.appendChild(d);
      return d;
    };
    const [from, to] = this.lastMove ?? [];
    for (const k of new Set([from, to])) if (k) add(from === to ? 'bq-last flip' : 'bq-last', k);
    for (const [key, ch] of this.pieces) {
      const flippable = this.dests.get(key)?.includes(key) ?? false;
      if (ch === faceDown) {
        const d = add(`xq-piece facedown${flippable ? ' flippable' : ''}`, key);
        d.setAttribute('role', 'img');
        d.setAttribute('aria-label', t('piece.faceDown'));
        d.title = t(flippable ? 'banqi.flipHint' : 'piece.faceDown');
        continue;
      }
      const look = pieceLook(ch);
      let cls = `xq-piece ${look.red ? 'red' : 'black'}`;
      if (this.dests.get(key)?.length) cls += ' movable';
      if (key === this.selected) cls += ' selected';
      add(cls, key).innerHTML = pieceFace(ch, look.glyph);
    }
    if (this.selected) {
      for (const d of this.dests.get(this.selected) ?? []) add(this.pieces.has(d) ? 'bq-dest capture' : 'bq-dest', d);
    }
  }

  private select(key?: string) {
    this.selected = key;
    this.draw();
  }

  // play shows a move (or a flip, its square twice) at once and reports
  // it; the server's answer redraws. A flipped piece stays face down until
  // then: only the server knows what it is.
  private play(orig: string, dest: string) {
    const piece = this.pieces.get(orig);
    if (piece && orig !== dest) { this.pieces.delete(orig); this.pieces.set(dest, piece); }
    this.lastMove = [orig, dest];
    this.dests = new Map();
    this.select(undefined);
    this.hooks.move(orig, dest);
  }

  private down(e: PointerEvent) {
    const key = this.keyAt(e.clientX, e.clientY);
    if (!key) return;
    e.preventDefault();
    const click = banqiClick(this.dests, this.selected, key);
    switch (click.kind) {
      case 'move': this.play(click.from, click.to); return;
      case 'flip': this.play(click.square, click.square); return;
      case 'clear': this.select(undefined); return;
    }
    this.select(click.square);
    const el = this.layer.querySelector<HTMLElement>(`.xq-piece[data-key="${click.square}"]`);
    if (el) {
      this.drag.start(click.square, el, e, this.el);
    }
  }

  private up(e: PointerEvent) {
    const from = this.drag.end();
    if (!from) return;
    const key = this.keyAt(e.clientX, e.clientY);
    if (key && key !== from && this.dests.get(from)?.includes(key)) this.play(from, key);
  }
}
