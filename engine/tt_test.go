package engine

import (
	"testing"
	"unsafe"

	"github.com/gambitchess/gambit/chess"
)

func TestTTEntrySize(t *testing.T) {
	if s := unsafe.Sizeof(ttEntry{}); s != 16 {
		t.Errorf("ttEntry is %d bytes, want 16", s)
	}
	if s := unsafe.Sizeof(ttBucket{}); s != 64 {
		t.Errorf("ttBucket is %d bytes, want 64 (one cache line)", s)
	}
}

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
		tt.store(key, m, tc.score, tc.eval, tc.depth, tc.bound)
		got, ok := tt.probe(key)
		if !ok || got.move != m || got.score != tc.score || got.eval != tc.eval || got.depth != tc.depth || got.bound != tc.bound {
			t.Errorf("store %+v: probe got %+v ok=%v", tc, got, ok)
		}
		if _, ok := tt.probe(key ^ 1); ok {
			t.Errorf("probe of a different key hit")
		}
	}
	// A store without a move keeps the move already stored for the key.
	key := uint64(0x9E3779B97F4A7C15)
	tt.store(key, chess.MoveNone, 5, 5, 9, BoundExact)
	if got, _ := tt.probe(key); got.move != m {
		t.Errorf("move lost on a move-less store: got %v", got.move)
	}
	tt.clear()
	if _, ok := tt.probe(key); ok {
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

func TestTTReplacement(t *testing.T) {
	tt := newTT(1)
	// Five keys into one bucket: the shallowest entry makes room.
	var keys []uint64
	for k := uint64(1); len(keys) < 5; k++ {
		key := k * 0x100000001
		if tt.bucket(key) == &tt.buckets[0] {
			keys = append(keys, key)
		}
	}
	depths := []int{10, 3, 8, 9}
	for i, d := range depths {
		tt.store(keys[i], chess.MoveNone, 0, 0, d, BoundExact)
	}
	tt.store(keys[4], chess.MoveNone, 0, 0, 5, BoundExact)
	if _, ok := tt.probe(keys[1]); ok {
		t.Error("depth-3 entry survived; want it replaced")
	}
	for _, i := range []int{0, 2, 3, 4} {
		if _, ok := tt.probe(keys[i]); !ok {
			t.Errorf("entry %d (depth %d) was replaced", i, append(depths, 5)[i])
		}
	}
}
