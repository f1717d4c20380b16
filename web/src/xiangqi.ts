// The xiangqi board: 9×10 points drawn in SVG (river, palace diagonals),
// pieces as red and black discs with their Chinese characters. Like the
// chess board it has no rules: it offers the destinations the server sent.
// A face-down piece (jieqi: X for Red, x for Black in the FEN) is a plain
// disc of its side's colour with a back pattern and no character.
// Points are ICCS keys, file a-i from Red's left and rank 0-9 from Red's side;
// the wire's colour white is Red.

import type { Board, BoardConfig, BoardHooks } from './board';
import { script, t } from './i18n';
import { xiangqiGlyph } from './notation';
import { xiangqiOutlines } from './xqglyphs.gen';
import { PieceDrag } from './piecedrag';

// PieceLook is how a FEN letter is drawn: its side, whether it lies face
// down, and its character (none face down).
export interface PieceLook { red: boolean; faceDown: boolean; glyph: string }

// pieceLook reads a FEN letter: upper case is Red, X and x face down; the
// character is in the user's script (車 or 车), as the notation is.
export function pieceLook(ch: string): PieceLook {
  const red = ch === ch.toUpperCase();
  const faceDown = ch === 'X' || ch === 'x';
  return { red, faceDown, glyph: faceDown ? '' : xiangqiGlyph(ch, script()) ?? '?' };
}

// pieceFace is a piece's face as markup: its character as text (the font
// styles show it) and drawn from Gambit's outline of the same character,
// in the reader's script (the drawn style shows that, no font needed).
// The outlines are generated constants, never user text.
export function pieceFace(ch: string, glyph: string): string {
  const o = xiangqiOutlines[glyph] ?? xiangqiOutlines[xiangqiGlyph(ch, 'hant') ?? ''];
  const svg = o ? `<svg class="xq-glyph" viewBox="${o[0]}" role="img" aria-label="${glyph}"><path d="${o[1]}"/></svg>` : '';
  return `<span class="xq-char">${glyph}</span>${svg}`;
}

const svgNS = 'http://www.w3.org/2000/svg';

// XiangqiCoords is how the board's points are named around it: ICCS
// (files a-i under the board, ranks 0-9 beside it), traditional (Red's
// files 九…一 from its left along its side, Black's 1…9 along its side),
// or none.
export type XiangqiCoords = 'traditional' | 'iccs' | 'none';

// xiangqiCoordsOf reads a style's name; traditional for anything else.
export const xiangqiCoordsOf = (v: string | undefined): XiangqiCoords => (v === 'iccs' || v === 'none' ? v : 'traditional');

// CoordLabel is one label around the board, in the board element's
// 900×1000 box (the points sit inside coordInset of it on every side).
export interface CoordLabel { text: string; x: number; y: number; cls: string }

// coordInset is the margin the labels take on each side of the board
// element, as a fraction of its width and height (the points' grid
// shrinks by it; style.css's --xq-inset says the same).
export const coordInset = 0.04;

const numerals = '一二三四五六七八九';

// xiangqiCoordLabels lists the labels of a style, for the board seen from
// orientation's side (white is Red). The same numbering as render's
// xiangqiCoordinates: Red's file a is 九, Black's file a is 1.
export function xiangqiCoordLabels(style: XiangqiCoords, orientation: 'white' | 'black'): CoordLabel[] {
  if (style === 'none') return [];
  const flipped = orientation === 'black';
  const cell = (1 - 2 * coordInset) * 100; // a point's spacing, in both directions of the box
  const x = (file: number) => 900 * coordInset + ((flipped ? 8 - file : file) + 0.5) * cell;
  const y = (rank: number) => 1000 * coordInset + ((flipped ? rank : 9 - rank) + 0.5) * cell;
  const top = 1000 * coordInset / 2;
  const bottom = 1000 - top;
  const out: CoordLabel[] = [];
  for (let f = 0; f < 9; f++) {
    if (style === 'iccs') {
      out.push({ text: String.fromCharCode(97 + f), x: x(f), y: bottom, cls: 'file' });
      continue;
    }
    out.push({ text: numerals[8 - f], x: x(f), y: flipped ? top : bottom, cls: 'file red' });
    out.push({ text: String(f + 1), x: x(f), y: flipped ? bottom : top, cls: 'file black' });
  }
  if (style === 'iccs') for (let r = 0; r <= 9; r++) out.push({ text: String(r), x: 900 * coordInset / 2, y: y(r), cls: 'rank' });
  return out;
}

// coordsSVG draws the labels over the whole board element.
function coordsSVG(labels: CoordLabel[]): SVGSVGElement {
  const svg = document.createElementNS(svgNS, 'svg');
  svg.setAttribute('viewBox', '0 0 900 1000');
  svg.setAttribute('class', 'xq-coords');
  svg.setAttribute('aria-hidden', 'true');
  for (const l of labels) {
    const t = document.createElementNS(svgNS, 'text');
    t.setAttribute('x', String(l.x));
    t.setAttribute('y', String(l.y));
    t.setAttribute('class', l.cls);
    t.textContent = l.text;
    svg.appendChild(t);
  }
  return svg;
}

