// The game page's controller: what the page knows of the game (the state
// the server sent, the history, the seats this browser holds, the ply under
// review, the board's orientation) and what the user can do (move, resign,
// offer, take back, claim, flip, hand over). It touches no DOM: the views
// (view/*.ts) draw from it, and it tells the page what happened through
// its hooks. Turns are the server's: the state's turn for the live
// position, and the side to move of the FEN the server sent for each
// position under review; nothing is worked out from ply counts.

import { Color, Hello, State, Step, finished, openSeat } from '../api';
import type { SoundName } from '../sound';
import { t } from '../i18n';
import { chessSAN } from '../movetext';
import { BoardEffect, Notation, StepContext, VariantUI, notationOf, variantOf } from '../variants';
import type { ClientMsg, Send } from './socket';

export const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

// sideToMove reads the side to move of a FEN the server wrote (chess and
// xiangqi alike: "w" or "b" after the board); undefined without one.
export function sideToMove(fen: string | undefined): Color | undefined {
  const side = fen?.split(' ')[1];
  return side === 'b' ? 'black' : side === 'w' || side === 'r' ? 'white' : undefined;
}

// CtrlHooks are what the controller tells the page.
export interface CtrlHooks {
  send: Send;
  redraw(): void; // everything
  redrawButtons(): void; // the buttons only (the resign button's confirmation)
  flash(text: string): void; // a short word in the status line, after a redraw
  sound(name: SoundName): void;
  started(v: VariantUI): void; // the first state came: the variant is known
  over(s: State): void; // the game ended while this page watched
  effect(e: BoardEffect): void; // a move's animation over the board
  reload(): void; // ask the server for the whole game again, as this viewer's seats now see it
  changed(prev: State, s: State): void; // a new state replaced prev
}

export type EndAction = 'abort' | 'resign';

export class RoundCtrl {
  variant: VariantUI = variantOf(); // known for sure once the first state arrives
  state?: State;
  moves: Step[] = [];
  you: Color[] = [];
  viewPly: number | null = null; // a ply under review, or null for the live position
  clockAt = 0; // performance.now() when the clock values arrived
  notation?: Notation; // how the move list is written, if the variant has a choice
  notice?: string; // to flash once the game is drawn
  rated = false; // the game changes its players' ratings (asked once of an online game)
  seatNeedsAccount = false; // the open seat of this rated game was refused to this browser without an account
  // revealed is the side whose view the board may show on one screen in a
  // hidden variant (see VariantUI.handOver): another side to move covers
  // the board until its player asks for it.
  revealed?: Color;
  confirming?: { timer: ReturnType<typeof setTimeout>; action: EndAction }; // the resign (abort) button awaits its second click
  // On one screen in a hidden variant (handsOver), the server sends the
  // view of the side to move, and a move only its last step, in the view
  // of the side that did not make it: the list of the player at the screen
  // is kept here. sent is that player's last move as it left, with the
  // list, position and moves it was made from (its own view); awaitingView
  // is set from a hand-over until the server's whole state in the view of
  // the player who took the screen arrives.
  private sent?: { by: Color; ply: number; uci: string; moves: Step[]; fen: string; dests: Record<string, string[]> };
  private awaitingView = false;

  constructor(readonly id: string, public orientation: Color, private hooks: CtrlHooks) {}

  // --- what the server says

  onHello(h: Hello) {
    this.you = h.you;
  }

  // onState takes a state (full: with the whole history) or a move.
  onState(s: State, full: boolean) {
    const prev = this.state;
    if (prev && (full ? s.v < prev.v : s.v <= prev.v)) return; // stale: a newer state is shown
    if (!full && prev) s = { ...s, startFen: prev.startFen, setupNotes: prev.setupNotes }; // a move carries no history, nor where it starts
    if (full) this.moves = s.moves ?? [];
    else if (s.last) this.moves = [...this.moves.slice(0, s.ply - 1), s.last];
    this.state = s;
    this.clockAt = performance.now();
    // A move comes as a move, or as a whole state when it ends a hidden game (carrying its last step).
    // A later state that moves nothing (an offer, the end) still carries that step: only a new ply
    // is a move, so its sound and its effect (a blast) come once.
    const moved = !!prev && s.v === prev.v + 1 && !!s.last && s.ply === prev.ply + 1;
    if (moved && prev) this.hooks.sound(this.variant.moveSound(prev, s));
    if (prev && !finished(prev.status) && finished(s.status)) {
      this.hooks.sound('end');
      this.hooks.over(s);
    }
    if (this.viewPly !== null && full) this.viewPly = null;
    const declined = prev?.drawOffer && !s.drawOffer && !finished(s.status) && this.you.includes(prev.drawOffer) && this.you.length === 1;
    if (!prev && this.you.length === 1) this.orientation = this.you[0];
    if (!prev && s.ply === (s.setupPly ?? 0)) this.revealed = s.turn; // a new game: the first player is at the screen
    if (!prev) {
      this.variant = variantOf(s.variant);
      this.hooks.started(this.variant);
    }
    if (full) this.awaitingView = false;
    this.hooks.redraw();
    const effect = moved && prev && !this.covered() ? this.variant.effect?.(prev, s) : undefined;
    if (effect) this.hooks.effect(effect);
    if (declined) this.hooks.flash(t('status.drawDeclined'));
    if (prev) this.hooks.changed(prev, s);
    if (this.notice) this.hooks.flash(this.notice);
    this.notice = undefined;
  }

