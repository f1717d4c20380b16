package chess_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
)

// TestClaimShortcutAgrees compares ClaimableDraw, which skips trying the
// moves when no move can bring a claim about, with trying every move: at
// every position of the shared games' main lines, and along random walks
// that mostly shuffle pieces, so that repetitions and claims by a move are
// many.
func TestClaimShortcutAgrees(t *testing.T) {
	positions, claims := 0, map[chess.Termination]int{}
	check := func(g *chess.Game, where string) {
		t.Helper()
		got, want := g.ClaimableDraw(), g.ClaimTryingEveryMove()
		if got != want {
			p := g.Position()
			t.Fatalf("%s: claimable %v, trying every move %v (%s)", where, got, want, p.FEN())
		}
		positions++
		claims[want]++
	}
	eachSharedMainline(t, func(path string, n int, ml *pgn.Mainline) {
		g := chess.NewGameFrom(ml.Start)
		for _, m := range ml.Moves {
			if g.Outcome().Over() {
				break // played on after a draw the rules make at once
			}
			if err := g.Push(m); err != nil {
				t.Fatalf("%s game %d: %v", path, n, err)
			}
			check(g, filepath.Base(path))
		}
	})
	rng := rand.New(rand.NewPCG(1, 2))
	for walk := range 300 {
		g := chess.NewGame()
		for ply := 0; ply < 200 && !g.Outcome().Over(); ply++ {
			p := g.Position()
			moves := g.LegalMoves()
			var quiet []chess.Move
			for _, m := range moves {
				if !p.IsZeroing(m) {
					quiet = append(quiet, m)
				}
			}
			pick := moves
			if len(quiet) > 0 && rng.IntN(20) > 0 {
				pick = quiet
			}
			if err := g.Push(pick[rng.IntN(len(pick))]); err != nil {
				t.Fatal(err)
			}
			check(g, fmt.Sprintf("walk %d ply %d", walk, ply))
		}
	}
	if positions < 400_000 || claims[chess.ThreefoldRepetition] < 1000 || claims[chess.FiftyMoves] < 100 {
		t.Fatalf("too few cases: %d positions, claims %v", positions, claims)
	}
	t.Logf("%d positions, claims %v", positions, claims)
}
