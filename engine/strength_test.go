package engine

import (
	"context"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// TestLowestLevelIsBeatable: the weakest strength the web app offers
// (UCI_LimitStrength at EloMin) must lose to a beginner. The beginner is
// the minimax teaching level at depth 2: it looks at each move and the
// opponent's best reply, what a new player is taught to do, and nothing
// deeper. (The greedy level, which never looks at the reply, is weaker than
// a beginner: it gives its queen for a defended pawn, and loses every game.)
// Over paired games from random balanced openings the beginner must win
// more than it loses.
func TestLowestLevelIsBeatable(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	weakest := DefaultOptions()
	weakest.LimitStrength, weakest.Elo = true, EloMin
	beginner := DefaultOptions()
	beginner.Algorithm = AlgorithmMinimax

	const pairs = 10
	cfg := SelfPlayConfig{Nodes: 5000, MaxPlies: 300}.withDefaults()
	ctx := context.Background()
	wins, draws, losses := 0, 0, 0 // the beginner's
	for i := 0; i < pairs; i++ {
		start, err := opening(ctx, gameRNG(0xBE61, i), New(DefaultOptions()), cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, beginnerWhite := range []bool{true, false} {
			weak := weakest
			weak.Seed = uint64(i) // a different choice of errors in every pair
			w, b := New(beginner), New(weak)
			if !beginnerWhite {
				w, b = b, w
			}
			res := playPlain(t, w, b, start, cfg.MaxPlies)
			if !beginnerWhite {
				res = 1 - res
			}
			switch res {
			case 1:
				wins++
			case 0:
				losses++
			default:
				draws++
			}
		}
	}
	t.Logf("beginner (minimax depth 2) vs lowest level: +%d =%d -%d", wins, draws, losses)
	if wins <= losses {
		t.Errorf("the lowest level is too strong for a beginner: beginner +%d =%d -%d", wins, draws, losses)
	}
}

// playPlain plays white against black from start with each engine's own
// settings and no adjudication: 1, 0.5 or 0 from White's view.
func playPlain(t *testing.T, white, black *Engine, start chess.Position, maxPlies int) float64 {
	t.Helper()
	g := chess.NewGameFrom(start)
	var keys []uint64
	for ply := 0; ply < maxPlies; ply++ {
		if o := g.Outcome(); o.Over() || g.CanClaimDraw() {
			return outcomeScore(o)
		}
		pos := g.Position()
		e := white
		if pos.SideToMove() == chess.Black {
			e = black
		}
		r := e.Search(context.Background(), pos, keys, Limits{Depth: 2}, nil)
		keys = append(keys, pos.Key())
		if err := g.Push(r.BestMove); err != nil {
			t.Fatalf("%s: %v", pos.FEN(), err)
		}
	}
	return 0.5
}