// parseFEN returns the pieces of a xiangqi FEN's board field by point.
export function parseFEN(fen: string): Map<string, string> {
  const out = new Map<string, string>();
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '9') file += Number(ch);
      else { out.set(String.fromCharCode(97 + file) + rank, ch); file++; }
    }
  });
  return out;
}

// boardSVG draws the lines of the board in a 900×1000 box, points at (50+100x, 50+100y).
function boardSVG(): SVGSVGElement {
  const svg = document.createElementNS(svgNS, 'svg');
  svg.setAttribute('viewBox', '0 0 900 1000');
  svg.setAttribute('class', 'xq-lines');
  const line = (x1: number, y1: number, x2: number, y2: number) => {
    const l = document.createElementNS(svgNS, 'line');
    for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) l.setAttribute(k, String(50 + 100 * v));
    svg.appendChild(l);
  };
  for (let y = 0; y <= 9; y++) line(0, y, 8, y);
  for (let x = 0; x <= 8; x++) {
    if (x === 0 || x === 8) line(x, 0, x, 9);
    else { line(x, 0, x, 4); line(x, 5, x, 9); } // the river breaks the inner files
  }
  for (const y of [0, 7]) { line(3, y, 5, y + 2); line(5, y, 3, y + 2); } // the palaces
  const frame = document.createElementNS(svgNS, 'rect');
  for (const [k, v] of Object.entries({ x: 38, y: 38, width: 824, height: 924 })) frame.setAttribute(k, String(v));
  frame.setAttribute('class', 'xq-frame');
  svg.appendChild(frame);
  // The river's words in the user's script (漢 or 汉), as the pieces.
  for (const [x, text] of [[250, '楚 河'], [650, script() === 'hans' ? '汉 界' : '漢 界']] as [number, string][]) {
    const t = document.createElementNS(svgNS, 'text');
    t.setAttribute('x', String(x));
    t.setAttribute('y', '520');
    t.setAttribute('class', 'xq-river');
    t.textContent = text;
    svg.appendChild(t);
  }
  return svg;
}

// XiangqiBoard draws a position and turns clicks (or drags) into moves.
export class XiangqiBoard implements Board {
  private pieces = new Map<string, string>();
  private cfg?: BoardConfig;
  private lastMove?: [string, string];
  private dests = new Map<string, string[]>(); // empty when the user may not move
  private selected?: string;
  private drag = new PieceDrag();
  private layer: HTMLElement;
  private coords?: SVGSVGElement;
  private arrowList: [string, string][] = [];

  // coordStyle reads how the points are named (the settings' choice).
  constructor(private el: HTMLElement, private hooks: BoardHooks, private coordStyle: () => XiangqiCoords = () => 'traditional') {
    el.textContent = '';
    el.classList.add('xq-board');
    this.layer = document.createElement('div');
    this.layer.className = 'xq-layer';
    const grid = document.createElement('div');
    grid.className = 'xq-grid';
    grid.append(boardSVG(), this.layer);
    el.appendChild(grid);
    el.onpointerdown = e => this.down(e);
    el.onpointermove = e => this.drag.move(e);
    el.onpointerup = e => this.up(e);
  }

  set(cfg: BoardConfig) {
    this.cfg = cfg;
    this.pieces = parseFEN(cfg.fen);
    this.lastMove = cfg.lastMove;
    this.dests = new Map(cfg.movable ? Object.entries(cfg.dests) : []);
    if (this.selected && !this.dests.has(this.selected)) this.selected = undefined;
    this.el.classList.toggle('orientation-black', cfg.orientation === 'black');
    this.el.classList.toggle('orientation-white', cfg.orientation === 'white');
    const style = this.coordStyle();
    this.el.classList.toggle('xq-coords-none', style === 'none');
    this.coords?.remove();
    this.coords = coordsSVG(xiangqiCoordLabels(style, cfg.orientation));
    this.el.appendChild(this.coords);
    this.draw();
  }

  arrows(list: [string, string][]) {
    this.arrowList = list;
    this.draw();
  }

  destroy() {
    this.el.onpointerdown = this.el.onpointermove = this.el.onpointerup = null;
    this.el.textContent = '';
    this.el.classList.remove('xq-board', 'orientation-black', 'orientation-white', 'xq-coords-none');
  }

  // xy returns the column and row of a point on screen (0,0 top left).
  private xy(key: string): [number, number] {
    const file = key.charCodeAt(0) - 97;
    const rank = Number(key.slice(1));
    return this.cfg?.orientation === 'black' ? [8 - file, rank] : [file, 9 - rank];
  }

