package starter_test

import (
	"context"
	"flag"
	"testing"

	"github.com/gambitchess/gambit/puzzle"
	"github.com/gambitchess/gambit/puzzle/starter"
	"github.com/gambitchess/gambit/review"
	_ "github.com/gambitchess/gambit/variant/all"
)

// Every shipped puzzle holds by the criteria, read from the evaluations
// it keeps (puzzle.Verify): legal, each solver's move the only one, mates
// that mate, themes as Themes names them; and no id twice.
func TestEveryStarterPuzzleHolds(t *testing.T) {
	ps, err := starter.Puzzles()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 {
		t.Fatal("no starter puzzles")
	}
	seen := map[string]bool{}
	for _, p := range ps {
		if err := puzzle.Verify(p); err != nil {
			t.Error(err)
		}
		if seen[p.ID] {
			t.Errorf("puzzle %s twice", p.ID)
		}
		seen[p.ID] = true
	}
}

var recheck = flag.Bool("puzzles.recheck", false, "search every starter puzzle afresh at the finder's budget (slow)")

// With -puzzles.recheck, every shipped puzzle is searched afresh with
// Gambit's engines at the default budget: each solver's move still the
// best and the only one.
func TestEveryStarterPuzzleRechecked(t *testing.T) {
	if !*recheck {
		t.Skip("a fresh search of the whole set: go test ./puzzle/starter/ -puzzles.recheck")
	}
	ps, err := starter.Puzzles()
	if err != nil {
		t.Fatal(err)
	}
	f := puzzle.Finder{Eval: review.NewBuiltin(), Budget: puzzle.DefaultBudget}
	for _, p := range ps {
		if err := f.Recheck(context.Background(), p); err != nil {
			t.Error(err)
		}
	}
}
