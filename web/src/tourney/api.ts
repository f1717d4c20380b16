// What both kinds of tournament (the arena, /tournament/{id}, and the
// Swiss event, /swiss/{id}) say to the server alike: a refusal read as
// lichess words it, lichess's form fields sent as JSON, the viewer's own
// join (with a private one's password) and withdraw, and the page's
// WebSocket (server/tourney's rooms), whose messages are a typed union on
// `t`: the whole page for everyone (reload), or the viewer's own place
// (me). Each kind says its paths and what its page and place are.

import { APIError, json } from '../api';

// answer reads a response as the tournament APIs write it: its body, or a
// refusal. Gambit's server names a refusal by its code (and reason), which
// api.ts json words in the reader's language ("wrong tournament password"
// in Chinese on a Chinese page); an answer with no code, lichess's bare
// {"error": "..."}, is shown as it is worded.
export async function answer<T>(res: Response): Promise<T> {
  if (res.ok) return json<T>(res);
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const code = isObject(body) ? body.code : undefined;
  const error = isObject(body) ? body.error : undefined;
  if (!(typeof code === 'string' && code) && typeof error === 'string' && error) throw new APIError(error, res.status, '');
  return json<T>(new Response(text || null, { status: res.status, statusText: res.statusText, headers: res.headers }));
}

// postForm sends lichess's form fields as one JSON object with the same
// keys, which the tournament endpoints read alike (wire.ReadParams): the
// server takes a signed-in browser's writes as JSON only, which a page of
// another site cannot send (guards.Secure).
export const postForm = (path: string, fields = new URLSearchParams()) =>
  fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(Object.fromEntries(fields)) });

// postAction is POST path, its answer's body not read beyond a refusal.
export const postAction = (path: string, fields?: URLSearchParams): Promise<void> =>
  postForm(path, fields).then(r => answer<unknown>(r)).then(() => undefined);

// Calls are the viewer's calls on one kind's tournaments, under base
// (/api/tournament, /api/swiss): GET of one, join (with the password of a
// private one), withdraw.
export interface Calls<Got> {
  get(id: string): Promise<Got>;
  join(id: string, password?: string): Promise<void>;
  withdraw(id: string): Promise<void>;
}

// callsAt are the calls of the tournaments under base.
export function callsAt<Got>(base: string): Calls<Got> & { path(id: string): string } {
  const path = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    path,
    get: id => fetch(path(id)).then(r => answer<Got>(r)),
    join: (id, password = '') => {
      const f = new URLSearchParams();
      if (password) f.set('password', password);
      return postAction(`${path(id)}/join`, f);
    },
    withdraw: id => postAction(`${path(id)}/withdraw`),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

// Place is what both kinds' "me" has: the viewer's rank, and the game
// they play now.
export interface Place { rank: number; gameId?: string }

// Message is a message of a tournament's socket: the page, the same for
// everyone (reload), or the viewer's own place, null before they join
// (me: sent to a signed-in viewer when it changes).
export type Message<Page, Me extends Place> = { t: 'reload'; d: Page } | { t: 'me'; d: Me | null };

// decodeWith reads a socket message, a page being what isPage says (it
// has an id either way); undefined for anything else.
export function decodeWith<Page, Me extends Place>(text: string, isPage: (d: Record<string, unknown>) => boolean): Message<Page, Me> | undefined {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(m)) return undefined;
  const { t, d } = m;
  if (t === 'reload' && isObject(d) && typeof d.id === 'string' && isPage(d)) return { t, d: d as Page };
  if (t === 'me' && (d === null || isObject(d) && typeof d.rank === 'number')) return { t, d: d as Me | null };
  return undefined;
}

// SocketHooks are what the socket tells its page.
export interface SocketHooks<M> {
  message(m: M): void;
  up(): void;
  down(): void;
}

// backoffMs is how long to wait before the nth reconnection (1, 2, ...):
// doubling from half a second, at most 30 seconds.
export const backoffMs = (n: number): number => Math.min(30_000, 500 * 2 ** Math.max(0, n - 1));

// TourneySocket keeps a tournament's socket (path: /tournament/{id}/socket,
// /swiss/{id}/socket) up: reconnecting with backoff when it closes, until
// closed; decode reads its messages.
export class TourneySocket<M> {
  private ws?: WebSocket;
  private retry = 0;
  private timer?: number;
  private closed = false;

  constructor(private path: string, private decode: (text: string) => M | undefined, private hooks: SocketHooks<M>) {
    this.connect();
  }

  private connect() {
    if (this.closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}${this.path}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.hooks.up();
    };
    ws.onmessage = e => {
      const m = typeof e.data === 'string' ? this.decode(e.data) : undefined;
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
