// The server's JSON API and wire types (see server/protocol.go).

export type Color = 'white' | 'black';

// Step is one move: uci is coordinate text (ICCS in xiangqi), san the game's
// notation (Chinese in xiangqi), wxf the xiangqi WXF notation.
export interface Step { uci: string; san: string; wxf?: string; fen: string }

export type Variant = 'chess' | 'chess960' | 'xiangqi';

export interface ClockState { white: number; black: number; running?: Color; initial: number; increment: number }

export interface Seat { kind: 'human' | 'bot' | 'open'; name?: string; level?: string }

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
  canClaim: boolean;
  seats: Record<Color, Seat>;
}

export interface Level { name: string; label: string }

// Chat (online games): a line of the players' or the spectators' room, and
// the room's recent lines, sent after every (re)connection.
export type ChatRoom = 'players' | 'spectators';
export interface ChatLine { room: ChatRoom; from: Color | 'spectator'; name: string; text: string; at: string }
export interface ChatLog { room: ChatRoom; lines: ChatLine[] }

export interface Summary {
  id: string;
  mode: string;
  variant?: Variant;
  status: string;
  result: string;
  plies: number;
  seats: Record<Color, Seat>;
  updatedAt: string;
  termination?: string;
  timeControl?: string;
  yours?: boolean; // the asker plays in it
}

export interface CreateRequest {
  mode: string;
  variant?: Variant;
  color?: string;
  level?: string;
  clock?: { minutes: number; increment: number } | null;
  setup?: string;
}

export interface Created { id: string; color: Color; state: State }

async function json<T>(res: Response): Promise<T> {
  const body = await res.json().catch(() => ({ message: res.statusText }));
  if (!res.ok) throw new Error(body.message || `HTTP ${res.status}`);
  return body as T;
}

export const createGame = (req: CreateRequest) => post('/api/games', req).then(r => json<Created>(r));

const post = (path: string, body: unknown) =>
  fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

// joinGame takes an invite game's open seat (or one's own seat back).
export const joinGame = (id: string) => post(`/api/games/${id}/join`, {}).then(r => json<Created>(r));

// adoptToken trades an older release's seat secret for the player cookie.
export const adoptToken = (id: string, token: string) => post(`/api/games/${id}/adopt`, { token }).then(r => json<Created>(r));

// Challenge is an open challenge in the lobby (server/lobby.go).
export interface Challenge { id: string; variant: Variant; color: Color; timeControl?: string; createdAt: string; mine?: boolean }

export const listLobby = () => fetch('/api/lobby').then(r => json<Challenge[]>(r));

// pairUp asks to be paired with the next person wanting the same game.
export const pairUp = (variant: Variant, clock: { minutes: number; increment: number }) =>
  post('/api/pair', { variant, clock }).then(r => json<Created>(r));

export const listGames = () => fetch('/api/games?limit=15').then(r => json<Summary[]>(r));

export const levels = (variant: Variant = 'chess') => fetch(`/api/levels?variant=${variant}`).then(r => json<Level[]>(r));

export const pgn = (id: string) => fetch(`/api/games/${id}/pgn`).then(r => r.text());

// Finished reports whether a status ends the game (mirrors game.Status).
export const finished = (status: string) => !['created', 'started'].includes(status);
