// The game page's WebSocket: every message either way as a typed union,
// decoded at the edge (nothing past decode sees raw JSON), and the
// connection's upkeep: reconnecting with backoff, and asking the server to
// catch up (sync) when a gap in the versions shows or when a whole state
// was refused for a while (rate_limited with retryAfter).
//
// The message names are the server's: server/protocol.go (the client's
// msg* constants, parseClientMsg) and the encode calls of server/hub*.go.
// server/wire_schema_test.go checks that the two lists agree.

import type { ChatLine, ChatLog, Color, Hello, Presence, Rematch, State, WireError } from '../api';
import { numbers } from '../api';

// ServerMsg is every message the server sends a game's client.
export type ServerMsg =
  | { t: 'hello'; d: Hello } // first on every connection: the seats it holds
  | { t: 'state'; d: State } // the whole game, history included
  | { t: 'move'; d: State } // one move: the game after it, with last and without the history
  | { t: 'presence'; d: Presence }
  | { t: 'rematch'; d: Rematch }
  | { t: 'chat'; d: ChatLine }
  | { t: 'chat-log'; d: ChatLog }
  | { t: 'error'; d: WireError };

// ClientMsg is every message a game's client may send.
export type ClientMsg =
  | { t: 'move'; d: { u: string } } // coordinate text: UCI, ICCS on a xiangqi board, "0000" a pass where the variant allows one
  | { t: 'sync'; d: { v: number } } // the last version seen; -1 for a whole state
  | { t: 'claim-victory'; d?: { draw: boolean } }
  | { t: 'chat'; d: { text: string } }
  | { t: 'takeback' }
  | { t: 'resign' }
  | { t: 'abort' }
  | { t: 'draw-offer' }
  | { t: 'draw-accept' }
  | { t: 'draw-decline' }
  | { t: 'draw-claim' }
  | { t: 'takeback-offer' }
  | { t: 'takeback-accept' }
  | { t: 'takeback-decline' }
  | { t: 'takeback-yes' } // accept the opponent's offer, or offer (the Board API's /takeback/yes)
  | { t: 'rematch-offer' }
  | { t: 'rematch-decline' }
  | { t: 'berserk' }; // an arena's game: go berserk before one's first move

// Send is how the page's parts send a message; false when it could not go
// (the connection is down).
export type Send = (msg: ClientMsg) => boolean;

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isColor = (x: unknown): x is Color => x === 'white' || x === 'black';

// decode reads one message off the wire: undefined for anything malformed
// or of a type this page does not know (a newer server's), which the page
// then ignores. The checks are of the fields the page relies on to route
// a message; the rest is the server's contract (api.ts).
export function decode(raw: string): ServerMsg | undefined {
  let m: unknown;
  try {
    m = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isObj(m) || typeof m.t !== 'string' || !isObj(m.d)) return undefined;
  const d = m.d;
  switch (m.t) {
    case 'hello':
      return Array.isArray(d.you) && d.you.every(isColor) ? { t: 'hello', d: { you: d.you } } : undefined;
    case 'state':
    case 'move':
      return typeof d.v === 'number' && typeof d.fen === 'string' && isColor(d.turn) && isObj(d.seats)
        ? { t: m.t, d: d as unknown as State } : undefined;
    case 'presence':
      return isObj(d.white) && isObj(d.black) ? { t: 'presence', d: d as unknown as Presence } : undefined;
    case 'rematch':
      return { t: 'rematch', d: d as Rematch };
    case 'chat':
      return typeof d.text === 'string' ? { t: 'chat', d: d as unknown as ChatLine } : undefined;
    case 'chat-log':
      return Array.isArray(d.lines) ? { t: 'chat-log', d: d as unknown as ChatLog } : undefined;
    case 'error':
      return typeof d.code === 'string' && typeof d.message === 'string'
        ? { t: 'error', d: {
            code: d.code, message: d.message, retryAfter: typeof d.retryAfter === 'number' ? d.retryAfter : undefined,
            ...(typeof d.reason === 'string' ? { reason: d.reason } : {}), ...(d.params !== undefined ? { params: numbers(d.params) } : {}),
          } }
        : undefined;
  }
  return undefined;
}

