// The Swiss event page's controller, no DOM: what is the Swiss event's own
// (its phase: the round played or the countdown to the next; the summary
// GET gives before the socket's page; the bye; the creation form) on the
// common part both kinds share (../tourney/ctrl.ts: the socket's
// messages, join and withdraw, sending a paired player to their game
// once). The pure
// functions below decide what the page shows; test/swiss.test.mjs checks
// them.

import { type CreateFields, type Deps, type InGame, TourneyCtrl, inGame, lichessFields, sameName } from '../tourney/ctrl';
import { formatNumber, plural, t } from '../i18n';
import type { SwissMe, SwissPage, SwissPairing, SwissSummary } from './api';

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

// tieBreakText writes a tie-break (Buchholz, Sonneborn–Berger) exactly, as
// the reader's language writes numbers (1.75, 2.25; 1,234.5): a
// Sonneborn–Berger of quarters is no score of halves, and rounding it to
// one would hide the very difference it breaks ties by.
export const tieBreakText = (n: number): string => formatNumber(n);

// podiumText is a podium place's points ("1 point", "1½ points", as the
// reader's language counts them) and tie-breaks.
export function podiumText(pl: { points: number; buchholz: number; sonnebornBerger: number }): string {
  return t('swiss.podiumStats', {
    points: plural('swiss.podium.points', pl.points, { points: pointsText(pl.points) }),
    buchholz: tieBreakText(pl.buchholz), sb: tieBreakText(pl.sonnebornBerger),
  });
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

// pairingOf is name's pairing in round, if any (a game or the bye).
export function pairingOf(round: readonly SwissPairing[] | undefined, name: string): SwissPairing | undefined {
  if (!name) return undefined;
  return round?.find(p => sameName(p.white, name) || sameName(p.black, name));
}

// SwissState is the viewer's own state: sent to a new game (paired),
// back in the page while their game goes on (playing), a bye this round,
// waiting for the next round, withdrawn, or nothing (not in it, not
// started, over).
export type SwissState = InGame | { kind: 'bye' | 'waiting' | 'withdrawn' | 'none' };

// stateOf is the viewer's state: their game is me.gameId, or a game of
// the round under way with their name; visited says the games they were
// sent to already. A game still going comes first: a player who withdrew
// during it still plays it out.
export function stateOf(d: SwissPage | undefined, me: SwissMe | undefined, name: string, visited: (id: string) => boolean): SwissState {
  if (!d || !name || !me || d.status !== 'started') return { kind: 'none' };
  const mine = pairingOf(d.rounds[d.rounds.length - 1], name);
  const game = me.gameId || (mine?.result === '*' ? mine.game : undefined);
  if (game) return inGame(game, visited);
  if (me.absent) return { kind: 'withdrawn' };
  if (mine && !mine.black && !d.nextRound) return { kind: 'bye' };
  return { kind: 'waiting' };
}

// SwissCreateFields are the creation form's choices: both kinds' and the
// Swiss event's rounds.
export interface SwissCreateFields extends CreateFields {
  rounds: number;
  interval: number; // seconds between a round's end and the next
}

// createSwissForm is the creation's body, lichess's fields (the clock in
// seconds, the start in ms since the epoch from now); empty optional
// fields (name, password, ratings) are left out.
export function createSwissForm(f: SwissCreateFields, now: number): URLSearchParams {
  const out = lichessFields(f);
  out.set('clock.limit', String(Math.round(f.clockTime * 60)));
  out.set('clock.increment', String(f.clockIncrement));
  out.set('nbRounds', String(f.rounds));
  out.set('roundInterval', String(f.interval));
  out.set('startsAt', String(Math.round(now + f.waitMinutes * 60_000)));
  return out;
}

// SwissDeps are what the controller calls (../tourney/ctrl.ts): GET
// gives the event's summary, the socket its page.
export type SwissDeps = Deps<SwissSummary, SwissPage, SwissMe>;

// SwissCtrl is the event page's controller.
export class SwissCtrl extends TourneyCtrl<SwissSummary, SwissPage, SwissMe, SwissState> {
  summary?: SwissSummary; // GET's answer, until the socket's first page

  protected took(s: SwissSummary) {
    this.summary = s;
  }

  protected reloaded(d: SwissPage) {
    this.summary = d;
  }

  // a private event asks its password of someone not in it yet, not of a
  // player withdrawn and coming back.
  protected asksPassword() {
    return !!this.head?.private && !this.me;
  }

  // head is what the page's header shows: the page, or GET's summary.
  get head(): SwissSummary | undefined {
    return this.data ?? this.summary;
  }

  get phase(): SwissPhase {
    const h = this.head;
    if (!h) return { kind: 'created', seconds: 0 };
    return phaseOf(h, this.elapsed);
  }

  get state(): SwissState {
    return stateOf(this.data, this.me, this.deps.user(), this.visited);
  }

  get buttons(): SwissButtons {
    return buttonsFor({ signedIn: this.signedIn, phase: this.phase.kind, me: this.me });
  }
}
