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
// that mostly shuffle pieces (some from a FEN whose halfmove clock runs
// ahead of its history, some taking moves back), so that repetitions and
// claims by announcing a move are many.
func TestClaimShortcutAgrees(t *testing.T) {
	positions, over, claims, byMove := 0, 0, map[chess.Termination]int{}, map[chess.Termination]int{}
	check := func(g *chess.Game, where string) {
		t.Helper()
		got, want := g.ClaimableDraw(), g.ClaimTryingEveryMove()
		p := g.Position()
		if got != want {
			t.Fatalf("%s: claimable %v, trying every move %v (%s)", where, got, want, p.FEN())
		}
		positions++
		claims[want]++
		if want != chess.NoTermination && g.RepetitionCount() < 3 && p.HalfmoveClock() < 100 {
			byMove[want]++ // only a move brings it about: the shortcut's case
		}
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
	starts := []string{chess.StartFEN, "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 90 4"}
	for walk := range 400 {
		start, err := chess.ParseFEN(starts[walk%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		g := chess.NewGameFrom(start)
		check(g, fmt.Sprintf("walk %d start", walk))
		for ply := 0; ply < 200 && !g.Outcome().Over(); ply++ {
			if len(g.Moves()) > 0 && rng.IntN(10) == 0 {
				g.Pop()
				check(g, fmt.Sprintf("walk %d ply %d, a move taken back", walk, ply))
				continue
			}
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
		if g.Outcome().Over() {
			over++
		}
	}
	if positions < 400_000 || byMove[chess.ThreefoldRepetition] < 500 || byMove[chess.FiftyMoves] < 100 || over < 50 {
		t.Fatalf("too few cases: %d positions (%d walks ended), claims %v, by a move %v", positions, over, claims, byMove)
	}
	t.Logf("%d positions (%d walks ended by the rules), claims %v, by a move %v", positions, over, claims, byMove)
}