  // keyAt returns the point nearest to a page position, if on the board.
  private keyAt(clientX: number, clientY: number): string | undefined {
    const r = this.layer.getBoundingClientRect();
    const x = Math.floor(((clientX - r.left) / r.width) * 9);
    const y = Math.floor(((clientY - r.top) / r.height) * 10);
    if (x < 0 || x > 8 || y < 0 || y > 9) return undefined;
    const [file, rank] = this.cfg?.orientation === 'black' ? [8 - x, y] : [x, 9 - y];
    return String.fromCharCode(97 + file) + rank;
  }

  private place(node: HTMLElement, key: string) {
    const [x, y] = this.xy(key);
    node.style.left = `${((x + 0.5) / 9) * 100}%`;
    node.style.top = `${((y + 0.5) / 10) * 100}%`;
    node.dataset.key = key;
  }

  private draw() {
    const cfg = this.cfg!;
    this.layer.textContent = '';
    const add = (cls: string, key: string, text = '') => {
      const d = document.createElement('div');
      d.className = cls;
      d.textContent = text;
      this.place(d, key);
      this.layer.appendChild(d);
      return d;
    };
    for (const k of this.lastMove ?? []) add('xq-last', k);
    for (const [key, ch] of this.pieces) {
      const look = pieceLook(ch);
      let cls = `xq-piece ${look.red ? 'red' : 'black'}`;
      if (look.faceDown) cls += ' facedown';
      if (key === this.selected) cls += ' selected';
      if (key === cfg.check) cls += ' check';
      const d = add(cls, key, look.glyph);
      if (!look.faceDown) d.innerHTML = pieceFace(ch, look.glyph);
      if (look.faceDown) {
        d.setAttribute('role', 'img');
        d.setAttribute('aria-label', t('piece.faceDown'));
        d.title = t('piece.faceDown');
      }
    }
    if (this.selected) {
      for (const d of this.dests.get(this.selected) ?? []) add(this.pieces.has(d) ? 'xq-dest capture' : 'xq-dest', d);
    }
    if (this.arrowList.length > 0) this.layer.appendChild(this.arrowSVG());
  }

  // arrowSVG draws the arrows over the board, in the lines' 900×1000 box.
  private arrowSVG(): SVGSVGElement {
    const svg = document.createElementNS(svgNS, 'svg');
    svg.setAttribute('viewBox', '0 0 900 1000');
    svg.setAttribute('class', 'xq-arrows');
    const marker = document.createElementNS(svgNS, 'marker');
    for (const [k, v] of Object.entries({ id: 'xq-head', orient: 'auto', markerWidth: '4', markerHeight: '4', refX: '2', refY: '2' })) marker.setAttribute(k, v);
    const head = document.createElementNS(svgNS, 'path');
    head.setAttribute('d', 'M0,0 V4 L3,2 Z');
    marker.appendChild(head);
    svg.appendChild(marker);
    for (const [i, [from, to]] of this.arrowList.entries()) {
      const [x1, y1] = this.xy(from);
      const [x2, y2] = this.xy(to);
      const l = document.createElementNS(svgNS, 'line');
      for (const [k, v] of Object.entries({ x1: 50 + 100 * x1, y1: 50 + 100 * y1, x2: 50 + 100 * x2, y2: 50 + 100 * y2 })) l.setAttribute(k, String(v));
      l.setAttribute('marker-end', 'url(#xq-head)');
      if (i > 0) l.setAttribute('class', 'other'); // an engine line after the best: thinner
      svg.appendChild(l);
    }
    return svg;
  }

  private select(key?: string) {
    this.selected = key;
    this.draw();
  }

  private play(orig: string, dest: string) {
    // Optimistic: show the move at once; the server's answer redraws.
    const piece = this.pieces.get(orig);
    if (piece) { this.pieces.delete(orig); this.pieces.set(dest, piece); }
    this.lastMove = [orig, dest];
    this.dests = new Map();
    this.select(undefined);
    this.hooks.move(orig, dest);
  }

  private down(e: PointerEvent) {
    const key = this.keyAt(e.clientX, e.clientY);
    if (!key || !this.cfg) return;
    e.preventDefault();
    if (this.selected && this.dests.get(this.selected)?.includes(key)) {
      this.play(this.selected, key);
      return;
    }
    if (!this.dests.has(key)) { this.select(undefined); return; }
    this.select(key);
    const el = this.layer.querySelector<HTMLElement>(`.xq-piece[data-key="${key}"]`);
    if (el) {
      this.drag.start(key, el, e, this.el);
    }
  }

  private up(e: PointerEvent) {
    const from = this.drag.end();
    if (!from) return;
    const key = this.keyAt(e.clientX, e.clientY);
    if (key && key !== from && this.dests.get(from)?.includes(key)) this.play(from, key);
  }
}
