package puzzles

import (
	"context"
	"net/http"
	"testing"

	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/store"
)

// meanwhile is a store where, before the first round it records, another
// solver's rated round moves the puzzle's rating (on another node, say).
type meanwhile struct {
	store.Puzzles
	done bool
}

func (m *meanwhile) RecordRound(ctx context.Context, r store.PuzzleRound, rated *store.RoundRatings) error {
	if !m.done {
		m.done = true
		p, err := m.Puzzles.Puzzle(ctx, r.Puzzle)
		if err != nil {
			return err
		}
		other := store.PuzzleRound{Solver: "u-other", Puzzle: r.Puzzle, Variant: r.Variant, Win: false, At: r.At}
		moved := rating.Glicko{Rating: p.Rating.Rating + 40, Deviation: p.Rating.Deviation - 50, Volatility: p.Rating.Volatility}
		if err := m.Puzzles.RecordRound(ctx, other, &store.RoundRatings{PuzzleBefore: p.Rating, Puzzle: moved, Solver: rating.Default()}); err != nil {
			return err
		}
	}
	return m.Puzzles.RecordRound(ctx, r, rated)
}

// A round whose puzzle another round rated meanwhile is rated again from
// the puzzle's new rating: both rounds count, neither is lost.
func TestSolveRatesFromTheRatingOfNow(t *testing.T) {
	e := newEnv(t, puzzleAt("p1", 1500))
	start := e.puzzle("p1").Rating
	e.h = New(Config{Store: &meanwhile{Puzzles: e.st}, Asker: asker{}, Error: answerError, Now: e.clock.now})
	e.mux = routes(e.h)
	got := e.solve(ann, "/api/puzzle/batch/mix", "p1:w:r")
	if len(got.Rounds) != 1 || got.Rounds[0].RatingDiff <= 0 {
		t.Fatalf("ann's round: %+v", got.Rounds)
	}
	// The other round moved the puzzle up 40, then ann won: the puzzle's
	// rating is rated from the moved one.
	moved := rating.Glicko{Rating: start.Rating + 40, Deviation: start.Deviation - 50, Volatility: start.Volatility}
	_, want := rate(rating.Default(), moved, true)
	if p := e.puzzle("p1"); p.Plays != 2 || p.Rating != want {
		t.Errorf("p1 after both rounds: %+v, want rating %+v", p, want)
	}
	var again Solved
	e.want(http.StatusOK, ann, "POST", "/api/puzzle/batch/mix", `{"solutions":[{"id":"p1","win":true,"rated":true}]}`, &again)
	if again.Rounds[0].RatingDiff != 0 {
		t.Errorf("a second attempt: %+v", again.Rounds)
	}
}
