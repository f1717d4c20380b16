// Package tt is the transposition table of Gambit's engines, shared by the
// chess engine (engine) and the xiangqi engine (engine/xq). The table is
// generic over the move type, so each engine stores its own 16-bit Move
// (chess.Move, xiangqi.Move) without conversions at the call sites; both
// instantiations share one GC shape (uint16), so the generic code costs
// nothing measurable over the two hand-written copies it replaced (see
// engine/BENCH.md and engine/xq/BENCH.md).
//
// Scores are stored as given: converting mate scores to and from node-relative
// form is the engine's business, since only it knows its mate bounds.
package tt

import (
	"math/bits"
	"sync/atomic"
)

// Move is the move type of a Table: a 16-bit move of a rules library, with 0
// meaning no move (chess.MoveNone, xiangqi.MoveNone).
type Move interface{ ~uint16 }

// Bound says how a stored score relates to the true score of a node.
type Bound uint8

// The bound kinds. BoundExact is BoundLower|BoundUpper.
const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // the search failed low: true score <= stored score
	BoundLower Bound = 2 // the search failed high: true score >= stored score
	BoundExact Bound = 3
)

// Entry is an unpacked table entry.
type Entry[M Move] struct {
	Move  M     // best move, 0 for none
	Score int   // search score (int16 range), mate scores relative to the node
	Eval  int   // static evaluation (int16 range)
	Depth int   // draft, from MinDepth to MaxDepth (stored clamped)
	Bound Bound // how Score bounds the true score
}

// MinDepth and MaxDepth bound the depth a table keeps: quiescence stores
// negative depths, and depth 0 in the packed word marks an empty slot.
const (
	depthOffset = 8
	MinDepth    = 1 - depthOffset
	MaxDepth    = 255 - depthOffset
)

// slot is one table entry: 16 bytes, two 64-bit words.
//
//	check  uint64  Zobrist key XOR data (lockless hashing, Hyatt and Mann):
//	               a torn write by another thread fails the check and reads as a miss
//	data   uint64  packed:
//	               bits  0-15  best move (M), 0 for none
//	               bits 16-31  search score, int16
//	               bits 32-47  static evaluation, int16
//	               bits 48-55  depth + depthOffset (0 means an empty slot)
//	               bits 56-57  bound (Bound)
//	               bits 58-63  generation (6 bits, one per search)
//
// Both words are read and written atomically, so the Lazy SMP threads of the
// chess engine share the table without locks and without data races. (On
// amd64 an atomic load is a plain load; the single-threaded xiangqi engine
// pays only for the locked stores, which measure as noise: engine/xq/BENCH.md.)
type slot struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// bucket holds four slots: 64 bytes, one cache line.
type bucket [4]slot

// Table is a transposition table for moves of type M.
//
// Replacement scheme: a key maps to one bucket of four slots. A store
// overwrites the slot holding the same key (keeping its move when the new
// store has none), unless that entry is from this search, deeper than the
// new one by more than the table's keep margin, and the new bound is not
// exact. Without a same-key slot it takes the first empty slot, else the
// slot of least worth, worth = depth - 4 × age, where age counts searches
// since the entry was written: old and shallow entries go first.
//
// Methods other than Probe, Store and Hashfull must not run during a search.
type Table[M Move] struct {
	buckets    []bucket
	keep       int   // a same-key entry deeper by more than keep plies survives a non-exact store
	generation uint8 // 0..63
}

// New returns a table of mb megabytes (at least one bucket). keep is the
// margin of the replacement scheme (see Table).
func New[M Move](mb, keep int) *Table[M] {
	t := &Table[M]{keep: keep}
	t.Resize(mb)
	return t
}

// Resize allocates mb megabytes (at least one bucket) and clears the table.
// The bucket count need not be a power of two (see bucket).
func (t *Table[M]) Resize(mb int) {
	n := max(mb, 1) * (1 << 20) / 64
	t.buckets = allocBuckets(n)
	t.generation = 0
}

// Len returns the number of entries the table holds when full.
func (t *Table[M]) Len() int { return len(t.buckets) * len(bucket{}) }

// Clear empties every entry.
func (t *Table[M]) Clear() {
	clear(t.buckets)
	t.generation = 0
}

// NewSearch advances the generation, which ages every stored entry.
func (t *Table[M]) NewSearch() { t.generation = (t.generation + 1) & 63 }

// bucket maps key to its bucket by the high half of key × len(buckets)
// (Lemire's fast range), which needs no power-of-two size.
func (t *Table[M]) bucket(key uint64) *bucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

func unpack[M Move](d uint64) Entry[M] {
	return Entry[M]{
		Move:  M(d),
		Score: int(int16(d >> 16)),
		Eval:  int(int16(d >> 32)),
		Depth: int(uint8(d>>48)) - depthOffset,
		Bound: Bound(d >> 56 & 3),
	}
}

// Probe returns the entry stored for key, if any.
func (t *Table[M]) Probe(key uint64) (Entry[M], bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d>>48&0xFF != 0 {
			return unpack[M](d), true
		}
	}
	return Entry[M]{}, false
}

// Store writes e under key following the replacement scheme of Table. Score
// and Eval must fit in an int16; Depth is clamped to [MinDepth, MaxDepth].
func (t *Table[M]) Store(key uint64, e Entry[M]) {
	b := t.bucket(key)
	gen := uint64(t.generation)
	depth := max(min(e.Depth, MaxDepth), MinDepth)
	move := e.Move
	replace := &b[0]
	worst := 1 << 30
	for i := range b {
		s := &b[i]
		d := s.data.Load()
		if d>>48&0xFF == 0 { // empty: entries fill a bucket in order, so no same-key slot follows
			replace = s
			break
		}
		if s.check.Load()^d == key {
			if move == 0 {
				move = M(d)
			}
			if e.Bound != BoundExact && d>>58 == gen && int(uint8(d>>48))-depthOffset > depth+t.keep {
				return
			}
			replace = s
			break
		}
		age := int((gen - d>>58) & 63)
		if w := int(uint8(d>>48)) - 4*age; w < worst {
			worst, replace = w, s
		}
	}
	d := uint64(move) |
		uint64(uint16(int16(e.Score)))<<16 |
		uint64(uint16(int16(e.Eval)))<<32 |
		uint64(depth+depthOffset)<<48 |
		uint64(e.Bound&3)<<56 |
		gen<<58
	replace.check.Store(key ^ d)
	replace.data.Store(d)
}

// Hashfull returns the permille of entries written by the current search,
// sampled from the first 250 buckets (UCI "hashfull").
func (t *Table[M]) Hashfull() int {
	n, used := min(250, len(t.buckets)), 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			d := t.buckets[i][j].data.Load()
			if d>>48&0xFF != 0 && d>>58 == uint64(t.generation) {
				used++
			}
		}
	}
	return used * 1000 / (n * 4)
}
