// The arena tournament page's controller, no DOM: the tournament as the
// last socket message gave it, the viewer's own place (asked again only
// when it may have changed), the countdown between messages, the viewer's
// actions (join, withdraw, pause), and sending a paired player to their
// game once, as lichess does. The pure functions below decide what the
// page shows; test/tournament.test.mjs checks them.

import type { ArenaFull, ArenaMessage, ArenaPage, Duel, Me, SocketHooks, StandingPlayer } from './api';

// SheetMark is one game of a player's sheet: its points as the sheet
// writes them, and what it was (a double score is a win on a streak, or a
// berserked win).
export interface SheetMark { text: string; kind: 'loss' | 'draw' | 'win' | 'double' }

// sheetMarks reads a sheet's scores (one digit a game, the newest last),
// keeping the newest max games; anything but a digit is skipped.
export function sheetMarks(scores: string, max = 40): SheetMark[] {
  const out: SheetMark[] = [];
  for (const c of scores) {
    if (c < '0' || c > '9') continue;
    const n = Number(c);
    out.push({ text: c, kind: n === 0 ? 'loss' : n === 1 ? 'draw' : n === 2 ? 'win' : 'double' });
  }
  return out.slice(Math.max(0, out.length - max));
}

// countdownText writes a number of seconds as a clock does: 4:05, 1:02:03
// (never below 0:00; a fraction counts as a whole second still to go).
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.ceil(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

// clockText writes a time control as lichess does: 3+2, ½+0 (limit in
// seconds, increment in seconds).
export function clockText(clock: { limit: number; increment: number }): string {
  const quarters: Record<number, string> = { 15: '¼', 30: '½', 45: '¾', 90: '1.5' };
  const limit = quarters[clock.limit] ?? String(Math.round((clock.limit / 60) * 100) / 100);
  return `${limit}+${clock.increment}`;
}

// Phase is where the tournament stands, with the seconds left to its
// next step (to the start, to the end).
export type Phase = { kind: 'created'; seconds: number } | { kind: 'started'; seconds: number } | { kind: 'finished' };

// phaseOf is where d stands, elapsed seconds after it came.
export function phaseOf(d: ArenaFull, elapsed = 0): Phase {
  if (d.isFinished) return { kind: 'finished' };
  if (d.secondsToStart !== undefined && d.secondsToStart > 0) return { kind: 'created', seconds: Math.max(0, d.secondsToStart - elapsed) };
  return { kind: 'started', seconds: Math.max(0, (d.secondsToFinish ?? 0) - elapsed) };
}

// Buttons are the actions offered to the viewer.
export interface Buttons { join: boolean; withdraw: boolean; pause: boolean; signIn: boolean }

// buttonsFor says which actions to offer: none once it is over; a sign-in
// link to someone signed out; Join to someone not in (or withdrawn, or
// paused); Withdraw to someone in, and Pause once it has started (before
// the start there is no pairing to pause).
export function buttonsFor(v: { signedIn: boolean; phase: Phase['kind']; me?: Me }): Buttons {
  const none = { join: false, withdraw: false, pause: false, signIn: false };
  if (v.phase === 'finished') return none;
  if (!v.signedIn) return { ...none, signIn: true };
  const active = !!v.me && !v.me.withdraw && !v.me.paused;
  if (!active) return { ...none, join: true };
  return { ...none, withdraw: true, pause: v.phase === 'started' };
}

const same = (a: string | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

// duelOf is the duel name plays in, if any.
export function duelOf(duels: readonly Duel[] | undefined, name: string): Duel | undefined {
  if (!name) return undefined;
  return duels?.find(d => d.id && d.p?.some(p => same(p.n, name)));
}


// Standing is what the viewer is told of their own state in the
// tournament: sent to a new game (paired), back in the page while their
// game goes on (playing), waiting for the next pairing, paused or
// withdrawn, or nothing (not in it, not started, over).
export type Standing = { kind: 'paired' | 'playing'; game: string } | { kind: 'waiting' | 'paused' | 'withdrawn' | 'none' };

// standingOf is the viewer's state: their game is me.gameId, or a duel
// with their name; visited says the games they were sent to already.
export function standingOf(d: ArenaFull | undefined, me: Me | undefined, name: string, visited: (id: string) => boolean): Standing {
  if (!d || !name || !me) return { kind: 'none' };
  const phase = phaseOf(d).kind;
  if (phase === 'finished') return { kind: 'none' };
  if (me.withdraw) return { kind: 'withdrawn' };
  const game = me.gameId || duelOf(d.duels, name)?.id;
  if (game) return { kind: visited(game) ? 'playing' : 'paired', game };
  if (me.paused) return { kind: 'paused' };
  return phase === 'started' ? { kind: 'waiting' } : { kind: 'none' };
}

// lichessVariant is the key a tournament's variant is sent with: Gambit's
// chess is lichess's "standard"; the others keep their names.
export const lichessVariant = (name: string): string => (name === 'chess' ? 'standard' : name);

// gambitVariant is the other way: lichess's "standard" is Gambit's chess.
export const gambitVariant = (key: string | undefined): string => (!key || key === 'standard' ? 'chess' : key);

// CreateFields are the creation form's choices.
export interface CreateFields {
  name: string;
  variant: string; // Gambit's name
  clockTime: number; // minutes
  clockIncrement: number; // seconds
  minutes: number; // the tournament's length
  waitMinutes: number;
  rated: boolean;
  berserkable: boolean;
  password: string;
  minRating: string;
  maxRating: string;
  bots: boolean;
}

// createForm is the creation's body, with lichess's field names; empty
// optional fields (name, password, ratings) are left out.
export function createForm(f: CreateFields): URLSearchParams {
  const out = new URLSearchParams();
  const name = f.name.trim();
  if (name) out.set('name', name);
  out.set('variant', lichessVariant(f.variant));
  out.set('clockTime', String(f.clockTime));
  out.set('clockIncrement', String(f.clockIncrement));
  out.set('minutes', String(f.minutes));
  out.set('waitMinutes', String(f.waitMinutes));
  out.set('rated', String(f.rated));
  out.set('berserkable', String(f.berserkable));
  if (f.password) out.set('password', f.password);
  const min = f.minRating.trim();
  const max = f.maxRating.trim();
  if (min) out.set('conditions.minRating.rating', min);
  if (max) out.set('conditions.maxRating.rating', max);
  out.set('conditions.bots', String(f.bots));
  return out;
}

// Deps are what the controller calls: the server, the socket, the clock,
// the way to a game and the games already gone to (tests give their own).
export interface Deps {
  get(id: string): Promise<ArenaPage>;
  join(id: string, password: string): Promise<void>;
  withdraw(id: string): Promise<void>;
  pause(id: string): Promise<void>;
  socket(id: string, hooks: SocketHooks): { close(): void };
  now(): number; // ms
  user(): string; // the signed-in viewer's name, "" when signed out
  go(game: string): void;
  visited: { has(id: string): boolean; add(id: string): void };
}

export class ArenaCtrl {
  data?: ArenaFull;
  me?: Me;
  at = 0; // when data came (ms)
  error: unknown; // why the tournament could not be had
  actionError: unknown; // why the last action failed
  busy = false; // an action is on its way
  connected = false;
  askPassword = false; // Join on a private tournament: its password is asked inline
  private socket?: { close(): void };
  private meAsked = 0; // asks of GET for the viewer's place on their way (0 or 1), and one more wanted
  private meAgain = false;
  private closed = false;

  constructor(readonly id: string, private deps: Deps, private redraw: () => void) {}

  // start reads the tournament, then follows it on its socket.
  async start() {
    try {
      this.take(await this.deps.get(this.id));
    } catch (e) {
      if (this.closed) return;
      this.error = e;
      this.redraw();
      return;
    }
    if (this.closed) return;
    this.socket = this.deps.socket(this.id, {
      message: m => this.onMessage(m),
      up: () => { this.connected = true; this.redraw(); },
      down: () => { this.connected = false; this.redraw(); },
    });
  }

  destroy() {
    this.closed = true;
    this.socket?.close();
  }

  // take is a whole answer of GET: the tournament and the viewer's place.
  private take(p: ArenaPage) {
    const { me, ...d } = p;
    this.data = d;
    this.me = me;
    this.at = this.deps.now();
    this.error = undefined;
    this.follow();
    this.redraw();
  }

  onMessage(m: ArenaMessage) {
    if (this.closed) return;
    switch (m.t) {
      case 'reload':
        this.data = m.d;
        this.at = this.deps.now();
        this.error = undefined;
        this.follow();
        this.redraw();
        break;
      case 'me':
        this.me = m.d ?? undefined;
        this.follow();
        this.redraw();
        break;
    }
  }

  // refreshMe asks the server for the viewer's place again: one ask at a
  // time, and one more after it when asked meanwhile.
  async refreshMe() {
    if (this.meAsked) {
      this.meAgain = true;
      return;
    }
    this.meAsked = 1;
    try {
      const p = await this.deps.get(this.id);
      if (!this.closed) {
        this.me = p.me;
        this.follow();
        this.redraw();
      }
    } catch {
      // the next change asks again
    } finally {
      this.meAsked = 0;
    }
    if (this.meAgain && !this.closed) {
      this.meAgain = false;
      await this.refreshMe();
    }
  }

  // seconds is the countdown now: to the start, or to the end.
  get phase(): Phase {
    if (!this.data) return { kind: 'created', seconds: 0 };
    return phaseOf(this.data, (this.deps.now() - this.at) / 1000);
  }

  get standing(): Standing {
    return standingOf(this.data, this.me, this.deps.user(), id => this.deps.visited.has(id));
  }

  get buttons(): Buttons {
    return buttonsFor({ signedIn: !!this.deps.user(), phase: this.phase.kind, me: this.me });
  }

  // follow sends a newly paired viewer to their game, once per game.
  private follow() {
    const s = this.standing;
    if (s.kind !== 'paired' || this.closed) return;
    this.deps.visited.add(s.game);
    this.deps.go(s.game);
  }

  // join joins (or comes back); a private tournament asks its password
  // first, inline.
  async join(password?: string) {
    if (this.data?.private && password === undefined) {
      this.askPassword = true;
      this.redraw();
      return;
    }
    await this.act(() => this.deps.join(this.id, password ?? ''));
    if (this.actionError === undefined) this.askPassword = false;
    this.redraw();
  }

  withdraw = () => this.act(() => this.deps.withdraw(this.id));
  pause = () => this.act(() => this.deps.pause(this.id));

  private async act(f: () => Promise<void>) {
    if (this.busy) return;
    this.busy = true;
    this.actionError = undefined;
    this.redraw();
    try {
      await f();
    } catch (e) {
      this.actionError = e;
    }
    this.busy = false;
    if (this.actionError === undefined) await this.refreshMe();
    this.redraw();
  }
}
