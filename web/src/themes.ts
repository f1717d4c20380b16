// The themes the settings offer: chess boards and piece sets, xiangqi
// boards and piece styles, and the names of the xiangqi board's points.
// Every board is drawn by CSS from two colours (style.css reads them as
// --light and --dark, --xq-bg and --xq-line); the piece sets Gambit drew
// itself are SVG paths written here, made into CSS backgrounds under
// body.pieces-{id} (no font needed).

import type { Key } from './i18n';

// BoardTheme is a chess board's two square colours.
export interface BoardTheme { id: string; label: Key; light: string; dark: string }

// chessBoards are the chess boards, the default first. Brown's squares
// are chessground's own colours.
export const chessBoards: readonly BoardTheme[] = [
  { id: 'brown', label: 'board.brown', light: '#f0d9b5', dark: '#b58863' },
  { id: 'blue', label: 'board.blue', light: '#dee3e6', dark: '#8ca2ad' },
  { id: 'green', label: 'board.green', light: '#ffffdd', dark: '#86a666' },
  { id: 'grey', label: 'board.grey', light: '#d9d9d9', dark: '#a0a0a0' },
  { id: 'purple', label: 'board.purple', light: '#e6def0', dark: '#8e7cb0' },
  { id: 'coral', label: 'board.coral', light: '#f3dfd2', dark: '#c5776a' },
];

// PieceTheme is a chess piece set: chessground's image set (cburnett), or
// one installed by installPieceSets.
export interface PieceTheme { id: string; label: Key }

export const chessPieces: readonly PieceTheme[] = [
  { id: 'cburnett', label: 'pieces.cburnett' },
  { id: 'glyph', label: 'pieces.glyph' },
  { id: 'flat', label: 'pieces.flat' },
  { id: 'disc', label: 'pieces.disc' },
];

// XiangqiBoardTheme is a xiangqi board's wood (or paper), lines and river words.
export interface XiangqiBoardTheme { id: string; label: Key; bg: string; line: string; river: string }

export const xiangqiBoards: readonly XiangqiBoardTheme[] = [
  { id: 'wood', label: 'xqboard.wood', bg: '#e8c48a', line: '#5b3a1a', river: '#7a5430' },
  { id: 'paper', label: 'xqboard.paper', bg: '#f7f2e6', line: '#3b3b3b', river: '#6b6b6b' },
  { id: 'dark', label: 'xqboard.dark', bg: '#2c2a27', line: '#c9b48a', river: '#a8946c' },
];

// xiangqiPieces are the xiangqi piece styles: the carved disc with its
// character drawn from Gambit's own outlines (xqglyphs.gen.ts, no font
// needed), the same disc with the system's CJK font, and a flat one.
export const xiangqiPieces: readonly PieceTheme[] = [
  { id: 'drawn', label: 'xqpieces.drawn' },
  { id: 'carved', label: 'xqpieces.carved' },
  { id: 'flat', label: 'xqpieces.flat' },
];

// xiangqiCoordStyles are the names of the points (xiangqi.ts draws them).
// "auto", the default, follows the language: the traditional numerals in
// Chinese, ICCS's letters and digits in English (xiangqiCoordsFor).
export const xiangqiCoordStyles: readonly PieceTheme[] = [
  { id: 'auto', label: 'xqcoords.auto' },
  { id: 'traditional', label: 'xqcoords.traditional' },
  { id: 'iccs', label: 'xqcoords.iccs' },
  { id: 'none', label: 'xqcoords.none' },
];

// ThemeChoice is the themes picked, by id.
export interface ThemeChoice { board: string; pieces: string; xqBoard: string; xqPieces: string; xqCoords: string }

export const defaultThemes: ThemeChoice = { board: 'brown', pieces: 'cburnett', xqBoard: 'wood', xqPieces: 'drawn', xqCoords: 'auto' };

// themeLists are each choice's options.
export const themeLists: Record<keyof ThemeChoice, readonly { id: string; label: Key }[]> = {
  board: chessBoards, pieces: chessPieces, xqBoard: xiangqiBoards, xqPieces: xiangqiPieces, xqCoords: xiangqiCoordStyles,
};

// pickThemes keeps the saved choices that name a theme there is, and the
// default for the others (a theme a later release dropped, a bad value).
export function pickThemes(saved: Partial<Record<string, unknown>>): ThemeChoice {
  const out = { ...defaultThemes };
  for (const k of Object.keys(themeLists) as (keyof ThemeChoice)[]) {
    const v = saved[k];
    if (typeof v === 'string' && themeLists[k].some(o => o.id === v)) out[k] = v;
  }
  return out;
}

// themeClasses are the classes on <body> for a choice: one per kind, each
// kind's prefix owned by this list (applySettings removes the others).
export function themeClasses(c: ThemeChoice): string[] {
  return [`board-${c.board}`, `pieces-${c.pieces}`, `xqboard-${c.xqBoard}`, `xqpieces-${c.xqPieces}`];
}

