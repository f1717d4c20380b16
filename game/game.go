package game

import (
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/xiangqi"
)

// ClockConfig is a time control: Initial per side plus Increment per move.
// The zero value means no clock.
type ClockConfig struct {
	Initial   time.Duration
	Increment time.Duration
}

// Options describe a new game.
type Options struct {
	ID      string
	Mode    Mode
	Variant Variant // "" means chess
	Seats   [2]Seat // by side: Seats[chess.White] (xiangqi: Red), Seats[chess.Black]
	// Start is the starting chess position; nil means StartFEN, or the standard one.
	Start *chess.Position
	// StartFEN is the starting position in the variant's FEN; "" means the standard one.
	StartFEN string
	// Moves are played from Start before the game is handed out (an imported chess game).
	Moves []chess.Move
	// MoveText are moves in coordinate text (UCI, ICCS) played after Moves.
	MoveText []string
	Clock    ClockConfig
	Now      func() time.Time
}

// Game is one live game: the rules state, the seats, the clock and the
// server-level status. A Game is not safe for concurrent use: the server
// gives each live game to one goroutine.
type Game struct {
	id        string
	mode      Mode
	seats     [2]Seat
	rules     Rules
	clock     *Clock // nil for an untimed game
	status    Status
	flagged   chess.Color // who ran out of time, when status is Timeout
	offer     chess.Color // who offers a draw, when offering is set
	offering  bool
	version   int64 // incremented by every change; events carry it
	createdAt time.Time
	updatedAt time.Time
	now       func() time.Time
}

// New returns a game set up as o says. Imported moves must be legal.
func New(o Options) (*Game, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	rules, err := newRules(o.Variant, o.StartFEN)
	if err != nil {
		return nil, err
	}
	if o.Start != nil {
		if o.Variant == Xiangqi {
			return nil, fmt.Errorf("%w: a chess position for a xiangqi game", ErrBadSetup)
		}
		rules = newChessRules(*o.Start)
	}
	g := &Game{id: o.ID, mode: o.Mode, seats: o.Seats, rules: rules, now: o.Now}
	g.createdAt = o.Now()
	g.updatedAt = g.createdAt
	if o.Clock.Initial > 0 {
		g.clock = NewClock(o.Clock.Initial, o.Clock.Increment, o.Now)
	}
	if err := g.playImported(o); err != nil {
		return nil, err
	}
	g.status = Created
	if g.rules.Ply() > 0 {
		g.status = Started
	}
	g.settle()
	if !g.status.Finished() && g.rules.Ply() > 0 && g.clock != nil {
		g.clock.Start(g.rules.Turn())
	}
	return g, nil
}

// playImported plays the moves of an imported game.
func (g *Game) playImported(o Options) error {
	if len(o.Moves) > 0 {
		cr, ok := g.rules.(*chessRules)
		if !ok {
			return fmt.Errorf("%w: chess moves for a %s game", ErrBadSetup, g.rules.Variant())
		}
		for i, m := range o.Moves {
			if err := cr.g.Push(m); err != nil {
				return fmt.Errorf("%w: imported move %d: %v", ErrBadSetup, i+1, err)
			}
		}
	}
	for i, u := range o.MoveText {
		if _, err := g.rules.Play(u); err != nil {
			return fmt.Errorf("%w: imported move %d: %v", ErrBadSetup, len(o.Moves)+i+1, err)
		}
	}
	return nil
}

// ID returns the game's identifier.
func (g *Game) ID() string { return g.id }

// Mode returns how the game is played.
func (g *Game) Mode() Mode { return g.mode }

// Seat returns the seat of colour c.
func (g *Game) Seat(c chess.Color) Seat { return g.seats[c] }

// Status returns the server-level status.
func (g *Game) Status() Status { return g.status }

// Variant returns the game played.
func (g *Game) Variant() Variant { return g.rules.Variant() }

// Outcome returns the rules-level ending (the zero Outcome while the game
// goes on).
func (g *Game) Outcome() Outcome { return g.rules.Outcome() }

// Turn returns the side to move (chess.White is xiangqi's Red).
func (g *Game) Turn() chess.Color { return g.rules.Turn() }

// FEN returns the current position in FEN.
func (g *Game) FEN() string { return g.rules.FEN() }

// StartFEN returns the starting position in FEN.
func (g *Game) StartFEN() string { return g.rules.StartFEN() }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return g.rules.Ply() }

// Rules returns the rules of the game. Callers must not change them.
func (g *Game) Rules() Rules { return g.rules }

// ChessGame returns the rules-level chess game, for read-only use such as
// a bot's search; ok is false in another variant.
func (g *Game) ChessGame() (cg *chess.Game, ok bool) {
	r, ok := g.rules.(*chessRules)
	if !ok {
		return nil, false
	}
	return r.g, true
}

// XiangqiGame returns the rules-level xiangqi game, for read-only use such
// as a bot's search; ok is false in another variant.
func (g *Game) XiangqiGame() (xg *xiangqi.Game, ok bool) {
	r, ok := g.rules.(*xiangqiRules)
	if !ok {
		return nil, false
	}
	return r.g, true
}

// Clock returns the clock, or nil for an untimed game.
func (g *Game) Clock() *Clock { return g.clock }

// Version returns the number of changes made to the game so far.
func (g *Game) Version() int64 { return g.version }

// DrawOffer returns the colour offering a draw, if any.
func (g *Game) DrawOffer() (chess.Color, bool) { return g.offer, g.offering }

// CreatedAt returns when the game was created.
func (g *Game) CreatedAt() time.Time { return g.createdAt }

// UpdatedAt returns when the game last changed.
func (g *Game) UpdatedAt() time.Time { return g.updatedAt }

// CanClaimDraw reports whether the side to move may claim a draw now
// (threefold repetition or the 50-move rule).
func (g *Game) CanClaimDraw() bool { return !g.status.Finished() && g.rules.CanClaimDraw() }

// touch records a change.
func (g *Game) touch() {
	g.version++
	g.updatedAt = g.now()
}

// settle derives the status from the rules after a change and stops the
// clock once the game is over.
func (g *Game) settle() {
	if g.status == Aborted {
		return
	}
	if o := g.rules.Outcome(); o.Over() {
		g.status = o.Status
		g.offering = false
		if g.clock != nil {
			g.clock.Stop()
		}
		return
	}
	if g.rules.Ply() > 0 {
		g.status = Started
	} else {
		g.status = Created
	}
}
