package starter_test

import (
	"testing"

	"github.com/gambitchess/gambit/puzzle"
	"github.com/gambitchess/gambit/puzzle/starter"
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
