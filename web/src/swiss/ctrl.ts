// The Swiss event page's controller, no DOM: the event as the last socket
// message gave it, the viewer's own place, the countdown to the next round
// between messages, the viewer's actions (join, withdraw), and sending a
// paired player to their game once, as the arena's page does. The pure
// functions below decide what the page shows; test/swiss.test.mjs checks
// them.

import { lichessVariant } from '../tournament/ctrl';
import type { SwissHooks, SwissMe, SwissMessage, SwissPage, SwissPairing, SwissSummary } from './api';

// SwissPhase is where the event stands: before its start (the seconds to
// it), a round being played, between two rounds (the seconds to the
// next), or over.
export type SwissPhase =
  | { kind: 'created'; seconds: number }
  | { kind: 'playing' }
  | { kind: 'between'; seconds: number }
  | { kind: 'finished' };

// phaseOf is where d stands, elapsed seconds after it came.
export function phaseOf(d: Pick<SwissSummary, 'status' | 'nextRound'>, elapsed = 0): SwissPhase {
  if (d.status === 'finished') return { kind: 'finished' };
  const left = Math.max(0, (d.nextRound?.in ?? 0) - elapsed);
  if (d.status === 'created') return { kind: 'created', seconds: left };
  return d.nextRound ? { kind: 'between', seconds: left } : { kind: 'playing' };
}

// pointsText writes a Swiss score: halves as ½ (1½, ½), never 1.5.
export function pointsText(n: number): string {
  const whole = Math.floor(n);
  const half = n - whole >= 0.25 && n - whole < 0.75;
  if (!half) return String(Math.round(n));
  return whole === 0 ? '½' : `${whole}½`;
}

// SwissButtons are the actions offered to the viewer.
export interface SwissButtons { join: boolean; withdraw: boolean; signIn: boolean }

// buttonsFor says which actions to offer: none once it is over; a sign-in
// link to someone signed out; Join to someone not in (or withdrawn:
// joining again brings them back from the next round); Withdraw to a
// player in it.
export function buttonsFor(v: { signedIn: boolean; phase: SwissPhase['kind']; me?: SwissMe }): SwissButtons {
  const none = { join: false, withdraw: false, signIn: false };
  if (v.phase === 'finished') return none;
  if (!v.signedIn) return { ...none, signIn: true };
  if (!v.me || v.me.absent) return { ...none, join: true };
  return { ...none, withdraw: true };
}

