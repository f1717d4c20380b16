// The start page's two lists of games: "Your games", the games this
// browser plays or played (the server's own list for its player cookie,
// GET /api/games?mine=1, with the ids its tickets remember in
// localStorage), and "Playing now", the public online games others play at
// the moment. A stranger's game is never called "You": only a seat this
// browser holds is.

import type { Color, Seat, Summary } from './api';
import { finished, fullMoves } from './api';
import { plural, t, tParts } from './i18n';
import type { Ticket } from './settings';
import { VariantUI, botName, sideName, termName } from './variants';

// Seated is what naming a game's players needs of it: a summary of the
// lists, or a game's state (the analysis page's header).
type Seated = Pick<Summary, 'mode'> & { seats: Record<Color, Seat> };

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
export function youAt(g: Seated, ticket?: Ticket): Color | undefined {
  if (g.mode === 'computer') return g.seats.white.kind === 'bot' ? 'black' : 'white';
  if (g.mode === 'online' && (ticket?.color === 'white' || ticket?.color === 'black')) return ticket.color;
  return undefined;
}

// seatLabel names a seat in a list: the computer by its level, a player by
// the name it gave, else by its side as the game's head names it ("White
// vs Black" on one screen); "You" only for the seat you hold.
export function seatLabel(v: VariantUI, g: Seated, c: Color, you?: Color): string {
  const seat = g.seats[c];
  if (seat.kind === 'bot') return botName(v, seat);
  if (c === you) return seat.name ? t('player.youNamed.short', { name: seat.name }) : t('player.you.short');
  if (seat.kind === 'open') return t('player.open');
  return seat.name ? seat.name : sideName(v, c);
}

// standing says how an entry's game stands: its result and ending once
// over, else that it is in play and the moves played (full moves, as
// everywhere a player reads "moves").
export function standing(v: VariantUI, g: Summary, you?: Color): string {
  if (finished(g.status)) return [resultWords(v, g, you), g.termination ? termName(v, g.termination) : ''].filter(Boolean).join(' · ');
  return plural('recent.inPlay', fullMoves(g.plies));
}

// playersParts is an entry's first line in parts: its variant (its short
// name, chess too, as the lobby names it) and its players, a player whose
// account has a title (a bot: "BOT") as titled makes it of its label and
// title.
export function playersParts<P>(v: VariantUI, g: Summary, you: Color | undefined, titled: (label: string, title: string) => P): (string | P)[] {
  const seat = (c: Color): string | P => {
    const s = g.seats[c];
    const label = seatLabel(v, g, c, you);
    return s.kind === 'human' && s.title ? titled(label, s.title) : label;
  };
  let players = tParts<string | P>('recent.players', { white: seat('white'), black: seat('black') });
  if (g.mode === 'online') players = tParts<string | P>('recent.online', { players });
  return tParts<string | P>('recent.tagged', { tag: v.tag ?? v.label, players });
}

// playersLine is an entry's first line as text: its variant and its
// players, a bot after its title ("BOT Robo").
export function playersLine(v: VariantUI, g: Summary, you?: Color): string {
  return playersParts(v, g, you, (label, title) => `${title} ${label}`).join('');
}

// resultWords words a finished game's result for the list's reader: won
// or lost from the seat you hold, else which side won; a draw is one for
// everyone; "" without a result (an aborted game). The record's "0-1"
// says nothing of who the reader was.
export function resultWords(v: VariantUI, g: Summary, you?: Color): string {
  if (g.result === '1/2-1/2') return t('end.draw');
  const winner: Color | undefined = g.result === '1-0' ? 'white' : g.result === '0-1' ? 'black' : undefined;
  if (!winner) return '';
  if (you) return t(you === winner ? 'recent.youWon' : 'recent.youLost');
  return t('end.wins', { side: sideName(v, winner) });
}
