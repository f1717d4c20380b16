package tt

import (
	"testing"
	"unsafe"
)

// move stands for an engine's move type (chess.Move, xiangqi.Move).
type move uint16

func TestSlotSize(t *testing.T) {
	if s := unsafe.Sizeof(slot{}); s != 16 {
		t.Errorf("slot is %d bytes, want 16", s)
	}
	if s := unsafe.Sizeof(bucket{}); s != 64 {
		t.Errorf("bucket is %d bytes, want 64 (one cache line)", s)
	}
}

func TestStoreProbe(t *testing.T) {
	tab := New[move](1, 3)
	for i, e := range []Entry[move]{
		{Move: 0x1234, Score: 123, Eval: -45, Depth: 7, Bound: BoundExact},
		{Move: 0xFFFF, Score: -32000 + 10, Eval: 0, Depth: 1, Bound: BoundUpper},
		{Move: 1, Score: 32000 - 3, Eval: 32000, Depth: 0, Bound: BoundLower},
		{Move: 0, Score: 0, Eval: -32767, Depth: -3, Bound: BoundLower},
		{Move: 77, Score: 12, Eval: 31000, Depth: MaxDepth, Bound: BoundUpper},
		{Move: 78, Score: -12, Eval: -31000, Depth: MinDepth, Bound: BoundExact},
	} {
		key := uint64(0x9E3779B97F4A7C15) * uint64(i+1)
		tab.Store(key, e)
		got, ok := tab.Probe(key)
		if !ok || got != e {
			t.Errorf("stored %+v: probe got %+v, %v", e, got, ok)
		}
		if _, ok := tab.Probe(key ^ 1); ok {
			t.Errorf("probe of a different key hit")
		}
	}
	// Depths out of range are clamped, not wrapped into an empty slot.
	tab.Store(42, Entry[move]{Depth: MaxDepth + 50})
	if got, ok := tab.Probe(42); !ok || got.Depth != MaxDepth {
		t.Errorf("depth %d stored: got %+v, %v; want depth %d", MaxDepth+50, got, ok, MaxDepth)
	}
	tab.Store(43, Entry[move]{Depth: MinDepth - 50})
	if got, ok := tab.Probe(43); !ok || got.Depth != MinDepth {
		t.Errorf("depth %d stored: got %+v, %v; want depth %d", MinDepth-50, got, ok, MinDepth)
	}
	// A store without a move keeps the move already stored for the key.
	key := uint64(0x9E3779B97F4A7C15)
	tab.Store(key, Entry[move]{Score: 5, Eval: 5, Depth: 9, Bound: BoundExact})
	if got, _ := tab.Probe(key); got.Move != 0x1234 || got.Depth != 9 {
		t.Errorf("move-less store: got %+v, want move 0x1234 kept and depth 9", got)
	}
	tab.Clear()
	if _, ok := tab.Probe(key); ok {
		t.Errorf("probe hit after Clear")
	}
	// Key 0 in an empty table is a miss (its check word would match).
	if _, ok := tab.Probe(0); ok {
		t.Errorf("probe of key 0 hit an empty table")
	}
}

// sameBucket returns n keys that share bucket 0.
func sameBucket(tab *Table[move], n int) []uint64 {
	var keys []uint64
	for k := uint64(1); len(keys) < n; k++ {
		key := k * 0x100000001
		if tab.bucket(key) == &tab.buckets[0] {
			keys = append(keys, key)
		}
	}
	return keys
}