const same = (a: string | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

// pairingOf is name's pairing in round, if any (a game or the bye).
export function pairingOf(round: readonly SwissPairing[] | undefined, name: string): SwissPairing | undefined {
  if (!name) return undefined;
  return round?.find(p => same(p.white, name) || same(p.black, name));
}

// SwissStandingOf is the viewer's own state: sent to a new game (paired),
// back in the page while their game goes on (playing), a bye this round,
// waiting for the next round, withdrawn, or nothing (not in it, not
// started, over).
export type SwissState = { kind: 'paired' | 'playing'; game: string } | { kind: 'bye' | 'waiting' | 'withdrawn' | 'none' };

// stateOf is the viewer's state: their game is me.gameId, or a game of
// the round under way with their name; visited says the games they were
// sent to already.
export function stateOf(d: SwissPage | undefined, me: SwissMe | undefined, name: string, visited: (id: string) => boolean): SwissState {
  if (!d || !name || !me || d.status !== 'started') return { kind: 'none' };
  if (me.absent) return { kind: 'withdrawn' };
  const mine = pairingOf(d.rounds[d.rounds.length - 1], name);
  const game = me.gameId || (mine?.result === '*' ? mine.game : undefined);
  if (game) return { kind: visited(game) ? 'playing' : 'paired', game };
  if (mine && !mine.black && !d.nextRound) return { kind: 'bye' };
  return { kind: 'waiting' };
}

// SwissCreateFields are the creation form's choices.
export interface SwissCreateFields {
  name: string;
  variant: string; // Gambit's name
  clockTime: number; // minutes
  clockIncrement: number; // seconds
  rounds: number;
  interval: number; // seconds between a round's end and the next
  waitMinutes: number;
  rated: boolean;
  password: string;
  minRating: string;
  maxRating: string;
}

// createSwissForm is the creation's body, lichess's fields (the clock in
// seconds, the start in ms since the epoch from now); empty optional
// fields (name, password, ratings) are left out.
export function createSwissForm(f: SwissCreateFields, now: number): URLSearchParams {
  const out = new URLSearchParams();
  const name = f.name.trim();
  if (name) out.set('name', name);
  out.set('variant', lichessVariant(f.variant));
  out.set('clock.limit', String(Math.round(f.clockTime * 60)));
  out.set('clock.increment', String(f.clockIncrement));
  out.set('nbRounds', String(f.rounds));
  out.set('roundInterval', String(f.interval));
  out.set('startsAt', String(Math.round(now + f.waitMinutes * 60_000)));
  out.set('rated', String(f.rated));
  if (f.password) out.set('password', f.password);
  const min = f.minRating.trim();
  const max = f.maxRating.trim();
  if (min) out.set('conditions.minRating.rating', min);
  if (max) out.set('conditions.maxRating.rating', max);
  return out;
}

// SwissDeps are what the controller calls: the server, the socket, the
// clock, the way to a game and the games already gone to (tests give
// their own).
export interface SwissDeps {
  get(id: string): Promise<SwissSummary>;
  join(id: string, password: string): Promise<void>;
  withdraw(id: string): Promise<void>;
  socket(id: string, hooks: SwissHooks): { close(): void };
  now(): number; // ms
  user(): string; // the signed-in viewer's name, "" when signed out
  go(game: string): void;
  visited: { has(id: string): boolean; add(id: string): void };
}

export class SwissCtrl {
  summary?: SwissSummary; // GET's answer, until the socket's first page
  data?: SwissPage;
  me?: SwissMe;
  at = 0; // when the countdown's seconds came (ms)
  error: unknown; // why the event could not be had
  actionError: unknown; // why the last action failed
  busy = false;
  connected = false;
  askPassword = false; // Join on a private event: its password is asked inline
  private socket?: { close(): void };
  private closed = false;

  constructor(readonly id: string, private deps: SwissDeps, private redraw: () => void) {}

  // start reads the event, then follows it on its socket.
  async start() {
    try {
      this.summary = await this.deps.get(this.id);
      this.at = this.deps.now();
    } catch (e) {
      if (this.closed) return;
      this.error = e;
      this.redraw();
      return;
    }
    if (this.closed) return;
    this.redraw();
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

  onMessage(m: SwissMessage) {
    if (this.closed) return;
    if (m.t === 'reload') {
      this.data = m.d;
      this.summary = m.d;
      this.at = this.deps.now();
      this.error = undefined;
    } else {
      this.me = m.d ?? undefined;
    }
    this.follow();
    this.redraw();
  }

  // head is what the page's header shows: the page, or GET's summary.
  get head(): SwissSummary | undefined {
    return this.data ?? this.summary;
  }

  get phase(): SwissPhase {
    const h = this.head;
    if (!h) return { kind: 'created', seconds: 0 };
    return phaseOf(h, (this.deps.now() - this.at) / 1000);
  }

  get state(): SwissState {
    return stateOf(this.data, this.me, this.deps.user(), id => this.deps.visited.has(id));
  }

  get buttons(): SwissButtons {
    return buttonsFor({ signedIn: !!this.deps.user(), phase: this.phase.kind, me: this.me });
  }

  // follow sends a newly paired viewer to their game, once per game.
  private follow() {
    const s = this.state;
    if (s.kind !== 'paired' || this.closed) return;
    this.deps.visited.add(s.game);
    this.deps.go(s.game);
  }

  // join joins (or comes back); a private event asks its password first,
  // inline.
  async join(password?: string) {
    if (this.head?.private && password === undefined && !this.me) {
      this.askPassword = true;
      this.redraw();
      return;
    }
    await this.act(() => this.deps.join(this.id, password ?? ''));
    if (this.actionError === undefined) this.askPassword = false;
    this.redraw();
  }

  withdraw = () => this.act(() => this.deps.withdraw(this.id));

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
    this.redraw();
  }
}
