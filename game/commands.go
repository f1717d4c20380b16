package game

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
)

// Played describes an accepted move.
type Played struct {
	Step
	Ply int // the move's number in the game, from 1
}

// checkOpen returns ErrGameOver once the game has finished, first ending it
// on time if the running side has flagged.
func (g *Game) checkOpen() error {
	g.CheckFlag()
	if g.status.Finished() {
		return fmt.Errorf("%w (%s)", ErrGameOver, g.status)
	}
	return nil
}

// CheckFlag ends the game on time if the running side has no time left. It
// reports whether it did.
func (g *Game) CheckFlag() bool {
	if g.clock == nil || g.status.Finished() {
		return false
	}
	c, ok := g.clock.Flagged()
	if !ok {
		return false
	}
	if err := g.rules.Declare(ByTimeout, c); err != nil {
		return false
	}
	g.flagged = c
	g.touch()
	g.settle()
	return true
}

// Move plays the move given in coordinate text (UCI for chess, ICCS for
// xiangqi) for side c, which must be the side to move.
func (g *Game) Move(c chess.Color, uci string) (Played, error) {
	if err := g.checkOpen(); err != nil {
		return Played{}, err
	}
	if c != g.rules.Turn() {
		return Played{}, fmt.Errorf("%w: %s to move", ErrNotYourTurn, ColorName(g.rules.Turn()))
	}
	step, err := g.rules.Play(uci)
	if err != nil {
		return Played{}, err
	}
	if g.clock != nil {
		g.clock.Press(c)
	}
	if g.offering && g.offer != c {
		g.offering = false // moving on declines the opponent's offer
	}
	g.touch()
	g.settle()
	return Played{Step: step, Ply: g.rules.Ply()}, nil
}

// Resign ends the game: colour c resigns.
func (g *Game) Resign(c chess.Color) error {
	if err := g.checkOpen(); err != nil {
		return err
	}
	if err := g.rules.Declare(ByResignation, c); err != nil {
		return fmt.Errorf("resign: %w", err)
	}
	g.touch()
	g.settle()
	return nil
}

// Abort ends a game, with no result, before both sides have moved.
func (g *Game) Abort() error {
	if err := g.checkOpen(); err != nil {
		return err
	}
	if g.rules.Ply() >= 2 {
		return fmt.Errorf("%w: both sides have moved", ErrCannotAbort)
	}
	g.status = Aborted
	g.offering = false
	if g.clock != nil {
		g.clock.Stop()
	}
	g.touch()
	return nil
}

// OfferDraw records colour c's offer of a draw.
func (g *Game) OfferDraw(c chess.Color) error {
	if err := g.checkOpen(); err != nil {
		return err
	}
	if g.offering {
		return ErrAlreadyOffered
	}
	g.offer, g.offering = c, true
	g.touch()
	return nil
}

// AcceptDraw ends the game as agreed when the opponent of c has offered a draw.
func (g *Game) AcceptDraw(c chess.Color) error {
	if err := g.checkOpen(); err != nil {
		return err
	}
	if !g.offering || g.offer == c {
		return ErrNoDrawOffer
	}
	if err := g.rules.Declare(ByAgreement, c); err != nil {
		return fmt.Errorf("agree draw: %w", err)
	}
	g.touch()
	g.settle()
	return nil
}

// DeclineDraw withdraws or declines the pending offer.
func (g *Game) DeclineDraw(chess.Color) error {
	if err := g.checkOpen(); err != nil {
		return err
	}
	if !g.offering {
		return ErrNoDrawOffer
	}
	g.offering = false
	g.touch()
	return nil
}

// ClaimDraw ends a chess game as a draw by the threefold or 50-move rule,
// when the side to move (c) may claim it. Xiangqi has no claims: its
// repetitions are judged automatically.
func (g *Game) ClaimDraw(c chess.Color) error {
	if err := g.checkOpen(); err != nil {
		return err
	}
	if c != g.rules.Turn() {
		return fmt.Errorf("%w: only the side to move may claim", ErrNotYourTurn)
	}
	if err := g.rules.Declare(ByClaim, c); err != nil {
		return fmt.Errorf("%w: %v", ErrCannotClaim, err)
	}
	g.touch()
	g.settle()
	return nil
}

// Takeback takes back the last n moves. It is refused once a player ended
// the game (resignation, agreement, timeout, abort); after a rules ending
// such as checkmate it reopens the game. The clock keeps each side's time
// and starts the side to move's.
func (g *Game) Takeback(n int) error {
	switch {
	case g.status == Resigned || g.status == DrawAgreed || g.status == Timeout || g.status == Aborted:
		return fmt.Errorf("%w (%s)", ErrGameOver, g.status)
	case n <= 0 || n > g.rules.Ply():
		return fmt.Errorf("%w: %d of %d moves", ErrNoTakeback, n, g.rules.Ply())
	}
	g.CheckFlag()
	if g.status == Timeout {
		return fmt.Errorf("%w (%s)", ErrGameOver, g.status)
	}
	for range n {
		g.rules.Pop()
	}
	g.offering = false
	g.settle()
	if g.clock != nil {
		if g.status == Started {
			g.clock.Start(g.rules.Turn())
		} else {
			g.clock.Stop()
		}
	}
	g.touch()
	return nil
}
