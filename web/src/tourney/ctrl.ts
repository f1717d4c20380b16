// What both kinds of tournament page decide alike, no DOM: the countdown
// and clock as text, the variant's key as lichess sends it, and
// TourneyCtrl, the controller's common part: the page as the last socket
// message gave it, the viewer's own place, the viewer's actions (join, a
// private one's password asked inline first, withdraw) and sending a
// paired player to their game once, as lichess does. Each kind says what
// it first reads, where it stands (its phase), what the viewer's state is
// and when a password is asked (../tournament/ctrl.ts, ../swiss/ctrl.ts).

import type { Message, Place, SocketHooks } from './api';

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

// lichessVariant is the key a tournament's variant is sent with: Gambit's
// chess is lichess's "standard"; the others keep their names.
export const lichessVariant = (name: string): string => (name === 'chess' ? 'standard' : name);

// gambitVariant is the other way: lichess's "standard" is Gambit's chess.
export const gambitVariant = (key: string | undefined): string => (!key || key === 'standard' ? 'chess' : key);

// CreateFields are the choices both kinds' creation forms offer.
export interface CreateFields {
  name: string;
  variant: string; // Gambit's name
  clockTime: number; // minutes
  clockIncrement: number; // seconds
  waitMinutes: number; // to the start
  rated: boolean;
  password: string;
  minRating: string;
  maxRating: string;
}

// lichessFields are what both kinds' creation forms send alike, with
// lichess's names: the name, the variant's key, rated, a private one's
// password and the rating bounds; empty optional fields (name, password,
// ratings) are left out. Each kind adds its own (its clock's names
// differ).
export function lichessFields(f: CreateFields): URLSearchParams {
  const out = new URLSearchParams();
  const name = f.name.trim();
  if (name) out.set('name', name);
  out.set('variant', lichessVariant(f.variant));
  out.set('rated', String(f.rated));
  if (f.password) out.set('password', f.password);
  const min = f.minRating.trim();
  const max = f.maxRating.trim();
  if (min) out.set('conditions.minRating.rating', min);
  if (max) out.set('conditions.maxRating.rating', max);
  return out;
}

// botsWelcome says whether a tournament's page says bots may play: only
// when it admits them and its variant is not hidden (a bot cannot play a
// game of hidden information: the server refuses it at the join).
export const botsWelcome = (botsAllowed: boolean | undefined, hidden: boolean): boolean => !!botsAllowed && !hidden;

// sep sets the parts of a tournament's line apart ("4 players · Ends in
// 2:12"), in the meta line and between it and what follows it in the lists.
export const sep = ' · ';

// lineText is a line of parts, each set apart by sep; empty parts left out.
export const lineText = (parts: readonly string[]): string => parts.filter(p => p !== '').join(sep);

// sameName says whether a is name b, in any case.
export const sameName = (a: string | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

// InGame is the viewer's state when they have a game: sent to it now
// (paired), or back in the page while it goes on (playing).
export type InGame = { kind: 'paired' | 'playing'; game: string };

// inGame is the viewer's state with game: playing once they were sent to
// it (visited), else paired.
export const inGame = (game: string, visited: (id: string) => boolean): InGame => ({ kind: visited(game) ? 'playing' : 'paired', game });

// Deps are what the controller calls: the server (get reads the page's
// first sight: the page, or its summary), the socket, the clock, the way
// to a game and the games already gone to (tests give their own).
export interface Deps<Got, Page, Me extends Place> {
  get(id: string): Promise<Got>;
  join(id: string, password: string): Promise<void>;
  withdraw(id: string): Promise<void>;
  socket(id: string, hooks: SocketHooks<Message<Page, Me>>): { close(): void };
  now(): number; // ms
  user(): string; // the signed-in viewer's name, "" when signed out
  go(game: string): void;
  visited: { has(id: string): boolean; add(id: string): void };
}

export abstract class TourneyCtrl<Got, Page extends { private?: boolean }, Me extends Place, State extends { kind: string }, D extends Deps<Got, Page, Me> = Deps<Got, Page, Me>> {
  data?: Page;
  me?: Me;
  at = 0; // when the countdown's seconds came (ms)
  error: unknown; // why the tournament could not be had
  actionError: unknown; // why the last action failed
  busy = false; // an action is on its way
  connected = false;
  askPassword = false; // Join on a private tournament: its password is asked inline
  protected closed = false;
  private socket?: { close(): void };

  constructor(readonly id: string, protected deps: D, protected redraw: () => void) {}

  // took keeps GET's answer.
  protected abstract took(got: Got): void;

  // state is the viewer's own state; its 'paired' sends them to the game.
  abstract get state(): State | InGame;

  // asksPassword says whether Join asks the password first.
  protected abstract asksPassword(): boolean;

  // acted follows an action the server took.
  protected async acted(): Promise<void> {}

  // reloaded follows a new page.
  protected reloaded(_d: Page): void {}

  // start reads the tournament, then follows it on its socket.
  async start() {
    try {
      this.took(await this.deps.get(this.id));
      this.at = this.deps.now();
      this.error = undefined;
    } catch (e) {
      if (this.closed) return;
      this.error = e;
      this.redraw();
      return;
    }
    if (this.closed) return;
    this.follow();
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

  onMessage(m: Message<Page, Me>) {
    if (this.closed) return;
    if (m.t === 'reload') {
      this.data = m.d;
      this.reloaded(m.d);
      this.at = this.deps.now();
      this.error = undefined;
    } else {
      this.me = m.d ?? undefined;
    }
    this.follow();
    this.redraw();
  }

  // elapsed is the seconds since the countdown's seconds came.
  protected get elapsed(): number {
    return (this.deps.now() - this.at) / 1000;
  }

  get signedIn(): boolean {
    return !!this.deps.user();
  }

  protected visited = (id: string) => this.deps.visited.has(id);

  // follow sends a newly paired viewer to their game, once per game.
  protected follow() {
    const s = this.state;
    if (s.kind !== 'paired' || !('game' in s) || this.closed) return;
    this.deps.visited.add(s.game);
    this.deps.go(s.game);
  }

  // join joins (or comes back); a private tournament may ask its
  // password first, inline.
  async join(password?: string) {
    if (password === undefined && this.asksPassword()) {
      this.askPassword = true;
      this.redraw();
      return;
    }
    await this.act(() => this.deps.join(this.id, password ?? ''));
    if (this.actionError === undefined) this.askPassword = false;
    this.redraw();
  }

  withdraw = () => this.act(() => this.deps.withdraw(this.id));

  protected async act(f: () => Promise<void>) {
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
    if (this.actionError === undefined) await this.acted();
    this.redraw();
  }
}
