package puzzle

import (
	"context"
	"fmt"
	"slices"

	"github.com/gambitchess/gambit/game"
)

// Verify checks a stored puzzle against the criteria (doc.go) from what
// it keeps: its moves are legal from its FEN in its variant's rules; it has
// one choice for each of the solver's moves, each the move the solution
// plays and the only one by the thresholds (the second best falls short);
// a mate puzzle ends in mate, every choice of it a mate within MateSoon;
// and its themes are those Themes names. A fresh search is Recheck's.
func Verify(p Puzzle) error {
	if err := verifyChoices(p); err != nil {
		return fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	if err := verifyMoves(p); err != nil {
		return fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	if want := Themes(p); !slices.Equal(p.Themes, want) {
		return fmt.Errorf("puzzle %s: themes %v, want %v", p.ID, p.Themes, want)
	}
	return nil
}

// verifyMoves replays p's moves and, for a mate puzzle, sees the mate.
func verifyMoves(p Puzzle) error {
	g, err := game.New(game.Options{ID: p.ID, Variant: p.Variant, StartFEN: p.FEN, MoveText: p.Moves})
	if err != nil {
		return err
	}
	e, ok := g.Engine()
	if !ok {
		return fmt.Errorf("no engine reads %s", p.Variant)
	}
	if e.Plies() != len(p.Moves) {
		return fmt.Errorf("%d of %d moves replayed", e.Plies(), len(p.Moves))
	}
	over, lost := e.Terminal(e.Plies())
	if p.Mate() > 0 && !(over && lost) {
		return fmt.Errorf("a mate in %d that does not end in mate", p.Mate())
	}
	if p.Mate() == 0 && over {
		return fmt.Errorf("an advantage puzzle that ends the game")
	}
	return nil
}

// verifyChoices checks each of the solver's stored choices.
func verifyChoices(p Puzzle) error {
	if len(p.Evals) != len(p.Moves)/2 {
		return fmt.Errorf("%d choices for %d moves of the solver's", len(p.Evals), len(p.Moves)/2)
	}
	for i, c := range p.Evals {
		move := p.Moves[1+2*i]
		switch {
		case len(c.Best.Moves) == 0 || c.Best.Moves[0] != move:
			return fmt.Errorf("choice %d: best %v, the solution plays %s", i+1, c.Best.Moves, move)
		case !onlyMove(c):
			return fmt.Errorf("choice %d: %s is not the only move (best %+v, second %+v)", i+1, move, c.Best.Score, *c.Second)
		case p.Mate() > 0 && (c.Best.Score.Mate <= 0 || c.Best.Score.Mate > MateSoon):
			return fmt.Errorf("choice %d: a mate puzzle's move that does not mate within %d", i+1, MateSoon)
		}
	}
	return nil
}

// Recheck searches p's positions afresh with f: at each of the solver's
// moves the solution's move must be the engine's best (in a mate in one,
// any mate) and the only one by the thresholds. It is Verify's slow twin,
// for a set found with another engine or budget.
func (f Finder) Recheck(ctx context.Context, p Puzzle) error {
	g, err := game.New(game.Options{ID: p.ID, Variant: p.Variant, StartFEN: p.FEN, MoveText: p.Moves})
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	e, ok := g.Engine()
	if !ok {
		return fmt.Errorf("puzzle %s: no engine reads %s", p.ID, p.Variant)
	}
	f.Dialect = *g.Spec().UCI
	for ply := 1; ply < len(p.Moves); ply += 2 {
		b, err := e.Branch(ply, nil)
		if err != nil {
			return fmt.Errorf("puzzle %s: %w", p.ID, err)
		}
		c, err := f.choose(ctx, b, true)
		if err != nil {
			return fmt.Errorf("puzzle %s: %w", p.ID, err)
		}
		move := p.Moves[ply]
		lastMate := c.Best.Score.Mate == 1 && ply == len(p.Moves)-1
		switch {
		case c.Best.Moves[0] != move && !lastMate:
			return fmt.Errorf("puzzle %s: move %d: the engine plays %s, the solution %s", p.ID, ply, c.Best.Moves[0], move)
		case !onlyMove(c):
			return fmt.Errorf("puzzle %s: move %d: %s is not the only move now (best %+v, second %+v)", p.ID, ply, move, c.Best.Score, c.Second.Score)
		}
	}
	return nil
}
