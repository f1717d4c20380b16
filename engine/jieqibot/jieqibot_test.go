package jieqibot

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/variant/jieqi"
)

// TestLegalOverRandomSights plays random games and asks the bot, at both
// levels, for a move from the sight of the side to move every few plies:
// it must be one of the legal moves of the true position.
func TestLegalOverRandomSights(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	asked := 0
	games := 4
	if testing.Short() {
		games = 2
	}
	for i := range games {
		g := jieqi.NewGame(fair.Seed{byte(i), 7})
		for ply := 0; ply < 120 && !g.Outcome().Over(); ply++ {
			legal := g.LegalMoves()
			if ply%20 == 0 {
				for level := 1; level <= 2; level++ {
					m := Choose(context.Background(), g.View(g.Turn()), level)
					asked++
					if !slices.Contains(legal, m) {
						t.Fatalf("game %d ply %d level %d: %v is not legal in %s", i, ply, level, m, g.FEN())
					}
				}
			}
			if _, err := g.Push(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if asked < 8 {
		t.Fatalf("asked only %d times", asked)
	}
}

func TestTakesHangingChariot(t *testing.T) {
	tests := []struct {
		fen  string
		want string
	}{
		// Red's chariot takes Black's undefended one on a5.
		{"3k5/9/9/9/r8/9/9/9/9/R3K4 w", "a0a5"},
		// A red face-down piece on i0 moves as a chariot and takes the
		// loose black chariot on i6, whatever it turns out to be.
		{"3k5/9/9/8r/9/9/9/9/9/4K3X w", "i0i6"},
		// Black to move: its cannon on b7 takes the red chariot on b2
		// over the screen on b5.
		{"4k4/9/1c7/9/1P7/9/9/1R7/9/3K5 b", "b7b2"},
	}
	for _, tt := range tests {
		p, err := jieqi.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		for level := 1; level <= 2; level++ {
			if m := Choose(context.Background(), jieqi.View(p, p.SideToMove()), level); m.String() != tt.want {
				t.Errorf("%s level %d: %v, want %s", tt.fen, level, m, tt.want)
			}
		}
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := jieqi.NewGame(fair.Seed{5})
	m, nodes := choose(ctx, g.View(jieqi.Red), 2)
	if !slices.Contains(g.LegalMoves(), m) {
		t.Fatalf("cancelled search returned %v, not a legal move", m)
	}
	if nodes > checkEvery {
		t.Errorf("a cancelled search ran %d nodes, more than the %d between two looks at its context", nodes, checkEvery)
	}
	if _, all := choose(context.Background(), g.View(jieqi.Red), 2); all <= checkEvery {
		t.Errorf("an uncancelled search ran %d nodes: the test above cannot tell", all)
	}
}

func TestNoMove(t *testing.T) {
	p, err := jieqi.ParseFEN("R2k5/1R7/9/9/9/9/9/9/9/4K4 b")
	if err != nil {
		t.Fatal(err)
	}
	if m := Choose(context.Background(), jieqi.View(p, jieqi.Black), 2); m != jieqi.MoveNone {
		t.Errorf("mated side chose %v", m)
	}
}

func BenchmarkChooseStart(b *testing.B) {
	g := jieqi.NewGame(fair.Seed{5})
	s := g.View(jieqi.Red)
	b.ReportAllocs()
	for b.Loop() {
		Choose(context.Background(), s, 2)
	}
}
