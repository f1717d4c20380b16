// The arena tournaments' calls to the server: lichess's tournament API in
// lichess's shapes (@lichess-org/types), with Gambit's few additions (the
// viewer's own standing, a private tournament's mark, a withdrawn or
// paused player's mark, a variant key lichess has not: xiangqi), and the
// tournament page's WebSocket, each message a typed union on `t`.

import type { components } from '@lichess-org/types';
import { APIError, json } from '../api';

type Lichess = components['schemas'];

// ArenaVariant is a tournament's variant: lichess's keys ("standard",
// "chess960") and Gambit's ("xiangqi").
export interface ArenaVariant { key: string; name: string; short?: string }

// ArenaPerf is the rating a tournament counts in (a Gambit perf's key).
export interface ArenaPerf { key: string; name: string; position?: number; icon?: string }

// ArenaTournament is one tournament of the lists (GET /api/tournament).
export type ArenaTournament = Omit<Lichess['ArenaTournament'], 'variant' | 'perf'> & { variant: ArenaVariant; perf?: ArenaPerf };

// ArenaTournaments is GET /api/tournament: to start, playing, finished.
export type ArenaTournaments = { [K in keyof Lichess['ArenaTournaments']]: ArenaTournament[] };

type Full = Lichess['ArenaTournamentFull'];
type LichessPlayer = NonNullable<NonNullable<Full['standing']>['players']>[number];

// StandingPlayer is one line of the standings: lichess's, and whether the
// player withdrew or paused.
export type StandingPlayer = LichessPlayer & { withdraw?: boolean; paused?: boolean };

// Duel is a game being played: its id and its two players (n: name,
// r: rating, k: rank).
export type Duel = NonNullable<Full['duels']>[number];

// PodiumPlace is one of the finished tournament's first three.
export type PodiumPlace = NonNullable<Full['podium']>[number];

// ArenaFull is a tournament in full, as the socket's reload sends it.
// private: it asks a password to join.
export type ArenaFull = Omit<Full, 'standing'> & { standing?: { page?: number; players?: StandingPlayer[] }; private?: boolean };

// Me is the viewer's own place, when signed in and joined: rank, whether
// they withdrew or paused, the game they play now.
export interface Me { rank: number; withdraw?: boolean; paused?: boolean; gameId?: string }

// ArenaPage is GET /api/tournament/{id}: the tournament and the viewer's
// place in it.
export type ArenaPage = ArenaFull & { me?: Me };

// ArenaMessage is a message of the tournament's socket: a whole
// tournament, the same for everyone (reload), or the viewer's own place,
// null before they join (me: sent to a signed-in viewer when it changes).
export type ArenaMessage = { t: 'reload'; d: ArenaFull } | { t: 'me'; d: Me | null };

// decodeMessage reads a socket message; undefined for anything else.
export function decodeMessage(text: string): ArenaMessage | undefined {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof m !== 'object' || m === null) return undefined;
  const { t, d } = m as { t?: unknown; d?: unknown };
  if (t === 'reload' && typeof d === 'object' && d !== null && typeof (d as { id?: unknown }).id === 'string') return { t, d: d as ArenaFull };
  if (t === 'me' && (d === null || typeof d === 'object' && typeof (d as { rank?: unknown }).rank === 'number')) return { t, d: d as Me | null };
  return undefined;
}

// answer reads a response as the tournament API writes it: its body, or
// a refusal as lichess words it ({"error": "..."}), else as Gambit's
// other calls do (api.ts json: by its code).
export async function answer<T>(res: Response): Promise<T> {
  if (res.ok) return json<T>(res);
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'string' && error) throw new APIError(error, res.status, '');
  return json<T>(new Response(text || null, { status: res.status, statusText: res.statusText, headers: res.headers }));
}

// postForm sends lichess's form fields as one JSON object with the same
// keys, which the tournament endpoints read alike (wire.ReadParams): the
// server takes a signed-in browser's writes as JSON only, which a page of
// another site cannot send (guards.Secure).
const postForm = (path: string, fields: URLSearchParams) =>
  fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(Object.fromEntries(fields)) });

const path = (id: string) => `/api/tournament/${encodeURIComponent(id)}`;

// listTournaments is GET /api/tournament.
export const listTournaments = () => fetch('/api/tournament').then(r => answer<ArenaTournaments>(r));

// getTournament is GET /api/tournament/{id}.
export const getTournament = (id: string) => fetch(path(id)).then(r => answer<ArenaPage>(r));

// createTournament is POST /api/tournament: the new tournament in full.
export const createTournament = (fields: URLSearchParams) => postForm('/api/tournament', fields).then(r => answer<ArenaFull>(r));

// joinTournament is POST /api/tournament/{id}/join, with the password of a
// private one.
export const joinTournament = (id: string, password = '') => {
  const f = new URLSearchParams();
  if (password) f.set('password', password);
  return postForm(`${path(id)}/join`, f).then(r => answer<unknown>(r)).then(() => undefined);
};

// withdrawTournament is POST /api/tournament/{id}/withdraw.
export const withdrawTournament = (id: string) => postForm(`${path(id)}/withdraw`, new URLSearchParams()).then(r => answer<unknown>(r)).then(() => undefined);

// pauseTournament is POST /api/tournament/{id}/pause: out of the pairings,
// the points kept; joining again comes back.
export const pauseTournament = (id: string) => postForm(`${path(id)}/pause`, new URLSearchParams()).then(r => answer<unknown>(r)).then(() => undefined);

// SocketHooks are what the socket tells its page.
export interface SocketHooks {
  message(m: ArenaMessage): void;
  up(): void;
  down(): void;
}

// backoffMs is how long to wait before the nth reconnection (1, 2, ...):
// doubling from half a second, at most 30 seconds.
export const backoffMs = (n: number): number => Math.min(30_000, 500 * 2 ** Math.max(0, n - 1));

// ArenaSocket keeps the tournament's socket (/tournament/{id}/socket) up:
// reconnecting with backoff when it closes, until closed.
export class ArenaSocket {
  private ws?: WebSocket;
  private retry = 0;
  private timer?: number;
  private closed = false;

  constructor(private id: string, private hooks: SocketHooks) {
    this.connect();
  }

  private connect() {
    if (this.closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/tournament/${encodeURIComponent(this.id)}/socket`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.hooks.up();
    };
    ws.onmessage = e => {
      const m = typeof e.data === 'string' ? decodeMessage(e.data) : undefined;
      if (m) this.hooks.message(m);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.hooks.down();
      this.retry++;
      this.timer = window.setTimeout(() => this.connect(), backoffMs(this.retry));
    };
  }

  // close ends the connection for good (the page is left).
  close() {
    this.closed = true;
    window.clearTimeout(this.timer);
    const ws = this.ws;
    if (ws) {
      ws.onclose = ws.onmessage = ws.onopen = null;
      ws.close();
    }
  }
}
