// The start page's two lists of games: "Your games", the games this
// browser plays or played (the server's own list for its player cookie,
// GET /api/games?mine=1, with the ids its tickets remember in
// localStorage), and "Playing now", the public online games others play at
// the moment. A stranger's game is never called "You": only a seat this
// browser holds is.

import type { Color, Summary } from './api';
import { finished } from './api';
import { t, tParts } from './i18n';
import type { Ticket } from './settings';
import { VariantUI, botName, sideName } from './variants';

// RecentLists are the start page's two lists, newest first.
export interface RecentLists { yours: Summary[]; now: Summary[] }

// splitRecent sorts games into the two lists: mine are the server's list
// of the asker's games, recent its list of recent public games (each with
// its yours flag); a game counts as the browser's when the server says so
// or a ticket names it. Playing now holds the others' online games in
// play (both seats taken: a challenge waiting is the lobby's). Each list
// keeps at most limit games.
export function splitRecent(mine: Summary[], recent: Summary[], tickets: Record<string, Ticket>, limit = 15): RecentLists {
  const seen = new Set<string>();
  const yours: Summary[] = [];
  const now: Summary[] = [];
  const newest = (a: Summary, b: Summary) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  for (const g of [...mine, ...recent].sort(newest)) {
    if (seen.has(g.id)) continue;
    seen.add(g.id);
    if (g.yours || Object.prototype.hasOwnProperty.call(tickets, g.id) || mine.includes(g)) yours.push(g);
    else if (g.mode === 'online' && !finished(g.status) && g.seats.white.kind !== 'open' && g.seats.black.kind !== 'open') now.push(g);
  }
  return { yours: yours.slice(0, limit), now: now.slice(0, limit) };
}

// youAt is the seat this browser holds in one of its games, if the list can
// tell: against the computer the human seat, online the colour its ticket
// remembers; none on one screen (both seats) or without a ticket online.
export function youAt(g: Summary, ticket?: Ticket): Color | undefined {
  if (g.mode === 'computer') return g.seats.white.kind === 'bot' ? 'black' : 'white';
  if (g.mode === 'online' && (ticket?.color === 'white' || ticket?.color === 'black')) return ticket.color;
  return undefined;
}

// seatLabel names a seat in a list: the computer by its level, a player by
// the name it gave, else by its side; "You" only for the seat you hold.
export function seatLabel(v: VariantUI, g: Summary, c: Color, you?: Color): string {
  const seat = g.seats[c];
  if (seat.kind === 'bot') return botName(v, seat);
  if (c === you) return seat.name ? t('player.youNamed.short', { name: seat.name }) : t('player.you.short');
  if (seat.kind === 'open') return t('player.open');
  return seat.name ? seat.name : sideName(v, c, true);
}

// playersParts is an entry's first line in parts: its variant's tag and
// its players, a player whose account has a title (a bot: "BOT") as
// titled makes it of its label and title.
export function playersParts<P>(v: VariantUI, g: Summary, you: Color | undefined, titled: (label: string, title: string) => P): (string | P)[] {
  const seat = (c: Color): string | P => {
    const s = g.seats[c];
    const label = seatLabel(v, g, c, you);
    return s.kind === 'human' && s.title ? titled(label, s.title) : label;
  };
  let players = tParts<string | P>('recent.players', { white: seat('white'), black: seat('black') });
  if (g.mode === 'online') players = tParts<string | P>('recent.online', { players });
  return v.tag ? tParts<string | P>('recent.tagged', { tag: v.tag, players }) : players;
}

// playersLine is an entry's first line as text: its variant's tag and its
// players, a bot after its title ("BOT Robo").
export function playersLine(v: VariantUI, g: Summary, you?: Color): string {
  return playersParts(v, g, you, (label, title) => `${title} ${label}`).join('');
}
