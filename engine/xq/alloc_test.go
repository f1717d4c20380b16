package xq

import (
	"sync/atomic"
	"testing"
)

// TestSearchNoAlloc proves that the search inner loop (search, quiescence,
// evaluation, move ordering, table) allocates nothing per node.
func TestSearchNoAlloc(t *testing.T) {
	var stop atomic.Bool
	w := &worker{tt: newTable(1), stop: &stop, weights: &defaultWeights, params: &defaultParams}
	for _, fen := range BenchPositions[:6] {
		pos := mustFEN(t, fen)
		w.prepare(pos, history{})
		w.rootDepth = 5
		allocs := testing.AllocsPerRun(5, func() {
			w.search(-infinity, infinity, 5, 0, false)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per search", fen, allocs)
		}
		if w.nodes == 0 {
			t.Errorf("%s: no nodes searched", fen)
		}
		// A later MultiPV line: the root without the first line's move.
		w.stack[0].pos.GenerateLegal(&w.stack[0].ml)
		w.lines = make([]line, 2)
		w.excluded[0], w.nExcluded = w.stack[0].ml.At(0), 1
		if allocs := testing.AllocsPerRun(5, func() { w.search(-infinity, infinity, 5, 0, false) }); allocs != 0 {
			t.Errorf("%s, a second line: %v allocations per search", fen, allocs)
		}
		w.nExcluded = 0
	}
}

func TestEvaluateNoAlloc(t *testing.T) {
	p := mustFEN(t, BenchPositions[5])
	if a := testing.AllocsPerRun(100, func() { Evaluate(&p) }); a != 0 {
		t.Errorf("Evaluate: %v allocations", a)
	}
}
