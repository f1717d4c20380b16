// The server's JSON API and wire types (see server/protocol.go).

import { errorText, language, t } from './i18n';

export type Color = 'white' | 'black';

// Step is one move: uci is coordinate text (ICCS in xiangqi), san the game's
// notation (Chinese in xiangqi), wxf the xiangqi WXF notation.
// color is the side that moved (turns come from the server, never from ply
// parity). A step the viewer may not see has uci "" and san "?", and fen is
// the viewer's view after it. ext is what the variant records beside it.
export interface Step {
  uci: string;
  san: string;
  wxf?: string;
  fen: string;
  color: Color;
  ext?: Ext;
}

// Ext is a variant's own part of a state or a step (Go's game.Ext): only
// the variant's module reads it, as its own type, through extOf.
export type Ext = { readonly [key: string]: unknown };

// extOf reads x's extension as variant type T; every field may be missing
// (another variant's game, or a state without one).
export function extOf<T extends object>(x: { ext?: Ext } | undefined): Partial<T> {
  return (x?.ext ?? {}) as Partial<T>;
}

// Variant is a variant's name as the server registers it (GET /api/variants
// lists them): the browser has no list of its own.
export type Variant = string;

// BoardKind is the kind of board a variant plays on (Go's game.Board).
export type BoardKind = 'chess' | 'xiangqi' | 'banqi';

// VariantInfo is a registered variant as the server describes it (GET
// /api/variants, server/api.go variantJSON): its name and English label,
// the board it plays on, its sides' names ("White", "Red"), the
// terminations its rules end games with (as State.termination writes
// them), and its policies: whether players claim draws, may take moves
// back, whether it is drawn from a committed seed, hides information, hands
// the device over between turns on one screen, may pass; the computer's
// levels, weakest first (none: no computer opponent).
export interface VariantInfo {
  name: Variant;
  label: string;
  tag?: string;
  board: BoardKind;
  sides: [string, string];
  terminations: string[];
  ruleSets?: string[]; // the sets of rules a game may be played by, the default first (xiangqi: wxf, chinese)
  claimDraw: boolean;
  takeback: boolean;
  seeded: boolean;
  hidden: boolean;
  handOver: boolean;
  pass: boolean;
  viewer: boolean; // its record is its board's own PGN (Spec.BoardPGN): the standalone viewer (/game/{id}.html) shows its games in play, the others' once over
  levels: Level[];
}

// Fairness is the SHA-256 commitment of a seeded game's secret seed, and the
// seed once the game is over.
export interface Fairness { commitment: string; seed?: string }

// perMove: a correspondence clock, initial being each move's time (days per move).
export interface ClockState { white: number; black: number; running?: Color; initial: number; increment: number; perMove?: boolean }

// Seat is who sits on a side: a person, the computer ('bot', by its level)
// or no one yet. title is the title of the account seated, which the
// server sets from the account itself: "BOT" for a bot account (a program
// playing through the Bot API), shown before its name (title.ts).
export interface Seat { kind: 'human' | 'bot' | 'open'; name?: string; level?: string; title?: string }

// GameTournament names the tournament a game is played in: the page links
// to it (an arena at /tournament/{id}, a Swiss event at /swiss/{id}).
export interface GameTournament { kind: 'arena' | 'swiss'; id: string; name: string; round?: number }

