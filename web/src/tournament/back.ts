// The way back from an arena's game: the arena's page sends its player to
// each game it pairs them in and notes which arena the game is of; the
// game-over dialog then offers the way back and takes it by itself after
// a few seconds, as lichess's arenas do, where the next pairing waits.

const backKey = 'gambit.arena.back';

// backDelay is how long the game-over dialog waits before going back.
export const backDelay = 3000;

// noteArenaGame records that game is one of arena's.
export function noteArenaGame(game: string, arena: string) {
  try {
    sessionStorage.setItem(backKey, JSON.stringify({ game, arena }));
  } catch {
    // no storage: the dialog offers no way back, the top bar still does
  }
}

// arenaOf is the arena game was paired in by this browser's arena page,
// undefined for none.
export function arenaOf(game: string): string | undefined {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(backKey) ?? 'null');
    if (typeof v !== 'object' || v === null) return undefined;
    const { game: g, arena } = v as { game?: unknown; arena?: unknown };
    return g === game && typeof arena === 'string' ? arena : undefined;
  } catch {
    return undefined;
  }
}
