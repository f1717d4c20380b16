package engine

import (
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// TestTTStoreProbe: the engine's scores (mates, infinity as an eval) fit the
// table's int16 fields. The table itself is tested in internal/tt.
func TestTTStoreProbe(t *testing.T) {
	tt := newTT(1)
	m := chess.NewMove(chess.E2, chess.E4)
	tests := []struct {
		score, eval, depth int
		bound              Bound
	}{
		{123, -45, 7, BoundExact},
		{-Mate + 10, 0, 1, BoundUpper},
		{Mate - 3, 32000, 0, BoundLower},
		{0, -infinity, -3, BoundLower},
	}
	for i, tc := range tests {
		key := uint64(0x9E3779B97F4A7C15) * uint64(i+1)
		tt.Store(key, ttEntry{Move: m, Score: tc.score, Eval: tc.eval, Depth: tc.depth, Bound: tc.bound})
		got, ok := tt.Probe(key)
		if !ok || got != (ttEntry{Move: m, Score: tc.score, Eval: tc.eval, Depth: tc.depth, Bound: tc.bound}) {
			t.Errorf("store %+v: probe got %+v ok=%v", tc, got, ok)
		}
		if _, ok := tt.Probe(key ^ 1); ok {
			t.Errorf("probe of a different key hit")
		}
	}
	// A store without a move keeps the move already stored for the key.
	key := uint64(0x9E3779B97F4A7C15)
	tt.Store(key, ttEntry{Score: 5, Eval: 5, Depth: 9, Bound: BoundExact})
	if got, _ := tt.Probe(key); got.Move != m {
		t.Errorf("move lost on a move-less store: got %v", got.Move)
	}
	tt.Clear()
	if _, ok := tt.Probe(key); ok {
		t.Errorf("probe hit after clear")
	}
}

func TestTTMateScoreAdjust(t *testing.T) {
	// Mate in 3 plies from a node at ply 5 is mate in 8 plies from the root.
	root := Mate - 8
	stored := scoreToTT(root, 5)
	if stored != Mate-3 {
		t.Errorf("scoreToTT(%d, 5) = %d, want %d", root, stored, Mate-3)
	}
	if back := scoreFromTT(stored, 7); back != Mate-10 {
		t.Errorf("scoreFromTT(%d, 7) = %d, want %d", stored, back, Mate-10)
	}
	if scoreToTT(150, 9) != 150 || scoreFromTT(-150, 9) != -150 {
		t.Error("ordinary scores changed")
	}
}