export interface State {
  v: number;
  id: string;
  mode: 'local' | 'computer' | 'online';
  variant: Variant;
  status: string;
  result: string;
  termination?: string;
  winner?: Color;
  fen: string;
  startFen?: string;
  turn: Color;
  ply: number;
  setupPly?: number; // moves imported with a pasted PGN: part of the start, never taken back
  moves?: Step[];
  last?: Step;
  dests: Record<string, string[]>;
  check?: string;
  clock?: ClockState;
  drawOffer?: Color;
  takebackOffer?: Color; // the side asking to take back its last move (online)
  canClaim: boolean;
  seats: Record<Color, Seat>;
  public?: boolean; // listed for everyone (a lobby challenge); an invite is not
  berserkable?: boolean; // this viewer's seat may go berserk now (an arena's game, before its first move)
  mandatory?: boolean; // a tournament's game: played or lost (no abort, no takeback, no rematch)
  tournament?: GameTournament; // the tournament the game is played in
  ruleSet?: string; // the set of rules the game is played by, for a variant with several (xiangqi: wxf, chinese)
  berserk?: [boolean, boolean]; // who went berserk: [white, black]; absent when neither did
  fair?: Fairness; // a seeded variant's commitment (the seed once over)
  ext?: Ext; // what the variant shows beside the board, as this viewer may see it
  opening?: Opening; // a chess game's opening, once a named position is reached
  setupNotes?: SetupNotes; // what a pasted PGN said beside its imported moves (full states only)
}

// SetupNotes are a pasted PGN's tags, the comment before its first move,
// and its imported moves' comments and variations (PGN movetext), by ply
// (1: the first imported move); Go's game.SetupNotes.
export interface SetupNotes {
  tags?: { name: string; value: string }[];
  intro?: string;
  plies?: { ply: number; comment?: string; variations?: string[] }[];
}

// Opening is a chess game's opening from lichess's table: its ECO code and
// its name, which stays English (the table has no other language).
export interface Opening { eco: string; name: string }

// SeatPresence is one seat's presence: claimIn (ms) is set while its player
// is away from an online game in play, the time until the opponent may
// claim the win.
export interface SeatPresence { online: boolean; claimIn?: number }

// Presence is who is connected to a game: each seat, and how many watch.
export interface Presence { white: SeatPresence; black: SeatPresence; watching: number }

// Rematch is a finished online game's rematch: the colour offering one,
// and the new game's id once both agreed.
export interface Rematch { offer?: Color; next?: string }

// Level is one of the computer's levels in a variant.
// An external engine's level (Stockfish) names the engine and its number, 1 to 8.
// group is where the new-game dialog lists a level (levels.ts): Gambit's
// by strength, the teaching algorithms, an external engine's.
export interface Level { name: string; label: string; algorithm: string; group?: 'strength' | 'teaching' | 'engine'; elo?: number; depth?: number; engine?: string; number?: number }

// Chat (online games): a line of the players' or the spectators' room, and
// the room's recent lines, sent after every (re)connection.
export type ChatRoom = 'players' | 'spectators';
export interface ChatLine { room: ChatRoom; from: Color | 'spectator'; name: string; text: string; at: string }
export interface ChatLog { room: ChatRoom; lines: ChatLine[] }

// Hello is the first message of every connection: the seats it holds.
export interface Hello { you: Color[] }

// WireError is an error message (server/protocol.go errorJSON): its code
// ("rate_limited", "no_chat", ...), its text and, for a rate limit, the
// seconds to wait before asking again.
// games: the ids a computer_games refusal offers to resume or resign;
// reason and params: a case of the code and its numbers (errorText).
export interface WireError { code: string; message: string; retryAfter?: number; reason?: string; params?: Record<string, number>; games?: string[]; held?: HeldGame[] }

// HeldGame describes one of the games a computer_games refusal offers
// (server/wire HeldGame): its variant, the computer's level and name, the
// asker's side, the plies played and when it began (RFC 3339).
export interface HeldGame { id: string; variant: Variant; level: string; opponent: string; color: Color; plies: number; started: string }

// fullMoves is how many moves a player counts in plies half-moves: a move
// is White's and Black's (Red's and Black's), so 1.e4 alone is 1 move and
// 1.e4 e5 too, as the link preview counts them (server/media og.go).
export const fullMoves = (plies: number): number => Math.ceil(Math.max(plies, 0) / 2);

export interface Summary {
  id: string;
  mode: string;
  variant?: Variant;
  status: string;
  result: string;
  plies: number;
  seats: Record<Color, SummarySeat>;
  updatedAt: string;
  termination?: string;
  timeControl?: string;
  yours?: boolean; // the asker plays in it
  opening?: Opening; // a chess game's opening, once named
}

