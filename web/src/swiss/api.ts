// The Swiss events' calls to the server: lichess's Swiss API in lichess's
// shapes (@lichess-org/types SwissTournament) for creating, joining and
// withdrawing, and Gambit's own reads for its pages (server/swiss/page.go):
// the list (GET /api/swiss) and the live page's WebSocket
// (/swiss/{id}/socket), each message a typed union on `t`.

import type { components } from '@lichess-org/types';
import { answer, backoffMs } from '../tournament/api';

type Lichess = components['schemas'];

// SwissSummary is one event as GET /api/swiss/{id} answers it: lichess's
// SwissTournament, its variant a Gambit key where lichess has none
// (xiangqi), and Gambit's mark of a private one.
export type SwissSummary = Omit<Lichess['SwissTournament'], 'variant' | 'status'> & {
  variant: string;
  status: 'created' | 'started' | 'finished';
  private?: boolean;
};

// SwissList is GET /api/swiss: to start, playing, finished.
export interface SwissList { created: SwissSummary[]; started: SwissSummary[]; finished: SwissSummary[] }

// SwissStanding is one line of the standings: the points and the two
// tie-breaks (Buchholz, Sonneborn–Berger); absent: withdrawn.
export interface SwissStanding {
  rank: number;
  name: string;
  rating: number;
  points: number;
  buchholz: number;
  sonnebornBerger: number;
  absent?: boolean;
}

// SwissPairing is one game of a round, or a bye (no black, no game).
// result: "1-0", "0-1", "½-½", "*" being played, "+" a bye, "0" not played.
export interface SwissPairing { game?: string; white: string; black?: string; result: string }

// SwissPage is the event's live page, as the socket's reload sends it.
export type SwissPage = SwissSummary & {
  minRating?: number;
  maxRating?: number;
  botsAllowed?: boolean;
  description?: string;
  standings: SwissStanding[];
  rounds: SwissPairing[][];
  podium?: SwissStanding[];
};

// SwissMe is the viewer's own place once they joined: rank, the game they
// play in the round under way, whether they withdrew.
export interface SwissMe { rank: number; gameId?: string; absent?: boolean }

// SwissMessage is a message of the event's socket: the whole page, the
// same for everyone (reload), or the viewer's own place, null before they
// join (me).
export type SwissMessage = { t: 'reload'; d: SwissPage } | { t: 'me'; d: SwissMe | null };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

// decodeMessage reads a socket message; undefined for anything else.
export function decodeMessage(text: string): SwissMessage | undefined {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(m)) return undefined;
  const { t, d } = m;
  if (t === 'reload' && isObject(d) && typeof d.id === 'string' && Array.isArray(d.standings) && Array.isArray(d.rounds)) return { t, d: d as SwissPage };
  if (t === 'me' && (d === null || isObject(d) && typeof d.rank === 'number')) return { t, d: d as SwissMe | null };
  return undefined;
}

// postForm sends lichess's form fields as one JSON object of the same
// keys: the server takes a signed-in browser's writes as JSON only.
const postForm = (path: string, fields: URLSearchParams) =>
  fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(Object.fromEntries(fields)) });

const path = (id: string) => `/api/swiss/${encodeURIComponent(id)}`;

// listSwiss is GET /api/swiss.
export const listSwiss = () => fetch('/api/swiss').then(r => answer<SwissList>(r));

// createSwiss is POST /api/swiss/new/{teamId}: Gambit has no teams, "-"
// stands for one.
export const createSwiss = (fields: URLSearchParams) => postForm('/api/swiss/new/-', fields).then(r => answer<SwissSummary>(r));

// joinSwiss is POST /api/swiss/{id}/join, with the password of a private
// event.
export const joinSwiss = (id: string, password = '') => {
  const f = new URLSearchParams();
  if (password) f.set('password', password);
  return postForm(`${path(id)}/join`, f).then(r => answer<unknown>(r)).then(() => undefined);
};

// withdrawSwiss is POST /api/swiss/{id}/withdraw.
export const withdrawSwiss = (id: string) => postForm(`${path(id)}/withdraw`, new URLSearchParams()).then(r => answer<unknown>(r)).then(() => undefined);

// SwissHooks are what the socket tells its page.
export interface SwissHooks {
  message(m: SwissMessage): void;
  up(): void;
  down(): void;
}

// SwissSocket keeps the event's socket (/swiss/{id}/socket) up,
// reconnecting with backoff when it closes, until closed.
export class SwissSocket {
  private ws?: WebSocket;
  private retry = 0;
  private timer?: number;
  private closed = false;

  constructor(private id: string, private hooks: SwissHooks) {
    this.connect();
  }

  private connect() {
    if (this.closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/swiss/${encodeURIComponent(this.id)}/socket`);
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

// getSwiss is GET /api/swiss/{id}: lichess's summary, before the socket
// gives the page.
export const getSwiss = (id: string) => fetch(path(id)).then(r => answer<SwissSummary>(r));
