package engine

import (
	"context"
	"math"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// newTestWorker returns a main worker ready to search pos, as Search would set it up.
func newTestWorker(t testing.TB, pos chess.Position) *worker {
	t.Helper()
	e := New(DefaultOptions())
	e.sh = &shared{nodeLimit: math.MaxUint64}
	e.ensureWorkers(1)
	e.nthreads = 1
	var ml chess.MoveList
	pos.GenerateLegal(&ml)
	w := e.workers[0]
	w.prepare(pos, nil, ml.Moves())
	return w
}

// TestSearchZeroAlloc proves the hot path allocates nothing: a whole
// fixed-depth search tree (search, qsearch, move ordering, SEE, TT, eval).
func TestSearchZeroAlloc(t *testing.T) {
	w := newTestWorker(t, mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"))
	w.search(-infinity, infinity, 4, 0, false) // warm up: root PV slices reach their capacity
	allocs := testing.AllocsPerRun(5, func() {
		w.rootDepth = 5
		w.search(-infinity, infinity, 5, 0, false)
	})
	if allocs != 0 {
		t.Errorf("search allocates %v times per run, want 0", allocs)
	}
	if w.nodes == 0 {
		t.Fatal("no nodes searched")
	}
}

func TestEvaluateZeroAlloc(t *testing.T) {
	p := chess.StartPosition()
	if a := testing.AllocsPerRun(100, func() { Evaluate(&p) }); a != 0 {
		t.Errorf("Evaluate allocates %v times, want 0", a)
	}
}

func BenchmarkSearch(b *testing.B) {
	pos := mustFEN(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	e := New(DefaultOptions())
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		e.NewGame()
		nodes += e.Search(context.Background(), pos, nil, Limits{Depth: 9}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkEvaluate(b *testing.B) {
	p := mustFEN(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	b.ReportAllocs()
	for b.Loop() {
		Evaluate(&p)
	}
}
