package game

import (
	"fmt"
	"slices"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// Commands. Each checks that it may run, then records what happened as
// events through emit (which applies them at once) and returns them; a
// refused command returns an error and changes nothing — except that any
// command first ends the game on time when the running side's flag has
// fallen, and returns that event with ErrGameOver. The caller (the game's
// goroutine) saves the events, then projects them for each viewer.
//
// by is the side acting: the server passes a colour only after checking
// that the connection holds that seat.

// NullMove is UCI's null move, a pass: a move only in a variant whose Spec
// has Pass.
const NullMove = "0000"

// Move plays the move given in coordinate text (UCI; ICCS in xiangqi) for
// side by, which must be the side to move.
func (g *Game) Move(by chess.Color, uci string) ([]Event, error) { return g.MoveCredited(by, uci, 0) }

// MoveCredited is Move for a move that spent up to credit on the network:
// the mover's clock is charged the time since its turn began less credit
// (never less than nothing), and a move that arrives after the flag fell
// but within the credit still counts. The server measures each
// connection's lag and bounds the credit (see the server's lag credit).
func (g *Game) MoveCredited(by chess.Color, uci string, credit time.Duration) ([]Event, error) {
	if g.status.Finished() {
		return nil, fmt.Errorf("%w (%s)", ErrGameOver, g.status)
	}
	if by != g.rules.Turn() {
		return nil, fmt.Errorf("%w: %s to move", ErrNotYourTurn, ColorName(g.rules.Turn()))
	}
	if uci == NullMove && !g.spec.Pass {
		return nil, fmt.Errorf("%w: %s: passing is not a move in %s", ErrIllegalMove, uci, g.spec.Name)
	}
	e := Event{Type: EventMove, Color: by, Move: uci}
	if g.clock != nil {
		k := *g.clock
		if !k.pressCredited(by, credit) {
			return g.checkOpen() // too late even with the credit: the flag fell
		}
		e.Clock = &Times{White: k.remaining[chess.White].Milliseconds(), Black: k.remaining[chess.Black].Milliseconds()}
	}
	return g.emit(e)
}

// Flag ends the game on time when the running side has no time left; it
// returns no event otherwise. The server calls it when a flag timer fires.
// A game in which a side has not yet moved is aborted instead (endBy).
func (g *Game) Flag() []Event {
	if g.clock == nil || g.status.Finished() {
		return nil
	}
	c, ok := g.clock.Flagged()
	if !ok {
		return nil
	}
	evs, _ := g.emit(g.endBy(ByTimeout, c))
	return evs
}

// endBy is the event that ends the game as a player's act or the clock
// declares it (end, concerning side c): a resignation, a flag, an agreed
// draw. A game in which either side has not yet moved ends aborted
// instead, with no result, however it ends (lichess's rule): a game
// resigned at the first move is no result, and two accounts cannot trade
// rating points by games nobody played. Only commands call it: a stored
// game's events replay as they were recorded.
func (g *Game) endBy(end Declared, c chess.Color) Event {
	if !g.BothMoved() && !g.header.Mandatory { // a tournament's game counts from its start
		end = ByAbort
	}
	return Event{Type: EventEnd, End: end, Color: c}
}

// checkOpen returns ErrGameOver once the game has finished, first ending it
// on time if the running side's flag has fallen (that event is returned).
func (g *Game) checkOpen() ([]Event, error) {
	evs := g.Flag()
	if g.status.Finished() {
		return evs, fmt.Errorf("%w (%s)", ErrGameOver, g.status)
	}
	return nil, nil
}

// Resign ends the game: side by resigns. Before both sides have moved the
// game is aborted instead (endBy).
func (g *Game) Resign(by chess.Color) ([]Event, error) {
	if evs, err := g.checkOpen(); err != nil {
		return evs, err
	}
	return g.emit(g.endBy(ByResignation, by))
}

// Abort ends a game, with no result, before both sides have moved.
func (g *Game) Abort(by chess.Color) ([]Event, error) {
	if evs, err := g.checkOpen(); err != nil {
		return evs, err
	}
	if g.header.Mandatory {
		return nil, fmt.Errorf("%w: a tournament's game is played or lost", ErrCannotAbort)
	}
	if g.rules.Ply()-len(g.header.Moves) >= 2 {
		return nil, fmt.Errorf("%w: both sides have moved", ErrCannotAbort)
	}
	return g.emit(Event{Type: EventEnd, End: ByAbort, Color: by})
}

// StartLapsed ends a game whose side to move has not made its first move
// in the time the server gives it: aborted, or, in a mandatory game (a
// tournament's), lost by that side, so that a player cannot escape an
// opponent by not starting and the opponent who came scores.
func (g *Game) StartLapsed() ([]Event, error) {
	if evs, err := g.checkOpen(); err != nil {
		return evs, err
	}
	if g.BothMoved() {
		return nil, fmt.Errorf("%w: both sides have moved", ErrCannotAbort)
	}
	if g.header.Mandatory {
		return g.emit(Event{Type: EventEnd, End: ByNoStart, Color: g.Turn()})
	}
	return g.emit(Event{Type: EventEnd, End: ByAbort, Color: g.Turn()})
}

// ClaimDraw ends a chess game as a draw by the threefold or 50-move rule,
// when the side to move (by) may claim it. Xiangqi has no claims.
func (g *Game) ClaimDraw(by chess.Color) ([]Event, error) {
	if evs, err := g.checkOpen(); err != nil {
		return evs, err
	}
	if by != g.rules.Turn() {
		return nil, fmt.Errorf("%w: only the side to move may claim", ErrNotYourTurn)
	}
	if _, ok := g.rules.Claimable(); !ok {
		return nil, ErrCannotClaim
	}
	return g.emit(Event{Type: EventEnd, End: ByClaim, Color: by})
}

// Offer records side by's offer of kind k: a draw, or to take back by's
// last move. Offering what the opponent already offers accepts it.
func (g *Game) Offer(by chess.Color, k OfferKind) ([]Event, error) {
	if evs, err := g.checkOpen(); err != nil {
		return evs, err
	}
	switch k {
	case OfferDraw:
	case OfferTakeback:
		if err := g.takebacksAllowed(); err != nil {
			return nil, err
		}
		if _, ok := g.takebackCount(by); !ok {
			return nil, fmt.Errorf("%w: no move of %s's to take back", ErrNoTakeback, ColorName(by))
		}
	default:
		return nil, fmt.Errorf("%w: %q", ErrBadOffer, k)
	}
	if g.offers[by.Other()].has(k) && k == OfferDraw {
		return g.Answer(by, k, true)
	}
	if g.offers[by].has(k) {
		return nil, fmt.Errorf("%w: %s", ErrAlreadyOffered, k)
	}
	return g.emit(Event{Type: EventOffer, Color: by, Offer: k})
}

// Answer accepts or declines the opponent's pending offer of kind k, or
// (accept false) withdraws by's own. A draw agreed before both sides have
// moved aborts the game (endBy).
func (g *Game) Answer(by chess.Color, k OfferKind, accept bool) ([]Event, error) {
	if evs, err := g.checkOpen(); err != nil {
		return evs, err
	}
	if !g.offers[by.Other()].has(k) && !(g.offers[by].has(k) && !accept) {
		return nil, fmt.Errorf("%w: no %s offer to answer", ErrNoOffer, k)
	}
	evs, err := g.emit(Event{Type: EventAnswer, Color: by, Offer: k, Accept: accept})
	if err != nil || !accept {
		return evs, err
	}
	var more []Event
	switch k {
	case OfferDraw:
		more, err = g.emit(g.endBy(ByAgreement, by))
	case OfferTakeback:
		n, _ := g.takebackCount(by.Other())
		more, err = g.emit(Event{Type: EventTakeback, Color: by.Other(), N: n})
	}
	return append(evs, more...), err
}

// TakeBack takes back side by's last move, with whatever was played after
// it, without asking: for games on one screen and against the computer.
// A finished game is final: it is refused once the game has ended, however
// (checkmate and the other rules endings included), in every mode.
func (g *Game) TakeBack(by chess.Color) ([]Event, error) {
	if evs, err := g.checkOpen(); err != nil {
		return evs, err
	}
	if err := g.takebacksAllowed(); err != nil {
		return nil, err
	}
	n, ok := g.takebackCount(by)
	if !ok {
		return nil, fmt.Errorf("%w: no move of %s's to take back", ErrNoTakeback, ColorName(by))
	}
	return g.emit(Event{Type: EventTakeback, Color: by, N: n})
}

// takebacksAllowed refuses takebacks in the variants that have none.
func (g *Game) takebacksAllowed() error {
	switch {
	case g.spec.NoTakeback:
		return fmt.Errorf("%w: %s has no takebacks", ErrNoTakeback, g.spec.Name)
	case g.header.Mandatory:
		return fmt.Errorf("%w: a tournament's game has no takebacks", ErrNoTakeback)
	}
	return nil
}

// takebackCount returns how many moves to take back so that side c is to
// move again where it made its last move (its move and every reply after
// it); moves imported with the setup are never taken back. Who made each
// move is recorded as it is played, not guessed from ply parity.
func (g *Game) takebackCount(c chess.Color) (int, bool) {
	for n := 1; n <= len(g.movers); n++ {
		if g.movers[len(g.movers)-n] == c {
			return n, true
		}
	}
	return 0, false
}

// Berserk makes side by go berserk, as on lichess: half its initial time
// is gone (Clock.BerserkPenalty) and it gets no increment from then on,
// for a win worth one more arena point. Only in a game created
// Berserkable, with a clock of initial time (not per move), that is not
// over, and only before by's first move, once.
func (g *Game) Berserk(by chess.Color) ([]Event, error) {
	if evs, err := g.checkOpen(); err != nil {
		return evs, err
	}
	if err := g.berserkRefusal(by); err != nil {
		return nil, err
	}
	return g.emit(Event{Type: EventBerserk, Color: by})
}

// CanBerserk reports whether side c may go berserk now (Berserk).
func (g *Game) CanBerserk(c chess.Color) bool {
	return !g.status.Finished() && g.berserkRefusal(c) == nil
}

// berserkRefusal says why side c may not go berserk in the open game, or
// nil when it may.
func (g *Game) berserkRefusal(c chess.Color) error {
	switch k := g.clock; {
	case !g.header.Berserkable:
		return fmt.Errorf("%w: this game does not allow it", ErrCannotBerserk)
	case k == nil || k.Initial <= 0 || k.PerMove:
		return fmt.Errorf("%w: only with a clock of initial time", ErrCannotBerserk)
	case g.seats[c].Kind == SeatOpen:
		return fmt.Errorf("%w: %s has no player", ErrCannotBerserk, ColorName(c))
	case k.berserk[c]:
		return fmt.Errorf("%w: %s went berserk already", ErrCannotBerserk, ColorName(c))
	case slices.Contains(g.movers, c):
		return fmt.Errorf("%w: only before %s's first move", ErrCannotBerserk, ColorName(c))
	}
	return nil
}

// Sit seats s at colour c: an open seat of an online game taken by the
// first person with the invite link.
func (g *Game) Sit(c chess.Color, s Seat) ([]Event, error) {
	if g.seats[c].Kind != SeatOpen {
		return nil, fmt.Errorf("%w: %s is taken", ErrSeatTaken, ColorName(c))
	}
	if s.Kind != SeatHuman {
		return nil, fmt.Errorf("%w: only a person can sit down", ErrSeatTaken)
	}
	return g.emit(Event{Type: EventSeat, Color: c, Seat: &s})
}

// Rename gives the person at seat c the display name name (already
// checked by ParseName), before any move of the game: someone who took an
// invite's seat says who they are. It emits nothing when the name is the
// same.
func (g *Game) Rename(c chess.Color, name string) ([]Event, error) {
	seat := g.seats[c]
	switch {
	case seat.Kind != SeatHuman:
		return nil, fmt.Errorf("%w: %s has no person to rename", ErrNotYourSeat, ColorName(c))
	case g.status.Finished() || len(g.movers) > 0:
		return nil, fmt.Errorf("%w: a name can be changed only before the first move", ErrCannotRename)
	case seat.Name == name:
		return nil, nil
	}
	seat.Name = name
	return g.emit(Event{Type: EventSeat, Color: c, Seat: &seat})
}

// ClaimAbandoned ends the game for side by, whose opponent has left it: by
// wins (win), or calls it a draw. The game does not know who is connected:
// the server calls it only once the opponent has been away long enough. A
// game both sides have not yet moved in is aborted instead (Abort).
func (g *Game) ClaimAbandoned(by chess.Color, win bool) ([]Event, error) {
	if evs, err := g.checkOpen(); err != nil {
		return evs, err
	}
	if !g.BothMoved() {
		return nil, fmt.Errorf("%w: the game has not started; abort it instead", ErrCannotClaim)
	}
	end := ByAbandonmentDraw
	if win {
		end = ByAbandonment
	}
	return g.emit(Event{Type: EventEnd, End: end, Color: by.Other()})
}

// BothMoved reports whether each side has made a move in this game (moves
// imported with the setup do not count): the clock runs only from then on,
// and until then a game can be aborted.
func (g *Game) BothMoved() bool {
	for _, c := range g.movers {
		if c != g.movers[0] {
			return true
		}
	}
	return false
}

// PauseClock reads a running clock into an event and stops it, so that a
// game saved as the server goes down charges the time already used and
// none of the downtime. It returns no event when no clock runs.
func (g *Game) PauseClock() []Event {
	if g.clock == nil || g.status.Finished() {
		return nil
	}
	if _, running := g.clock.Running(); !running {
		return nil
	}
	evs, _ := g.emit(Event{Type: EventClock, Clock: timesOf(g.clock)})
	return evs
}

// Reseat gives seat c, as it is, to the person player: a browser that held
// the seat by an older release's secret (its Token) now holds it by its
// player id, and the old secret is dropped.
func (g *Game) Reseat(c chess.Color, player string) ([]Event, error) {
	seat := g.seats[c]
	if seat.Kind != SeatHuman {
		return nil, fmt.Errorf("%w: %s has no person to reseat", ErrSeatTaken, ColorName(c))
	}
	seat.Token, seat.Player = "", player
	return g.emit(Event{Type: EventSeat, Color: c, Seat: &seat})
}
