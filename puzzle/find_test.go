package puzzle_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/puzzle"
)

// engineOf opens the game of variant v from start after moves.
func engineOf(t *testing.T, v game.Variant, start, moves string) game.Engine {
	t.Helper()
	g, err := game.New(game.Options{ID: "p", Variant: v, StartFEN: start, MoveText: strings.Fields(moves)})
	if err != nil {
		t.Fatal(err)
	}
	e, ok := g.Engine()
	if !ok {
		t.Fatalf("%s: no engine", v)
	}
	return e
}

// quick is a budget small enough for a test, big enough for these games.
var quick = puzzle.Budget{Scan: 5_000, Solve: 50_000}

func TestFind(t *testing.T) {
	for _, c := range []struct {
		name          string
		v             game.Variant
		start, moves  string
		ply           int    // the opponent's move that went wrong
		first, themes string // the solution's first move; themes it has
		mate          int
	}{
		// 3...Nf6?? lets Qxf7#.
		{"mate in one", "chess", "", "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6", 5, "h5f7", "mate mateIn1 oneMove", 1},
		// 2...Qh4?? puts the queen where the knight takes it.
		{"a queen left", "chess", "", "e2e4 e7e5 g1f3 d8h4", 3, "f3h4", "crushing", 0},
		// Black's chariot steps onto Red's file, and Red's chariot takes it.
		{"a chariot left", "xiangqi", "4k4/8r/9/9/9/9/9/9/R8/3K5 b - - 0 1", "i8a8", 0, "a1a8", "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := engineOf(t, c.v, c.start, c.moves)
			found, err := puzzle.Find(context.Background(), e, quick)
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(found, func(f puzzle.Found) bool { return f.Ply == c.ply })
			if i < 0 {
				t.Fatalf("no puzzle after ply %d: %+v", c.ply, found)
			}
			f := found[i]
			p := puzzle.New(c.v, e, f, "test")
			t.Logf("%+v", p)
			if len(f.Moves) < 2 || f.Moves[1] != c.first || len(f.Moves)%2 != 0 || (c.mate > 0 && f.Mate != c.mate) {
				t.Errorf("moves %v mate %d, want %s first, mate %d", f.Moves, f.Mate, c.first, c.mate)
			}
			for _, th := range strings.Fields(c.themes) {
				if !slices.Contains(p.Themes, th) {
					t.Errorf("themes %v, want %s", p.Themes, th)
				}
			}
			if err := puzzle.Verify(p); err != nil {
				t.Error(err)
			}
			if len(f.Evals) != len(f.Moves)/2 {
				t.Errorf("%d choices for %d moves of the solver's", len(f.Evals), len(f.Moves)/2)
			}
		})
	}
}

// A game without a mistake has no puzzle: 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6.
func TestFindNothingInAQuietGame(t *testing.T) {
	found, err := puzzle.Find(context.Background(), engineOf(t, "chess", "", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"), quick)
	if err != nil || len(found) != 0 {
		t.Errorf("found %+v, %v", found, err)
	}
}
