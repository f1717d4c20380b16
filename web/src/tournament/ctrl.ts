// The arena tournament page's controller, no DOM: what is the arena's own
// (its phase and countdown to the start or the end, Pause, the viewer's
// place asked again after an action, a player's sheet, the duels, the
// creation form) on the common part both kinds share (../tourney/ctrl.ts:
// the socket's messages, join and withdraw, sending a paired player to
// their game once). The pure functions below decide what the
// page shows; test/tournament.test.mjs checks them.

import { plural, t } from '../i18n';
import { type CreateFields as CommonFields, type Deps as TourneyDeps, type InGame, TourneyCtrl, inGame, lichessFields, lineText, sameName } from '../tourney/ctrl';
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

// sheetCells are a sheet's marks as the table draws them: a space
// between two games, so that 2, 2 and 4 read (and are spoken) as three
// games, never as "224".
export function sheetCells(scores: string, max = 40): (SheetMark | ' ')[] {
  const out: (SheetMark | ' ')[] = [];
  for (const m of sheetMarks(scores, max)) {
    if (out.length) out.push(' ');
    out.push(m);
  }
  return out;
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
// the start there is no pairing to pause); a paused player is offered
// both Join (to be paired again) and Withdraw (to leave for good).
export function buttonsFor(v: { signedIn: boolean; phase: Phase['kind']; me?: Me }): Buttons {
  const none = { join: false, withdraw: false, pause: false, signIn: false };
  if (v.phase === 'finished') return none;
  if (!v.signedIn) return { ...none, signIn: true };
  if (v.me?.paused && !v.me.withdraw) return { ...none, join: true, withdraw: true };
  const active = !!v.me && !v.me.withdraw;
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
// with their name; visited says the games they were sent to already. A
// game still going comes first: a player who withdrew or paused during it
// still plays it out.
export function standingOf(d: ArenaFull | undefined, me: Me | undefined, name: string, visited: (id: string) => boolean): Standing {
  if (!d || !name || !me) return { kind: 'none' };
  const phase = phaseOf(d).kind;
  if (phase === 'finished') return { kind: 'none' };
  const game = me.gameId || duelOf(d.duels, name)?.id;
  if (game) return inGame(game, visited);
  if (me.withdraw) return { kind: 'withdrawn' };
  if (me.paused) return { kind: 'paused' };
  return phase === 'started' ? { kind: 'waiting' } : { kind: 'none' };
}

// podiumText is a podium place's numbers in words, each counted as the
// reader's language counts ("1 point", "2 points"): points, games, wins
// and the performance (— when there is none).
export function podiumText(pl: { score?: number; nb?: { game?: number; win?: number }; performance?: number }): string {
  return lineText([
    plural('tournament.podium.points', pl.score ?? 0),
    plural('tournament.podium.games', pl.nb?.game ?? 0),
    plural('tournament.podium.wins', pl.nb?.win ?? 0),
    t('tournament.podium.performance', { performance: pl.performance === undefined ? '—' : String(pl.performance) }),
  ]);
}

// CreateFields are the creation form's choices: both kinds' and the
// arena's length, berserk and bots.
export interface CreateFields extends CommonFields {
  minutes: number; // the tournament's length
  berserkable: boolean;
  bots: boolean;
}

// BotsChoice is the creation form's "Allow bots" box for a variant: off
// and disabled, with a note why, for a hidden variant (no bot can play
// one); else as the creator left it.
export interface BotsChoice { disabled: boolean; checked: boolean; note: boolean }

// botsChoice is the box for a variant hidden or not, checked as it was.
export const botsChoice = (hidden: boolean, checked: boolean): BotsChoice =>
  hidden ? { disabled: true, checked: false, note: true } : { disabled: false, checked, note: false };

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
