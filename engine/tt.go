package engine

import (
	"math/bits"
	"sync/atomic"

	"github.com/gambitchess/gambit/chess"
)

// Bound says how a stored score relates to the true score of a node.
type Bound uint8

// The bound kinds. BoundExact is BoundLower|BoundUpper.
const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // the search failed low: true score <= stored score
	BoundLower Bound = 2 // the search failed high: true score >= stored score
	BoundExact Bound = 3
)

// ttEntry is one transposition-table slot: 16 bytes, two 64-bit words.
//
//	check  uint64  Zobrist key XOR data (lockless hashing, Hyatt and Mann):
//	               a torn write by another thread fails the check and reads as a miss
//	data   uint64  packed:
//	               bits  0-15  best move (chess.Move)
//	               bits 16-31  search score, int16, mate scores relative to the node
//	               bits 32-47  static evaluation, int16
//	               bits 48-55  depth + depthOffset (0 means an empty slot)
//	               bits 56-57  bound (Bound)
//	               bits 58-63  generation (6 bits, one per search)
//
// Both words are read and written atomically, so Lazy SMP threads share the
// table without locks and without data races.
type ttEntry struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// ttBucket holds four entries: 64 bytes, one cache line.
type ttBucket [4]ttEntry

// depthOffset lets quiescence store negative depths while 0 still marks an empty slot.
const depthOffset = 8

// ttData is an unpacked entry.
type ttData struct {
	move  chess.Move
	score int
	eval  int
	depth int
	bound Bound
}

// tt is the shared transposition table.
//
// Replacement scheme: a key maps to one bucket of four entries. A store
// overwrites the entry with the same key if there is one (keeping its move
// when the new store has none), unless the old entry is from this search, is
// much deeper and the new one is not exact. Otherwise it overwrites the entry
// of least worth, worth = depth - 4 × age, where age counts searches since
// the entry was written: old and shallow entries go first.
type tt struct {
	buckets    []ttBucket
	generation uint8 // 0..63
}

func newTT(mb int) *tt {
	t := &tt{}
	t.resize(mb)
	return t
}

// resize allocates mb megabytes (at least one bucket) and clears the table.
func (t *tt) resize(mb int) {
	n := max(mb, 1) * (1 << 20) / 64
	t.buckets = make([]ttBucket, n)
	t.generation = 0
}

// clear empties every entry. No search may be running.
func (t *tt) clear() {
	clear(t.buckets) // callers hold the engine lock: no search reads the table meanwhile
	t.generation = 0
}

// newSearch advances the generation, which ages every stored entry.
func (t *tt) newSearch() { t.generation = (t.generation + 1) & 63 }

// bucket maps a key to its bucket by the high half of key × len (no power-of-two size needed).
func (t *tt) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

func unpack(d uint64) ttData {
	return ttData{
		move:  chess.Move(d),
		score: int(int16(d >> 16)),
		eval:  int(int16(d >> 32)),
		depth: int(uint8(d>>48)) - depthOffset,
		bound: Bound(d >> 56 & 3),
	}
}

// probe returns the entry for key, if stored.
func (t *tt) probe(key uint64) (ttData, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d>>48&0xFF != 0 {
			return unpack(d), true
		}
	}
	return ttData{}, false
}

// store writes an entry for key following the replacement scheme above.
func (t *tt) store(key uint64, move chess.Move, score, eval, depth int, bound Bound) {
	b := t.bucket(key)
	gen := uint64(t.generation)
	replace := &b[0]
	worst := 1 << 30
	for i := range b {
		e := &b[i]
		d := e.data.Load()
		if e.check.Load()^d == key && d>>48&0xFF != 0 {
			old := unpack(d)
			if move == chess.MoveNone {
				move = old.move
			}
			if bound != BoundExact && d>>58 == gen && old.depth > depth+3 {
				return
			}
			replace = e
			break
		}
		if d>>48&0xFF == 0 {
			replace = e
			break
		}
		age := int((gen - d>>58) & 63)
		if w := int(uint8(d>>48)) - 4*age; w < worst {
			worst, replace = w, e
		}
	}
	depth = max(min(depth, 255-depthOffset), 1-depthOffset)
	d := uint64(move) |
		uint64(uint16(int16(score)))<<16 |
		uint64(uint16(int16(eval)))<<32 |
		uint64(depth+depthOffset)<<48 |
		uint64(bound)<<56 |
		gen<<58
	replace.check.Store(key ^ d)
	replace.data.Store(d)
}

// hashfull returns the permille of entries written by the current search,
// sampled from the first 250 buckets (UCI "hashfull").
func (t *tt) hashfull() int {
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

// scoreToTT converts a score relative to the root into one relative to the
// node at ply, so that a stored mate distance stays right wherever the entry is found again.
func scoreToTT(s, ply int) int {
	switch {
	case s >= MateInMaxPly:
		return s + ply
	case s <= -MateInMaxPly:
		return s - ply
	}
	return s
}

// scoreFromTT is the inverse of scoreToTT.
func scoreFromTT(s, ply int) int {
	switch {
	case s >= MateInMaxPly:
		return s - ply
	case s <= -MateInMaxPly:
		return s + ply
	}
	return s
}