// SocketHooks are what the socket asks of the page.
export interface SocketHooks {
  version(): number | undefined; // the version shown, if any state came yet
  receive(msg: ServerMsg): void; // a message that fits (a move with a gap does not: the socket syncs instead)
  up(): void; // the connection opened
  down(): void; // it closed, and a new one is on its way
  signedOut(): void; // it was closed because the session it came with ended (signed out elsewhere): a new one, as who this browser is now, is on its way
  gone(): void; // there is no such game: no new connection
}

// closeSignedOut is the close code the server ends a connection with when
// the session (or token) it came with ended: signed out here or elsewhere,
// a password changed, the session revoked (server/ws.go).
export const closeSignedOut = 4001;

// GameSocket keeps one game's connection up.
export class GameSocket {
  private ws?: WebSocket;
  private retry = 0;
  private syncing = false; // a gap was seen and a sync sent; cleared by the next hello or state that fits
  private syncRetry?: number; // a sync to send again, after the server's retryAfter
  private closed = false;

  constructor(private id: string, private hooks: SocketHooks) {}

  // connect opens the game's WebSocket; the player cookie goes with it.
  // After a drop the version shown goes along, and the server sends what
  // came after it.
  connect(fresh = false) {
    if (this.closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const v = fresh ? undefined : this.hooks.version();
    const q = v === undefined ? '' : `?v=${v}`;
    const ws = new WebSocket(`${proto}//${location.host}/ws/game/${this.id}${q}`);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => { opened = true; this.retry = 0; this.hooks.up(); };
    ws.onmessage = e => {
      const msg = typeof e.data === 'string' ? decode(e.data) : undefined;
      if (msg) this.onMessage(msg);
    };
    ws.onclose = async e => {
      if (this.closed) return;
      if (e.code === closeSignedOut) {
        this.hooks.signedOut();
        this.connect(true);
        return;
      }
      const gone = !opened && this.hooks.version() === undefined &&
        (await fetch(`/api/games/${this.id}`).catch(() => undefined))?.status === 404;
      if (gone) {
        this.hooks.gone();
        return;
      }
      this.hooks.down();
      this.retry = Math.min(this.retry + 1, 4);
      window.setTimeout(() => this.connect(), 250 * 2 ** this.retry);
    };
  }

  // reconnect opens a new connection at once, for a page whose player
  // changed (it signed in and took a seat): the new one's hello says which
  // seats it holds, and a whole state follows, as this viewer sees it.
  reconnect() {
    if (this.closed) return;
    const old = this.ws;
    if (old) {
      old.onclose = old.onmessage = null;
      old.close();
    }
    this.connect(true);
  }

  // send sends a message if the connection is open, and reports whether it did.
  send(msg: ClientMsg): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  // close closes the connection for good.
  close() {
    this.closed = true;
    window.clearTimeout(this.syncRetry);
    this.ws?.close();
  }

  // sync asks the server for what came after the version shown: the missed
  // events, or a whole state.
  sync() {
    this.syncing = true;
    this.send({ t: 'sync', d: { v: this.hooks.version() ?? -1 } });
  }

  // onMessage keeps the connection's own business here (a gap, a refused
  // sync) and passes the rest on.
  private onMessage(msg: ServerMsg) {
    switch (msg.t) {
      case 'hello':
        this.syncing = false; // the server brings a new connection up to date itself
        window.clearTimeout(this.syncRetry);
        break;
      case 'move': {
        const v = this.hooks.version();
        if (v === undefined || msg.d.v !== v + 1) {
          this.sync();
          return;
        }
        this.syncing = false;
        break;
      }
      case 'state':
        if (msg.d.v >= (this.hooks.version() ?? -1)) this.syncing = false;
        break;
      case 'error':
        if (msg.d.code === 'rate_limited' && this.syncing) {
          // The server sends a whole state at most every few seconds per
          // connection: ask again when it says (the missed events, if the
          // gap was a few moves, come at once and need no wait).
          window.clearTimeout(this.syncRetry);
          this.syncRetry = window.setTimeout(() => { if (this.syncing) this.sync(); }, 1000 * (msg.d.retryAfter ?? 1));
          return;
        }
        break;
      case 'presence':
      case 'rematch':
      case 'chat':
      case 'chat-log':
        break;
      default:
        return unreachable(msg);
    }
    this.hooks.receive(msg);
  }
}

// unreachable is the compiler's proof that a switch over a union is
// exhaustive: a case left out makes msg's type not never, and the call an
// error.
export function unreachable(msg: never): never {
  throw new Error(`unhandled message ${JSON.stringify(msg)}`);
}
