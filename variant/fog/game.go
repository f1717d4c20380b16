package fog

import (
	"errors"
	"fmt"

	"github.com/gambitchess/gambit/chess"
)

// ErrIllegalMove is returned, wrapped, for a move the rules do not allow.
var ErrIllegalMove = errors.New("illegal move")

// ErrGameOver is returned, wrapped, for a move played after the game ended.
var ErrGameOver = errors.New("game is over")

// Game is a fog-of-war game: its positions from the start, so that it can
// detect fivefold repetition, and the moves between them. Its zero value is
// not usable; create one with NewGame.
type Game struct {
	positions []Position // positions[0] is the start; one more than moves
	moves     []chess.Move
}

// NewGame starts a game from p.
func NewGame(p Position) *Game { return &Game{positions: []Position{p}} }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Moves returns the moves played so far; the slice must not be modified.
func (g *Game) Moves() []chess.Move { return g.moves }

// Push plays m after checking that the game goes on and that m is one of
// the position's moves.
func (g *Game) Push(m chess.Move) error {
	p := g.Position()
	if o := g.Outcome(); o.Over() {
		return fmt.Errorf("fog: play %v: %w (%v)", m, ErrGameOver, o)
	}
	if !p.IsPseudoLegal(m) {
		return fmt.Errorf("fog: play %v in %s: %w", m, p.FEN(), ErrIllegalMove)
	}
	g.positions = append(g.positions, p.Play(m))
	g.moves = append(g.moves, m)
	return nil
}

// PushUCI plays a move given in UCI notation (castling as the king's
// two-square step, or king takes rook in Chess960).
func (g *Game) PushUCI(s string) error {
	p := g.Position()
	if o := g.Outcome(); o.Over() {
		return fmt.Errorf("fog: play %q: %w (%v)", s, ErrGameOver, o)
	}
	var ml chess.MoveList
	p.Generate(&ml)
	for _, m := range ml.Moves() {
		if p.board.UCI(m) == s {
			return g.Push(m)
		}
	}
	return fmt.Errorf("fog: play %q in %s: %w", s, p.FEN(), ErrIllegalMove)
}

// Outcome reports the end of the game: Position.Outcome's endings, then
// fivefold repetition (the current position's fifth occurrence, counted
// back to the last capture or pawn move).
func (g *Game) Outcome() Outcome {
	p := g.Position()
	if o := p.Outcome(); o.Over() {
		return o
	}
	key := p.Key()
	seen := 0
	lo := max(0, len(g.positions)-1-p.board.HalfmoveClock())
	for i := len(g.positions) - 1; i >= lo; i -= 2 {
		if g.positions[i].Key() == key {
			seen++
		}
	}
	if seen >= 5 {
		return Outcome{Termination: FivefoldRepetition, Draw: true}
	}
	return Outcome{}
}

// Positions returns every position of the game, the start first: one more
// than Moves. The slice must not be modified.
func (g *Game) Positions() []Position { return g.positions }

// StartPosition returns the position the game started from.
func (g *Game) StartPosition() Position { return g.positions[0] }
