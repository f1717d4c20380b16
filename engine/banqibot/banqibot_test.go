package banqibot

import (
	"context"
	"testing"
	"time"

	"github.com/gambitchess/gambit/variant/banqi"
)

func sight(t testing.TB, fen string, taken [2]string) banqi.Position {
	t.Helper()
	p, err := banqi.SightOf(fen, taken)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestChooses: positions with one right move, at both levels.
func TestChooses(t *testing.T) {
	tests := []struct {
		name   string
		fen    string
		want   string // the move, or "!" and a move it must not play
		levels []int
	}{
		// The chariot takes the horse beside it.
		{"takes a free piece", "8/8/8/Rn6 w r 0 1", "a1b1", []int{1, 3}},
		// The soldier takes black's last piece, the general: a win.
		{"the soldier takes the general", "8/8/x7/Pk6 w r 0 1", "a1b1", []int{1, 3}},
		// The cannon jumps the face-down screen onto the advisor.
		{"the cannon jumps", "8/8/8/C1x1a3 w r 0 1", "a1e1", []int{1, 3}},
		// The red advisor beside a face-down piece: flipping it may turn
		// up the black general, which takes the advisor.
		{"no flip beside a piece the flip may take", "x7/8/8/Ax6 w r 0 1", "!b1b1", []int{1, 3}},
		// The horse is attacked by the black chariot; it steps away
		// rather than flip elsewhere.
		{"runs from a threat", "x7/8/r7/N7 w r 0 1", "a1b1", []int{3}},
	}
	for _, tt := range tests {
		for _, level := range tt.levels {
			p := sight(t, tt.fen, [2]string{})
			got := Choose(context.Background(), p, level).String()
			if tt.want[0] == '!' && got == tt.want[1:] || tt.want[0] != '!' && got != tt.want {
				t.Errorf("%s at level %d: played %s, want %s", tt.name, level, got, tt.want)
			}
		}
	}
}

func TestNoMove(t *testing.T) {
	p := sight(t, "8/8/8/K7 b r 0 1", [2]string{})
	if m := Choose(context.Background(), p, 3); m != banqi.MoveNone {
		t.Errorf("black has no piece, yet plays %v", m)
	}
}

// TestLegalAndDeterministic: from positions of a played game, every
// choice is legal, and the same twice.
func TestLegalAndDeterministic(t *testing.T) {
	for _, fen := range []string{banqi.StartFEN, "xxxxxxxx/xxxxxxxx/xxxxxxxx/xKxxxxxx b r 0 1", "xpxxxxxx/1Rxxxxxx/xxxxcxxx/xxxAxxxx w b 12 34"} {
		p := sight(t, fen, [2]string{})
		a, nodes := choose(context.Background(), &p, 3)
		b, _ := choose(context.Background(), &p, 3)
		if a != b || !p.IsLegal(a) {
			t.Errorf("%s: chose %v then %v (legal: %t)", fen, a, b, p.IsLegal(a))
		}
		if nodes > nodeLimit {
			t.Errorf("%s: %d nodes, over the limit %d", fen, nodes, nodeLimit)
		}
	}
}

// TestStopsWhenAsked: a cancelled context still gets a legal move, at once.
func TestStopsWhenAsked(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := banqi.StartPosition()
	start := time.Now()
	m := Choose(ctx, p, 4)
	if !p.IsLegal(m) || time.Since(start) > time.Second {
		t.Errorf("cancelled: %v after %v", m, time.Since(start))
	}
}

// TestEvaluate: material by colour, face-down pieces at the pool's mean.
func TestEvaluate(t *testing.T) {
	// The red chariot on a1 has two empty squares beside it, the black
	// horse on c1 three.
	p := sight(t, "8/8/8/R1n5 w r 0 1", [2]string{})
	want := pieceValue[banqi.Chariot] + 2*mobilityWeight - pieceValue[banqi.Horse] - 3*mobilityWeight
	if got := Evaluate(&p); got != want {
		t.Errorf("Evaluate = %d, want %d", got, want)
	}
	start := banqi.StartPosition()
	if got := Evaluate(&start); got != 0 {
		t.Errorf("the start: %d, want 0 (nobody has a colour)", got)
	}
}

func TestSearchAllocs(t *testing.T) {
	p := sight(t, "xpxxxxxx/1Rxxxxxx/xxxxcxxx/xxxAxxxx w b 12 34", [2]string{})
	sr := &searcher{ctx: context.Background()}
	allocs := testing.AllocsPerRun(5, func() {
		sr.nodes = 0
		sr.search(&p, 2, -infinity, infinity, 0)
	})
	if allocs != 0 {
		t.Errorf("the search allocates %v times a run, want 0", allocs)
	}
}

func BenchmarkChooseHard(b *testing.B) {
	p, _ := banqi.SightOf("xpxxxxxx/1Rxxxxxx/xxxxcxxx/xxxAxxxx w b 12 34", [2]string{})
	b.ReportAllocs()
	nodes := 0
	for b.Loop() {
		_, n := choose(context.Background(), &p, 3)
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
