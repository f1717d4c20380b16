package game

import (
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// ClockConfig is a time control: Initial per side plus Increment per move.
// The zero value means no clock.
type ClockConfig struct {
	Initial   time.Duration
	Increment time.Duration
}

// Options describe a new game.
type Options struct {
	ID    string
	Mode  Mode
	Seats [2]Seat // by colour: Seats[chess.White], Seats[chess.Black]
	// Start is the starting position; the zero Position means the standard one.
	Start *chess.Position
	// Moves are played from Start before the game is handed out (an imported game).
	Moves []chess.Move
	Clock ClockConfig
	Now   func() time.Time
}

// Game is one live game: the rules state, the seats, the clock and the
// server-level status. A Game is not safe for concurrent use: the server
// gives each live game to one goroutine.
type Game struct {
	id        string
	mode      Mode
	seats     [2]Seat
	rules     *chess.Game
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
	start := chess.StartPosition()
	if o.Start != nil {
		start = *o.Start
	}
	g := &Game{id: o.ID, mode: o.Mode, seats: o.Seats, rules: chess.NewGameFrom(start), now: o.Now}
	g.createdAt = o.Now()
	g.updatedAt = g.createdAt
	if o.Clock.Initial > 0 {
		g.clock = NewClock(o.Clock.Initial, o.Clock.Increment, o.Now)
	}
	for i, m := range o.Moves {
		if err := g.rules.Push(m); err != nil {
			return nil, fmt.Errorf("%w: imported move %d: %v", ErrBadSetup, i+1, err)
		}
	}
	g.status = Created
	if len(o.Moves) > 0 {
		g.status = Started
	}
	g.settle()
	if !g.status.Finished() && len(o.Moves) > 0 && g.clock != nil {
		g.clock.Start(g.rules.Turn())
	}
	return g, nil
}

// ID returns the game's identifier.
func (g *Game) ID() string { return g.id }

// Mode returns how the game is played.
func (g *Game) Mode() Mode { return g.mode }

// Seat returns the seat of colour c.
func (g *Game) Seat(c chess.Color) Seat { return g.seats[c] }

// Status returns the server-level status.
func (g *Game) Status() Status { return g.status }

// Outcome returns the rules-level ending (the zero Outcome while the game
// goes on or when it was aborted).
func (g *Game) Outcome() chess.Outcome { return g.rules.Outcome() }

// Turn returns the colour to move.
func (g *Game) Turn() chess.Color { return g.rules.Turn() }

// Position returns the current position.
func (g *Game) Position() chess.Position { return g.rules.Position() }

// FEN returns the current position in FEN.
func (g *Game) FEN() string { p := g.rules.Position(); return p.FEN() }

// StartFEN returns the starting position in FEN.
func (g *Game) StartFEN() string { p := g.rules.StartPosition(); return p.FEN() }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return g.rules.Ply() }

// Rules returns the rules-level game. Callers must not change it: it is
// exposed for read-only use such as a bot's search history.
func (g *Game) Rules() *chess.Game { return g.rules }

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
		g.status = statusOf(o.Termination)
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
