// The bots page's wire to the server, as lichess's API speaks it: the bots
// online (GET /api/bot/online, NDJSON), a challenge to one (POST
// /api/challenge/{name} with the browser's session, which has every scope;
// its fields as JSON, which the server reads as lichess's form, since a
// browser's POST must be same-site JSON) and its withdrawal, and the account's event stream (GET
// /api/stream/event, NDJSON), where the bot's answer comes: a gameStart
// of the challenge's game once it accepted, a challengeDeclined with its
// reason. Every line is read from unknown JSON into a typed value here, at
// the edge; a line of another shape is left out.

import { type Color, json, post } from '../api';

// Bot is one bot online (server/bot.go botJSON): its id (the name in lower
// case), its name and title, and when its account was made (ms).
export interface Bot { id: string; username: string; title: string; createdAt: number }

// ChallengeInfo is what the page reads of a challenge (lichess's
// ChallengeJson, server/challenge.go challengeJSON): its id (the game's),
// its status, the challenger's colour, and once declined the reason's key
// (in lower case, "toofast") and lichess's English text of it.
export interface ChallengeInfo {
  id: string;
  status: string;
  finalColor: Color;
  declineReason?: string;
  declineReasonKey?: string;
}

// StreamEvent is a line of the event stream the page reads: a challenge's
// news, or a game's start or finish.
export type StreamEvent =
  | { type: 'challenge' | 'challengeDeclined' | 'challengeCanceled'; challenge: ChallengeInfo }
  | { type: 'gameStart' | 'gameFinish'; game: { gameId: string; color: Color } };

type Obj = { readonly [key: string]: unknown };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isColor = (v: unknown): v is Color => v === 'white' || v === 'black';
const optString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

// readBot reads a line of GET /api/bot/online.
export function readBot(v: unknown): Bot | undefined {
  if (!isObj(v) || typeof v.id !== 'string' || typeof v.username !== 'string') return undefined;
  return { id: v.id, username: v.username, title: optString(v.title) ?? '', createdAt: typeof v.createdAt === 'number' ? v.createdAt : 0 };
}

// readChallenge reads a challenge.
export function readChallenge(v: unknown): ChallengeInfo | undefined {
  if (!isObj(v) || typeof v.id !== 'string' || typeof v.status !== 'string' || !isColor(v.finalColor)) return undefined;
  return { id: v.id, status: v.status, finalColor: v.finalColor, declineReason: optString(v.declineReason), declineReasonKey: optString(v.declineReasonKey) };
}

// readEvent reads a line of the event stream; undefined for one the page
// does not read (another kind, or an empty keep-alive line).
export function readEvent(v: unknown): StreamEvent | undefined {
  if (!isObj(v)) return undefined;
  switch (v.type) {
    case 'challenge':
    case 'challengeDeclined':
    case 'challengeCanceled': {
      const challenge = readChallenge(v.challenge);
      return challenge && { type: v.type, challenge };
    }
    case 'gameStart':
    case 'gameFinish': {
      const g = v.game;
      if (!isObj(g) || typeof g.gameId !== 'string' || !isColor(g.color)) return undefined;
      return { type: v.type, game: { gameId: g.gameId, color: g.color } };
    }
  }
  return undefined;
}

// LineReader cuts NDJSON text, as it comes in chunks, into values: a line
// cut by a chunk waits for the rest; an empty line (a keep-alive) or one
// that is no JSON gives nothing.
export class LineReader {
  private rest = '';

  push(chunk: string): unknown[] {
    const lines = (this.rest + chunk).split('\n');
    this.rest = lines.pop() ?? '';
    return lines.flatMap(parseLine);
  }

  // end reads what is left once the stream is over.
  end(): unknown[] {
    const last = parseLine(this.rest);
    this.rest = '';
    return last;
  }
}

function parseLine(line: string): unknown[] {
  if (!line.trim()) return [];
  try {
    return [JSON.parse(line) as unknown];
  } catch {
    return [];
  }
}

// listBots asks which bots are online, by name.
export async function listBots(): Promise<Bot[]> {
  const res = await fetch('/api/bot/online', { headers: { Accept: 'application/x-ndjson' } });
  if (!res.ok) await json<unknown>(res); // throws the refusal, worded
  const r = new LineReader();
  return [...r.push(await res.text()), ...r.end()].map(readBot).filter((b): b is Bot => !!b);
}

// ChallengeParams are the fields of a challenge (lichess's names).
export interface ChallengeParams { 'clock.limit': number; 'clock.increment': number; color: 'white' | 'black' | 'random'; rated: boolean; variant: string }

// sendChallenge challenges bot name (its id) as the signed-in account.
export async function sendChallenge(name: string, p: ChallengeParams): Promise<ChallengeInfo> {
  const c = readChallenge(await json<unknown>(await post(`/api/challenge/${encodeURIComponent(name)}`, p)));
  if (!c) throw new Error('the server answered the challenge with no challenge');
  return c;
}

// cancelChallenge withdraws challenge id; it goes on when the page is
// left (keepalive).
export async function cancelChallenge(id: string): Promise<void> {
  await json<unknown>(await fetch(`/api/challenge/${encodeURIComponent(id)}/cancel`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}', keepalive: true }));
}

// EventStream reads the signed-in account's event stream until closed:
// each event it reads goes to onEvent; onEnd hears when the stream ends
// by itself (the server went, the network dropped), never after close.
export class EventStream {
  // ready settles once the server answers: from then on every event of
  // the account reaches this stream (so a challenge is sent after it).
  readonly ready: Promise<void>;
  private abort = new AbortController();
  private closed = false;

  constructor(private onEvent: (e: StreamEvent) => void, private onEnd: () => void) {
    this.ready = this.open();
  }

  close() {
    this.closed = true;
    this.abort.abort();
  }

  private async open(): Promise<void> {
    const res = await fetch('/api/stream/event', { signal: this.abort.signal, headers: { Accept: 'application/x-ndjson' } });
    if (!res.ok || !res.body) {
      await json<unknown>(res); // throws the refusal, worded
      throw new Error('the event stream has no body');
    }
    void this.read(res.body.getReader());
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>) {
    const text = new TextDecoder();
    const lines = new LineReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.deliver(lines.push(text.decode(value, { stream: true })));
      }
      this.deliver(lines.end());
    } catch {
      // cut off: closed here, or the connection dropped
    }
    if (!this.closed) this.onEnd();
  }

  private deliver(values: unknown[]) {
    for (const v of values) {
      const e = readEvent(v);
      if (e && !this.closed) this.onEvent(e);
    }
  }
}