func TestReplacement(t *testing.T) {
	tab := New[move](1, 3)
	// Five keys into one bucket: the shallowest entry makes room.
	keys := sameBucket(tab, 7)
	depths := []int{10, 3, 8, 9, 5}
	for i, d := range depths {
		tab.Store(keys[i], Entry[move]{Depth: d, Bound: BoundExact})
	}
	if _, ok := tab.Probe(keys[1]); ok {
		t.Error("depth-3 entry survived; want it replaced")
	}
	for _, i := range []int{0, 2, 3, 4} {
		if _, ok := tab.Probe(keys[i]); !ok {
			t.Errorf("entry %d (depth %d) was replaced", i, depths[i])
		}
	}
	// Aged entries give way to a shallow new one.
	tab.NewSearch()
	tab.NewSearch()
	tab.Store(keys[5], Entry[move]{Depth: 1, Bound: BoundUpper})
	if _, ok := tab.Probe(keys[5]); !ok {
		t.Error("new entry not stored over aged ones")
	}
}

// TestKeepMargin: a same-key entry of this search deeper by more than the
// margin survives a non-exact store; an exact store or a shallower old entry
// is overwritten.
func TestKeepMargin(t *testing.T) {
	for _, keep := range []int{2, 3} {
		tab := New[move](1, keep)
		tab.Store(9, Entry[move]{Depth: 10, Bound: BoundLower})
		tab.Store(9, Entry[move]{Depth: 10 - keep - 1, Bound: BoundUpper})
		if got, _ := tab.Probe(9); got.Depth != 10 {
			t.Errorf("keep %d: depth %d replaced depth 10", keep, 10-keep-1)
		}
		tab.Store(9, Entry[move]{Depth: 10 - keep, Bound: BoundUpper})
		if got, _ := tab.Probe(9); got.Depth != 10-keep {
			t.Errorf("keep %d: depth %d did not replace depth 10", keep, 10-keep)
		}
		tab.Store(9, Entry[move]{Depth: 20, Bound: BoundLower})
		tab.Store(9, Entry[move]{Depth: 1, Bound: BoundExact})
		if got, _ := tab.Probe(9); got.Depth != 1 {
			t.Errorf("keep %d: an exact store did not replace a deeper entry", keep)
		}
		// From an earlier search, the deep entry gives way.
		tab.Store(9, Entry[move]{Depth: 20, Bound: BoundLower})
		tab.NewSearch()
		tab.Store(9, Entry[move]{Depth: 1, Bound: BoundUpper})
		if got, _ := tab.Probe(9); got.Depth != 1 {
			t.Errorf("keep %d: a deep entry of the last search was kept", keep)
		}
	}
}

func TestHashfull(t *testing.T) {
	tab := New[move](1, 3)
	if n := tab.Len(); n != 1<<20/16 {
		t.Errorf("1 MB table: Len %d, want %d", n, 1<<20/16)
	}
	if h := tab.Hashfull(); h != 0 {
		t.Errorf("empty table: hashfull %d", h)
	}
	for i := range tab.buckets[:250] {
		tab.buckets[i][0].data.Store(uint64(9) << 48) // depth 1, generation 0
	}
	if h := tab.Hashfull(); h != 250 {
		t.Errorf("one slot in four: hashfull %d, want 250", h)
	}
	tab.NewSearch()
	if h := tab.Hashfull(); h != 0 {
		t.Errorf("after NewSearch: hashfull %d, want 0", h)
	}
}

func TestProbeStoreZeroAlloc(t *testing.T) {
	tab := New[move](1, 3)
	key := uint64(0x12345)
	if a := testing.AllocsPerRun(100, func() {
		key = key*0x9E3779B97F4A7C15 + 1
		tab.Store(key, Entry[move]{Move: 3, Depth: 4, Bound: BoundExact})
		tab.Probe(key)
	}); a != 0 {
		t.Errorf("Store+Probe allocate %v times, want 0", a)
	}
}

func BenchmarkStoreProbe(b *testing.B) {
	tab := New[move](16, 3)
	key := uint64(1)
	b.ReportAllocs()
	for b.Loop() {
		key = key*0x9E3779B97F4A7C15 + 1
		tab.Store(key, Entry[move]{Move: 3, Depth: 4, Bound: BoundExact})
		tab.Probe(key ^ 0x5555)
	}
}