// SummarySeat is a listed game's seat; you marks the asker's own, when the
// server can tell (games against the computer and on one screen).
export interface SummarySeat extends Seat { you?: boolean }

export interface CreateRequest {
  name?: string; // the creator's display name
  mode: string;
  variant?: Variant;
  color?: string;
  level?: string;
  clock?: Clock | { days: number } | null; // a clock, or days per move (correspondence, online)
  setup?: string;
  lobby?: boolean; // online: a public challenge in the lobby, not a private invite
  rated?: boolean; // online, with a clock, both players signed in (account.ts)
  ruleSet?: string; // the variant's set of rules (xiangqi: wxf or chinese); absent for its default
}

// Clock is a time control: minutes and seconds of increment.
export interface Clock { minutes: number; increment: number }


export interface Created { id: string; color: Color; state: State }

// APIError is a refusal from the server: its message in the user's
// language (worded by its code), the HTTP status and the error's code
// ("seat_taken"), for callers that expect some refusals.
export class APIError extends Error {
  // games are the ids a refusal offers to resume or resign (computer_games),
  // held the same games described; retryAfter is the seconds the server
  // asks to wait before the next try (the body's retryAfter, or the
  // Retry-After header).
  constructor(message: string, readonly status: number, readonly code: string, readonly games: readonly string[] = [],
    readonly retryAfter?: number, readonly held: readonly HeldGame[] = []) {
    super(message);
  }
}

// retryDelayMs is how long to wait before asking again after e: undefined
// when asking again would not help (anything but a refusal for pace, 429,
// or a busy server, 503); else the server's Retry-After, 1 s when it gives
// none, at most a minute.
export function retryDelayMs(e: unknown): number | undefined {
  if (!(e instanceof APIError) || (e.status !== 429 && e.status !== 503)) return undefined;
  const s = e.retryAfter !== undefined && Number.isFinite(e.retryAfter) ? e.retryAfter : 1;
  return Math.min(60, Math.max(1, s)) * 1000;
}

// retryAfterHeader reads a Retry-After header given in seconds (the form
// Gambit's server writes); undefined for none, or for an HTTP date.
export function retryAfterHeader(v: string | null): number | undefined {
  if (v === null || !/^\s*\d+\s*$/.test(v)) return undefined;
  return Number(v);
}

// failureText is what a failed call says to the user: the server's refusal
// as errorText words it, or that the server cannot be reached.
export const failureText = (e: unknown): string => (e instanceof APIError ? e.message : t('error.network'));

// json reads a response: its body, or for a refusal an APIError in the
// reader's language that keeps the pause the server asks for (retryAfter).
export async function json<T>(res: Response): Promise<T> {
  const body: unknown = await res.json().catch(() => ({ message: res.statusText }));
  if (!res.ok) {
    const e: { message?: unknown; code?: unknown; retryAfter?: unknown; reason?: unknown; params?: unknown; games?: unknown; held?: unknown } =
      typeof body === 'object' && body !== null ? body : {};
    const message = typeof e.message === 'string' && e.message ? e.message : `HTTP ${res.status}`;
    const code = String(e.code ?? '');
    const retryAfter = typeof e.retryAfter === 'number' ? e.retryAfter : retryAfterHeader(res.headers.get('Retry-After'));
    const reason = typeof e.reason === 'string' ? e.reason : undefined;
    const params = numbers(e.params);
    const games = Array.isArray(e.games) ? e.games.filter((g): g is string => typeof g === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(g)) : [];
    const held = Array.isArray(e.held) ? e.held.filter(isHeldGame).filter(g => games.includes(g.id)) : [];
    throw new APIError(errorText({ code, message, retryAfter, reason, params }), res.status, code, games, retryAfter, held);
  }
  return body as T;
}

