// The arena tournament page's controller, no DOM: what is the arena's own
// (its phase and countdown to the start or the end, Pause, the viewer's
// place asked again after an action, a player's sheet, the duels, the
// creation form) on the common part both kinds share (../tourney/ctrl.ts:
// the socket's messages, join and withdraw, sending a paired player to
// their game once). The pure functions below decide what the
// page shows; test/tournament.test.mjs checks them.

import { type CreateFields as CommonFields, type Deps as TourneyDeps, type InGame, TourneyCtrl, inGame, lichessFields, sameName } from '../tourney/ctrl';
import type { ArenaFull, ArenaPage, Duel, Me } from './api';

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

// duelOf is the duel name plays in, if any.
export function duelOf(duels: readonly Duel[] | undefined, name: string): Duel | undefined {
  if (!name) return undefined;
  return duels?.find(d => d.id && d.p?.some(p => sameName(p.n, name)));
}


// Standing is what the viewer is told of their own state in the
// tournament: sent to a new game (paired), back in the page while their
// game goes on (playing), waiting for the next pairing, paused or
// withdrawn, or nothing (not in it, not started, over).
export type Standing = InGame | { kind: 'waiting' | 'paused' | 'withdrawn' | 'none' };

// standingOf is the viewer's state: their game is me.gameId, or a duel
// with their name; visited says the games they were sent to already.
export function standingOf(d: ArenaFull | undefined, me: Me | undefined, name: string, visited: (id: string) => boolean): Standing {
  if (!d || !name || !me) return { kind: 'none' };
  const phase = phaseOf(d).kind;
  if (phase === 'finished') return { kind: 'none' };
  if (me.withdraw) return { kind: 'withdrawn' };
  const game = me.gameId || duelOf(d.duels, name)?.id;
  if (game) return inGame(game, visited);
  if (me.paused) return { kind: 'paused' };
  return phase === 'started' ? { kind: 'waiting' } : { kind: 'none' };
}

// CreateFields are the creation form's choices: both kinds' and the
// arena's length, berserk and bots.
export interface CreateFields extends CommonFields {
  minutes: number; // the tournament's length
  berserkable: boolean;
  bots: boolean;
}

// createForm is the creation's body, with lichess's field names; empty
// optional fields (name, password, ratings) are left out.
export function createForm(f: CreateFields): URLSearchParams {
  const out = lichessFields(f);
  out.set('clockTime', String(f.clockTime));
  out.set('clockIncrement', String(f.clockIncrement));
  out.set('minutes', String(f.minutes));
  out.set('waitMinutes', String(f.waitMinutes));
  out.set('berserkable', String(f.berserkable));
  out.set('conditions.bots', String(f.bots));
  return out;
}

// Deps are what the controller calls (../tourney/ctrl.ts), and Pause.
export interface Deps extends TourneyDeps<ArenaPage, ArenaFull, Me> {
  pause(id: string): Promise<void>;
}

// ArenaCtrl is the tournament page's controller: GET gives the tournament
// and the viewer's place, asked again after each action of theirs.
export class ArenaCtrl extends TourneyCtrl<ArenaPage, ArenaFull, Me, Standing, Deps> {
  private meAsked = 0; // asks of GET for the viewer's place on their way (0 or 1), and one more wanted
  private meAgain = false;

  // took is a whole answer of GET: the tournament and the viewer's place.
  protected took(p: ArenaPage) {
    const { me, ...d } = p;
    this.data = d;
    this.me = me;
  }

  protected acted() {
    return this.refreshMe();
  }

  // a private tournament asks its password at each join.
  protected asksPassword() {
    return !!this.data?.private;
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

  // phase is the countdown now: to the start, or to the end.
  get phase(): Phase {
    if (!this.data) return { kind: 'created', seconds: 0 };
    return phaseOf(this.data, this.elapsed);
  }

  get state(): Standing {
    return standingOf(this.data, this.me, this.deps.user(), this.visited);
  }

  get buttons(): Buttons {
    return buttonsFor({ signedIn: this.signedIn, phase: this.phase.kind, me: this.me });
  }

  pause = () => this.act(() => this.deps.pause(this.id));
}
