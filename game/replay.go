package game

import (
	"errors"
	"fmt"

	"github.com/gambitchess/gambit/chess"
)

// ErrHiddenInPlay refuses the record of a game of hidden information while
// it is played: its moves and positions would show what the rules hide.
var ErrHiddenInPlay = errors.New("game: a game of hidden information is shown move by move only once it is over")

// Replay is a game's record as the analysis board reads it: the start
// position and every move with the position after it, and the PGN tags.
type Replay struct {
	StartFEN string
	Steps    []Step
	Tags     [][2]string
}

// Replay returns the game's record with everything revealed: a game of
// full information at any time, one of hidden information (Spec.Hidden)
// only once over, when its rules show every viewer everything (Rules.Sight
// with over set: the squares and pieces it hid, the seed). Before that it
// fails with ErrHiddenInPlay. Who may read a game still played is the
// server's to decide.
func (g *Game) Replay() (Replay, error) {
	over := g.status.Finished()
	if g.spec.Hidden && !over {
		return Replay{}, fmt.Errorf("%w (%s)", ErrHiddenInPlay, g.spec.Label)
	}
	s := g.rules.Sight(chess.White, true, over, true)
	start := s.StartFEN
	if start == "" {
		start = g.rules.StartFEN()
	}
	return Replay{StartFEN: start, Steps: s.Moves, Tags: g.pgnHeader().TagPairs(g.spec.Sides[0])}, nil
}