  // --- what the page shows

  // live reports whether the board shows the game as it stands.
  live(): boolean {
    return this.viewPly === null || this.viewPly === this.moves.length;
  }

  // ply is the ply shown: the last, or the one under review.
  ply(): number {
    return this.live() ? this.moves.length : this.viewPly ?? this.moves.length;
  }

  // step is the move that led to the position shown, if any.
  step(): Step | undefined {
    const ply = this.ply();
    return ply > 0 ? this.moves[ply - 1] : undefined;
  }

  // fen is the position shown.
  fen(): string {
    const s = this.state!;
    if (this.live()) return s.fen;
    return this.step()?.fen ?? s.startFen ?? s.fen;
  }

  // turn is the side to move in the position shown, as the server wrote it.
  turn(): Color {
    const s = this.state!;
    return this.live() ? s.turn : sideToMove(this.fen()) ?? s.turn;
  }

  // viewer is the side whose seat, and view, the page shows: the one seat
  // this browser holds, or on one screen the side to move (the player at
  // the screen) while the game is on; none for a spectator.
  viewer(): Color | undefined {
    const s = this.state;
    if (this.you.length === 1) return this.you[0];
    return s && this.you.length === 2 && !finished(s.status) ? s.turn : undefined;
  }

  // stepContext is what a variant's words of a move may depend on: whose
  // view the page shows, and the move list's notation.
  stepContext(): StepContext {
    return { viewer: this.viewer(), notation: this.notation?.id };
  }

  // eventSteps are the indices of the steps whose events (a blast, a
  // piece turned up or lost) the page keeps on show. Under review, the
  // move shown. On the live position, every step since the player's own
  // last turn began (the player: the seat held, else the side to move),
  // its own moves and the replies after them: a reply, the computer's a
  // few milliseconds later, adds its events to the line rather than
  // wiping out what the player's move did, which stays until the player
  // moves again. None while the board is covered or a hand-over's view is
  // awaited (the moves held are the other player's).
  eventSteps(): number[] {
    const s = this.state;
    if (!s || this.covered() || this.awaitingView) return [];
    const ply = this.ply();
    if (!this.live()) return ply > 0 ? [ply - 1] : [];
    const first = s.setupPly ?? 0;
    const me = this.you.length === 1 ? this.you[0] : s.turn;
    let i = this.moves.length - 1;
    while (i >= first && this.mover(i) !== me) i--;
    if (i < first) i = first; // the player has not moved yet: everything since the start
    while (i > first && this.mover(i - 1) === me) i--; // a turn of several moves (dice chess)
    const out: number[] = [];
    for (let j = Math.max(i, 0); j < this.moves.length; j++) out.push(j);
    return out;
  }

  // fenBefore is the position step i (0-based) was played from, as the
  // server sent it.
  fenBefore(i: number): string | undefined {
    return i === 0 ? this.state?.startFen : this.moves[i - 1]?.fen;
  }

  // mover is the side that made step i (0-based), as the server wrote it.
  mover(i: number): Color {
    return this.moves[i]?.color ?? 'white';
  }

  // movesBy counts the moves side c made in this game (not imported with the setup).
  movesBy(c: Color): number {
    let n = 0;
    for (let i = this.state?.setupPly ?? 0; i < this.moves.length; i++) if (this.mover(i) === c) n++;
    return n;
  }

  // inPlay reports whether moves may be made on the position shown: the
  // live one, of a game on, whose seats are taken (online, no one moves
  // before the opponent is seated).
  inPlay(): boolean {
    const s = this.state;
    return !!s && this.live() && !finished(s.status) && !(s.mode === 'online' && openSeat(s));
  }

  // canMove reports whether the user may move now.
  canMove(): boolean {
    return this.inPlay() && this.you.includes(this.state!.turn);
  }

  // premove is the side the user may move ahead of the opponent's reply
  // (online, one seat), if any.
  premove(): Color | undefined {
    return this.inPlay() && this.state!.mode === 'online' && this.you.length === 1 ? this.you[0] : undefined;
  }

  // handsOver reports whether the screen passes between two players who
  // may each see only their own view: a hidden variant on one screen.
  handsOver(): boolean {
    const s = this.state;
    return !!s && !!this.variant.handOver && s.mode === 'local' && this.you.length === 2;
  }