// themeCSS is the CSS of every board's colours and of the piece sets drawn
// here.
export function themeCSS(): string {
  const rules: string[] = [];
  for (const b of chessBoards) rules.push(`body.board-${b.id}, .pv-board.board-${b.id} { --light: ${b.light}; --dark: ${b.dark}; }`);
  for (const b of xiangqiBoards) rules.push(`body.xqboard-${b.id}, .pv-xqboard.xqboard-${b.id} { --xq-bg: ${b.bg}; --xq-line: ${b.line}; --xq-river: ${b.river}; }`);
  for (const set of ['flat', 'disc'] as const) {
    for (const role of roles) {
      for (const white of [true, false]) {
        rules.push(`body.pieces-${set} .cg-wrap:not(.pv) piece.${role}.${white ? 'white' : 'black'}, .pv-pieces-${set} piece.${role}.${white ? 'white' : 'black'} ` +
          `{ background-image: ${dataURL(set === 'flat' ? flatPiece(role, white) : discPiece(role, white))}; }`);
      }
    }
  }
  return rules.join('\n');
}

// installThemes adds themeCSS to the page.
export function installThemes() {
  const style = document.createElement('style');
  style.textContent = themeCSS();
  document.head.appendChild(style);
}

export const roles = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'] as const;
export type Role = (typeof roles)[number];

const dataURL = (svg: string) => `url("data:image/svg+xml;utf8,${encodeURIComponent(svg)}")`;
const doc = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${body}</svg>`;

// The flat set: each piece a plain silhouette on a shared base, drawn in a
// 100×100 square. Gambit's own drawing.
const flatShapes: Record<Role, string> = {
  pawn: '<circle cx="50" cy="34" r="13"/><path d="M36 82C37 64 43 54 50 49C57 54 63 64 64 82Z"/>',
  rook: '<path d="M28 20h11v8h6v-8h10v8h6v-8h11v20h-44z"/><path d="M33 40h34l3 42h-40z"/>',
  bishop: '<circle cx="50" cy="14" r="6"/><path d="M50 20C64 32 67 50 59 62H41C33 50 36 32 50 20Z"/><path d="M41 62h18l5 20H36z"/>',
  knight: '<path d="M31 82L35 60C29 52 24 46 28 37L45 22L49 11L57 22C71 29 77 46 74 62L71 82Z"/>',
  queen: '<path d="M27 70L19 30L36 47L42 20L50 43L58 20L64 47L81 30L73 70Z"/><path d="M27 70h46v12H27z"/>',
  king: '<path d="M46 8h8v9h9v8h-9v11h-8V25h-9v-8h9z"/><path d="M28 70C22 52 30 39 41 45C45 35 55 35 59 45C70 39 78 52 72 70Z"/><path d="M28 70h44v12H28z"/>',
};

// The flat pieces' details: the bishop's slit, the knight's eye, the crowns' band.
const flatMarks: Partial<Record<Role, string>> = {
  bishop: '<path d="M45 38l10 10" fill="none"/>',
  knight: '<circle cx="53" cy="34" r="3"/>',
  queen: '<path d="M30 64h40" fill="none"/>',
  king: '<path d="M31 64h38" fill="none"/>',
};

function flatPiece(role: Role, white: boolean): string {
  const [fill, line, mark] = white ? ['#fbfbf8', '#1d1d1d', '#1d1d1d'] : ['#262626', '#000', '#e9e9e9'];
  const base = '<rect x="22" y="82" width="56" height="9" rx="3"/>';
  return doc(`<g fill="${fill}" stroke="${line}" stroke-width="3" stroke-linejoin="round">${flatShapes[role]}${base}</g>` +
    `<g fill="${mark}" stroke="${mark}" stroke-width="3" stroke-linecap="round">${flatMarks[role] ?? ''}</g>`);
}

// The disc set: a disc with the piece's letter drawn as strokes (no font).
const discLetters: Record<Role, string> = {
  king: 'M40 30V70M61 30L40 52L61 70',
  queen: 'M50 30C36 30 36 66 50 66C64 66 64 30 50 30ZM53 58L63 72',
  rook: 'M40 70V30H54C65 30 65 50 54 50H40M52 50L62 70',
  bishop: 'M40 30V70H55C66 70 66 50 55 50H40M40 50H53C62 50 62 30 53 30H40',
  knight: 'M40 70V30L60 70V30',
  pawn: 'M40 70V30H55C65 30 65 52 55 52H40',
};

function discPiece(role: Role, white: boolean): string {
  const [fill, ring, ink] = white ? ['#f6f4ee', '#2a2a2a', '#2a2a2a'] : ['#2a2a2a', '#0c0c0c', '#f2f0ea'];
  return doc(`<circle cx="50" cy="50" r="42" fill="${fill}" stroke="${ring}" stroke-width="4"/>` +
    `<circle cx="50" cy="50" r="35" fill="none" stroke="${ink}" stroke-width="1.5" opacity=".6"/>` +
    `<path d="${discLetters[role]}" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`);
}

// xiangqiCoordsFor is the coordinates' style the board draws for a choice
// in a language: "auto" is the traditional numerals for a Chinese reader
// and ICCS for an English one.
export function xiangqiCoordsFor(choice: string, lang: string): string {
  if (choice !== 'auto') return choice;
  return lang.startsWith('zh') ? 'traditional' : 'iccs';
}
