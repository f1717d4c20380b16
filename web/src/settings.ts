// User settings, remembered in localStorage.

import { language } from './i18n';
import { ThemeChoice, pickThemes, themeClasses, xiangqiCoordsFor } from './themes';

// lang is the language picked ("auto": the browser's; see i18n.ts); the
// themes are themes.ts's.
export interface Settings extends ThemeChoice { sound: boolean; lang: string }

const key = 'gambit.settings';

export function loadSettings(): Settings {
  let saved: Record<string, unknown> = {};
  try {
    const v: unknown = JSON.parse(localStorage.getItem(key) || '{}');
    if (typeof v === 'object' && v !== null) saved = v as Record<string, unknown>;
  } catch {
    // a corrupt entry falls back to the defaults
  }
  return {
    ...pickThemes(saved),
    sound: typeof saved.sound === 'boolean' ? saved.sound : true,
    lang: typeof saved.lang === 'string' ? saved.lang : 'auto',
  };
}

export function saveSettings(s: Settings) {
  localStorage.setItem(key, JSON.stringify(s));
}

// themePrefixes are the <body> classes applySettings owns.
const themePrefixes = ['board-', 'pieces-', 'xqboard-', 'xqpieces-'];

// applySettings puts the theme classes on <body>, and the xiangqi board's
// coordinates style in its data-xq-coords (the board reads it).
export function applySettings(s: Settings) {
  const cls = document.body.classList;
  for (const c of [...cls]) if (themePrefixes.some(p => c.startsWith(p))) cls.remove(c);
  cls.add(...themeClasses(s));
  document.body.dataset.xqCoords = xiangqiCoordsFor(s.xqCoords, language());
  window.dispatchEvent(new Event('gambit:settings'));
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
