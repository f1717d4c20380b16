package puzzles

import (
	"context"

	"github.com/gambitchess/gambit/puzzle"
	"github.com/gambitchess/gambit/store"
)

// Add stores ps in st as StorePuzzle writes each (store.Puzzles.AddPuzzles:
// one stored already is kept as it is, its rating and plays with it); it
// returns how many were new.
func Add(ctx context.Context, st store.Puzzles, ps []puzzle.Puzzle) (int, error) {
	out := make([]store.Puzzle, len(ps))
	for i, p := range ps {
		out[i] = StorePuzzle(p)
	}
	return st.AddPuzzles(ctx, out)
}