  // shownMoves are the moves the list shows: the game's, as the server sent
  // them for this viewer. On one screen in a hidden variant they are those
  // of the player at the screen: the side to move once it has shown the
  // board (the server's whole state in its view, asked at the hand-over),
  // and while the board is covered the side that has just moved, whose
  // list is the one it moved from and its move as it made it; never the
  // other side's own moves, which its view would show. Whatever is not
  // known to be the player's own view is a "?".
  shownMoves(): Step[] {
    const s = this.state;
    if (!s || !this.handsOver() || finished(s.status)) return this.moves;
    const hide = (m: Step): Step => (m.san === '?' ? m : { ...m, uci: '', san: '?', ext: undefined });
    if (!this.covered()) return this.awaitingView ? this.moves.map(hide) : this.moves;
    const mover = other(s.turn);
    const mine = this.sent?.by === mover ? this.sent : undefined;
    return this.moves.map((m, i) => {
      if (m.color !== mover) return hide(m);
      if (mine && i < mine.ply && mine.moves[i]) return mine.moves[i];
      if (mine && i === mine.ply) {
        const san = chessSAN({ board: this.variant.board.kind, fen: mine.fen, dests: mine.dests }, mine.uci);
        if (san) return { ...m, uci: mine.uci, san };
      }
      return hide(m);
    });
  }

  // covered reports whether the board hides behind the hand-over screen:
  // a hidden variant on one screen, between a move and the next player's
  // asking to see the board.
  covered(): boolean {
    const s = this.state;
    return !!s && !!this.variant.handOver && s.mode === 'local' && this.you.length === 2 && !finished(s.status) && this.revealed !== s.turn;
  }

  // remaining returns colour c's time now, counting down locally between events.
  remaining(c: Color): number {
    const k = this.state!.clock!;
    let ms = k[c];
    if (k.running === c && !finished(this.state!.status)) ms -= performance.now() - this.clockAt;
    return Math.max(0, ms);
  }

  // played counts the moves made here, not imported with the setup.
  played(): number {
    const s = this.state!;
    return s.ply - (s.setupPly ?? 0);
  }

  // endAction is what the resign button offers: before both sides have
  // moved a game can only be called off, without a result (the server
  // aborts a resignation then too, in every mode), except a tournament's,
  // which is played or lost.
  endAction(): EndAction {
    return this.played() < 2 && !this.state?.mandatory ? 'abort' : 'resign';
  }

  // --- what the user does

  // send sends a command; while the connection is down it says so, and a
  // move the board already shows is put back by the redraw.
  send(msg: ClientMsg) {
    if (this.hooks.send(msg)) return;
    if (this.state) this.hooks.redraw();
    this.hooks.flash(t('status.notSent')); // after the redraw, which rewrites the status line
  }

  // move sends a move in the variant's coordinate text.
  move(u: string) {
    const s = this.state;
    if (s && this.handsOver()) this.sent = { by: s.turn, ply: s.ply, uci: u, moves: this.shownMoves(), fen: s.fen, dests: s.dests };
    this.send({ t: 'move', d: { u } });
  }

  // takeback undoes the last move at once on one screen or against the
  // computer; online it asks the opponent.
  takeback() {
    this.viewPly = null;
    this.send({ t: this.state?.mode === 'online' ? 'takeback-offer' : 'takeback' });
  }

  offerDraw() { this.send({ t: 'draw-offer' }); }
  acceptDraw() { this.send({ t: 'draw-accept' }); }
  declineDraw() { this.send({ t: 'draw-decline' }); }
  claimDraw() { this.send({ t: 'draw-claim' }); }
  // berserk: in an arena's game that allows it, before this seat's first
  // move, half its time and no increment for a win worth one more point.
  berserk() { this.send({ t: 'berserk' }); }

  // resignOrAbort asks for a second click within three seconds, so a stray
  // tap does not end the game.
  resignOrAbort() {
    if (!this.confirming) {
      const action = this.endAction();
      this.confirming = { timer: setTimeout(() => this.endConfirm(), 3000), action };
      this.hooks.redrawButtons();
      return;
    }
    const really = this.confirming.action;
    this.endConfirm();
    this.send({ t: really });
  }

  private endConfirm() {
    clearTimeout(this.confirming?.timer);
    this.confirming = undefined;
    if (this.state) this.hooks.redrawButtons();
  }

  // flip turns the board round.
  flip() {
    this.orientation = other(this.orientation);
    this.hooks.redraw();
  }

  // handOver shows the board to the player at the screen, from their side.
  // Its list is its own view, which the server sends as a whole state.
  handOver() {
    if (!this.state) return;
    this.revealed = this.orientation = this.state.turn;
    if (this.handsOver() && !finished(this.state.status)) {
      this.awaitingView = true;
      this.hooks.reload();
    }
    this.hooks.redraw();
  }

  // view shows the position after ply (0 = start) without changing the game.
  view(ply: number) {
    const n = this.moves.length;
    ply = Math.max(0, Math.min(n, ply));
    this.viewPly = ply === n ? null : ply;
    this.hooks.redraw();
  }

  // setNotation writes the move list in the variant's notation of that id.
  setNotation(id: string | null) {
    this.notation = notationOf(this.variant, id);
  }

  destroy() {
    clearTimeout(this.confirming?.timer);
    this.confirming = undefined;
  }
}
