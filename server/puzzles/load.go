package puzzles

import (
	"context"

	"github.com/gambitchess/gambit/puzzle"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/store"
)

// Add stores ps in st (store.Puzzles.AddPuzzles: one stored already is
// kept as it is, its rating and plays with it), each rated as its record
// says, with a new player's volatility; it returns how many were new.
func Add(ctx context.Context, st store.Puzzles, ps []puzzle.Puzzle) (int, error) {
	out := make([]store.Puzzle, len(ps))
	for i, p := range ps {
		out[i] = store.Puzzle{ID: p.ID, Variant: string(p.Variant), FEN: p.FEN, Moves: p.Moves,
			Rating: rating.Glicko{Rating: float64(p.Rating), Deviation: float64(p.RatingDeviation), Volatility: rating.DefaultVolatility},
			Themes: p.Themes, Game: p.Game}
	}
	return st.AddPuzzles(ctx, out)
}
