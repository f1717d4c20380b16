package xq

import (
	"context"
	"testing"

	"github.com/gambitchess/gambit/internal/benchrun"
	"github.com/gambitchess/gambit/xiangqi"
)

// benchSignature is the node total of Bench(BenchDepth). Every change to
// search, evaluation or move ordering updates it in the same commit.
const benchSignature = 2293803

func TestBenchSignature(t *testing.T) {
	r, err := Bench(0, func(i int, fen string, nodes uint64) {
		t.Logf("%2d %9d %s", i, nodes, fen)
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Nodes searched: %d (%v, %d nodes/s)", r.Nodes, r.Time, r.NPS)
	if r.Nodes != benchSignature {
		t.Errorf("bench signature %d, want %d", r.Nodes, benchSignature)
	}
}

// BenchmarkSearch searches the start position to a fixed depth on a fresh
// table each time.
func BenchmarkSearch(b *testing.B) {
	e := New(DefaultOptions())
	pos := xiangqi.StartPosition()
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		e.NewGame()
		r := e.Search(context.Background(), pos, nil, Limits{Depth: 8}, nil)
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkEvaluate measures the static evaluation of a middlegame.
func BenchmarkEvaluate(b *testing.B) {
	p := mustFEN(b, BenchPositions[5])
	b.ReportAllocs()
	s := 0
	for b.Loop() {
		s += Evaluate(&p)
	}
	_ = s
}

// TestSPRTOpenings checks the openings that the SPRT tests of
// docs/engine.md play from: 200 legal positions, none repeated, each with
// a legal move.
func TestSPRTOpenings(t *testing.T) {
	fens, err := benchrun.ReadOpenings("testdata/sprt-openings.epd", benchrun.Playable(xiangqi.ParseFEN, (*xiangqi.Position).HasLegalMove))
	if err != nil {
		t.Fatal(err)
	}
	if len(fens) != 200 {
		t.Errorf("%d openings, want 200", len(fens))
	}
}
