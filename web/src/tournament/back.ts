// The way back from a tournament's game: the arena's or the Swiss event's
// page sends its player to each game it pairs them in and notes which
// page the game is of; the game-over dialog then offers the way back and
// takes it by itself after a few seconds, as lichess's arenas do, where
// the next pairing waits.

import type { GameTournament } from '../api';

const backKey = 'gambit.arena.back';

// backDelay is how long the game-over dialog waits before going back.
export const backDelay = 3000;

// note records that game's way back is path.
function note(game: string, path: string) {
  try {
    sessionStorage.setItem(backKey, JSON.stringify({ game, path }));
  } catch {
    // no storage: the dialog offers no way back, the top bar still does
  }
}

// noteArenaGame records that game is one of arena's.
export const noteArenaGame = (game: string, arena: string) => note(game, `/tournament/${encodeURIComponent(arena)}`);

// noteSwissGame records that game is one of Swiss event swiss's.
export const noteSwissGame = (game: string, swiss: string) => note(game, `/swiss/${encodeURIComponent(swiss)}`);

// backPathOf is the page of the tournament game was paired in by this
// browser's tournament page, undefined for none.
export function backPathOf(game: string): string | undefined {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(backKey) ?? 'null');
    if (typeof v !== 'object' || v === null) return undefined;
    const { game: g, path } = v as { game?: unknown; path?: unknown };
    return g === game && typeof path === 'string' && path.startsWith('/') ? path : undefined;
  } catch {
    return undefined;
  }
}

// tournamentPath is the page of the tournament a game is played in.
export const tournamentPath = (t: GameTournament): string =>
  `${t.kind === 'swiss' ? '/swiss' : '/tournament'}/${encodeURIComponent(t.id)}`;
