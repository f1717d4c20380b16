// User settings, remembered in localStorage.

// lang is the language picked ("auto": the browser's; see i18n.ts).
export interface Settings { board: string; pieces: string; sound: boolean; lang: string }

const key = 'gambit.settings';
const boards = ['brown', 'blue', 'green', 'grey'];
const pieceSets = ['cburnett', 'glyph'];

export function loadSettings(): Settings {
  const s: Settings = { board: 'brown', pieces: 'cburnett', sound: true, lang: 'auto' };
  try {
    const saved = JSON.parse(localStorage.getItem(key) || '{}');
    if (boards.includes(saved.board)) s.board = saved.board;
    if (pieceSets.includes(saved.pieces)) s.pieces = saved.pieces;
    if (typeof saved.sound === 'boolean') s.sound = saved.sound;
    if (typeof saved.lang === 'string') s.lang = saved.lang;
  } catch {
    // a corrupt entry falls back to the defaults
  }
  return s;
}

export function saveSettings(s: Settings) {
  localStorage.setItem(key, JSON.stringify(s));
}

// applySettings puts the theme classes on <body>.
export function applySettings(s: Settings) {
  const cls = document.body.classList;
  for (const b of boards) cls.toggle(`board-${b}`, b === s.board);
  for (const p of pieceSets) cls.toggle(`pieces-${p}`, p === s.pieces);
}

// Tickets: the games this browser plays, and as which colour, so the board
// is turned its way before the server has said. The seat itself is held by
// the httpOnly player cookie the server sets; a ticket from an older release
// may still hold the seat's secret token, which adoptLegacyToken trades for
// the cookie once.
const tokensKey = 'gambit.tokens';

export interface Ticket { color: string; token?: string }

export function saveTicket(id: string, t: Ticket) {
  const all = loadTickets();
  all[id] = t;
  localStorage.setItem(tokensKey, JSON.stringify(all));
}

export function loadTickets(): Record<string, Ticket> {
  try {
    return JSON.parse(localStorage.getItem(tokensKey) || '{}');
  } catch {
    return {};
  }
}
