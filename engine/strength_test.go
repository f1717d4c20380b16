package engine

import (
	"context"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// TestLowestLevelIsBeatable: the weakest strengths, over UCI
// (UCI_LimitStrength at EloMin, Skill Level 0) and in the web app (the
// greedy level), must lose to a beginner. The beginner is the minimax
// teaching level at depth 2: it looks at each move and the opponent's best
// reply, what a new player is taught to do, and nothing deeper. (The greedy level, which never looks at the reply, is weaker than
// a beginner: it gives its queen for a defended pawn, and loses every game.)
// Over paired games from random balanced openings the beginner must win
// more than it loses.
func TestLowestLevelIsBeatable(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	beginner := DefaultOptions()
	beginner.Algorithm = AlgorithmMinimax
	lowest := []struct {
		name string
		set  func(*Options)
	}{
		{"UCI_Elo 600", func(o *Options) { o.LimitStrength, o.Elo = true, EloMin }},
		{"Skill Level 0", func(o *Options) { o.SkillLevel = 0 }},
		// The web app's first level (server/computer.Levels) is the greedy teaching search.
		{"greedy", func(o *Options) { o.Algorithm = AlgorithmGreedy }},
	}
	for _, l := range lowest {
		name := l.name
		t.Run(name, func(t *testing.T) {
			weakest := DefaultOptions()
			l.set(&weakest)
			wins, draws, losses := beginnerMatch(t, beginner, weakest)
			t.Logf("beginner (minimax depth 2) vs %s: +%d =%d -%d", name, wins, draws, losses)
			if wins <= losses {
				t.Errorf("%s is too strong for a beginner: +%d =%d -%d", name, wins, draws, losses)
			}
		})
	}
}

// beginnerMatch plays 10 pairs of games, each pair from one random balanced
// opening with colours swapped, and returns the beginner's wins, draws and
// losses. The weak side's seed changes with the pair, so its errors do too.
func beginnerMatch(t *testing.T, beginner, weakest Options) (wins, draws, losses int) {
	const pairs = 10
	cfg := SelfPlayConfig{Nodes: 5000, MaxPlies: 300}.withDefaults()
	for i := 0; i < pairs; i++ {
		start, err := opening(context.Background(), gameRNG(0xBE61, i), New(DefaultOptions()), cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, beginnerWhite := range []bool{true, false} {
			weak := weakest
			weak.Seed = uint64(i)
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
	return wins, draws, losses
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