// isHeldGame checks a described game of a refusal, field by field.
function isHeldGame(g: unknown): g is HeldGame {
  if (typeof g !== 'object' || g === null) return false;
  const h = g as Record<string, unknown>;
  return typeof h.id === 'string' && typeof h.variant === 'string' && typeof h.level === 'string' && typeof h.opponent === 'string' &&
    (h.color === 'white' || h.color === 'black') && typeof h.plies === 'number' && typeof h.started === 'string';
}

// numbers keeps the numeric fields of an error's params.
export function numbers(v: unknown): Record<string, number> | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(v)) if (typeof n === 'number') out[k] = n;
  return out;
}

export const createGame = (req: CreateRequest) => post('/api/games', req).then(r => json<Created>(r));

// post sends body as JSON.
export const post = (path: string, body: unknown) =>
  fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

// joinGame takes an invite game's open seat (or one's own seat back).
export const joinGame = (id: string, name = '') => post(`/api/games/${id}/join`, name ? { name } : {}).then(r => json<Created>(r));

// adoptToken trades an older release's seat secret for the player cookie.
export const adoptToken = (id: string, token: string) => post(`/api/games/${id}/adopt`, { token }).then(r => json<Created>(r));

// getGame returns a game as a spectator sees it.
export const getGame = (id: string) => fetch(`/api/games/${id}`).then(r => json<State>(r));

// Challenge is an open challenge in the lobby (server/lobby.go).
// Challenge is one open challenge of GET /api/lobby; a rated one carries
// its seeker's rating in the game's perf.
export interface Challenge {
  id: string; variant: Variant; color: Color; timeControl?: string; createdAt: string; mine?: boolean;
  rated?: boolean; rating?: number; provisional?: boolean;
}

export const listLobby = () => fetch('/api/lobby').then(r => json<Challenge[]>(r));

// PairRequest is the body of POST /api/pair.
interface PairRequest { variant: Variant; clock: { minutes: number; increment: number }; name?: string; rated?: boolean; waiting?: string }

// pairUp asks to be paired with the next person wanting the same game;
// rated, with someone of a similar rating (signed-in players only).
export const pairUp = (variant: Variant, clock: { minutes: number; increment: number }, name = '', rated = false) => {
  const body: PairRequest = { variant, clock };
  if (name) body.name = name;
  if (rated) body.rated = true;
  return post('/api/pair', body).then(r => json<Created>(r));
};

// pairAgain asks again from the rated seek waiting (its range has
// widened): the game to go to, or undefined to keep waiting (204).
export const pairAgain = (variant: Variant, clock: { minutes: number; increment: number }, waiting: string, name = '') => {
  const body: PairRequest = { variant, clock, rated: true, waiting };
  if (name) body.name = name;
  return post('/api/pair', body).then(r => (r.status === 204 ? undefined : json<Created>(r)));
};

export const listGames = () => fetch('/api/games?limit=30').then(r => json<Summary[]>(r));

// listMine lists the games of this browser's player cookie alone, however
// many others played since.
export const listMine = () => fetch('/api/games?mine=1&limit=15').then(r => json<Summary[]>(r));

// listVariants asks the server which variants it plays.
export const listVariants = () => fetch('/api/variants').then(r => json<VariantInfo[]>(r));

// pgnURL is a game's PGN as its reader copies or downloads it: in the
// page's language (which the settings may have chosen over the browser's),
// a xiangqi game's moves in its script, the review's comments in its words;
// without ?lang= the server writes the canonical PGN programs read.
export const pgnURL = (id: string) => `/api/games/${id}/pgn?lang=${language()}`;

export const pgn = (id: string) => fetch(pgnURL(id)).then(r => r.text());

// openSeat returns the colour of a seat no one has taken yet, if any.
export const openSeat = (s: State): Color | undefined =>
  s.seats.white.kind === 'open' ? 'white' : s.seats.black.kind === 'open' ? 'black' : undefined;

// Finished reports whether a status ends the game (mirrors game.Status).
export const finished = (status: string) => !['created', 'started'].includes(status);
