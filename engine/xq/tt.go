package xq

import "github.com/gambitchess/gambit/xiangqi"

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
//	check  uint64  Zobrist key XOR data, so that an entry whose two words
//	               do not belong together reads as a miss
//	data   uint64  packed:
//	               bits  0-15  best move (xiangqi.Move), 0 for none
//	               bits 16-31  search score, int16, mate scores relative to the node
//	               bits 32-47  static evaluation, int16
//	               bits 48-55  depth + depthOffset (0 marks an empty slot)
//	               bits 56-57  bound (Bound)
//	               bits 58-63  generation (6 bits, one per search)
type ttEntry struct {
	check uint64
	data  uint64
}

// ttBucket holds four entries: 64 bytes, one cache line.
type ttBucket [4]ttEntry

// depthOffset lets quiescence store depth -1 while 0 still marks an empty slot.
const depthOffset = 8

// ttData is an unpacked entry.
type ttData struct {
	move  xiangqi.Move
	score int
	eval  int
	depth int
	bound Bound
}

// table is the transposition table. One search thread uses it at a time,
// so its words are plain (not atomic).
//
// Replacement: a key maps to one bucket of four entries. A store overwrites
// the entry holding the same key (keeping its move when the new store has
// none) unless that entry is from this search, deeper by more than 2 plies
// and the new bound is not exact. Without a same-key entry it overwrites the
// entry of least worth, worth = depth - 4 × age, where age counts searches
// since the entry was written: stale and shallow entries go first.
type table struct {
	buckets    []ttBucket
	mask       uint64
	generation uint8 // 0..63
}

// newTable returns a table of about mb megabytes.
func newTable(mb int) *table {
	t := &table{}
	t.resize(mb)
	return t
}

// resize allocates the largest power-of-two bucket count that fits in mb
// megabytes (at least one bucket) and clears the table.
func (t *table) resize(mb int) {
	n := uint64(max(mb, 1)) << 20 / 64
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	t.buckets = make([]ttBucket, size)
	t.mask = size - 1
	t.generation = 0
}

// clear empties every entry.
func (t *table) clear() {
	clear(t.buckets)
	t.generation = 0
}

// newSearch ages the table: entries from earlier searches become cheaper
// to replace.
func (t *table) newSearch() { t.generation = (t.generation + 1) & 63 }

func (t *table) bucket(key uint64) *ttBucket { return &t.buckets[key&t.mask] }

func pack(d ttData, gen uint8) uint64 {
	return uint64(d.move) |
		uint64(uint16(int16(d.score)))<<16 |
		uint64(uint16(int16(d.eval)))<<32 |
		uint64(uint8(d.depth+depthOffset))<<48 |
		uint64(d.bound&3)<<56 |
		uint64(gen&63)<<58
}

func unpack(x uint64) ttData {
	return ttData{
		move:  xiangqi.Move(x),
		score: int(int16(x >> 16)),
		eval:  int(int16(x >> 32)),
		depth: int(uint8(x>>48)) - depthOffset,
		bound: Bound(x >> 56 & 3),
	}
}

func entryDepth(x uint64) int { return int(uint8(x>>48)) - depthOffset }
func entryGen(x uint64) uint8 { return uint8(x >> 58) }

// probe looks key up.
func (t *table) probe(key uint64) (ttData, bool) {
	b := t.bucket(key)
	for i := range b {
		if d := b[i].data; d != 0 && b[i].check^d == key {
			return unpack(d), true
		}
	}
	return ttData{}, false
}

// store saves d under key, following the replacement scheme of table.
func (t *table) store(key uint64, d ttData) {
	b := t.bucket(key)
	victim := 0
	worst := 1 << 30
	for i := range b {
		old := b[i].data
		if old != 0 && b[i].check^old == key {
			if d.move == xiangqi.MoveNone {
				d.move = xiangqi.Move(old)
			}
			if entryGen(old) == t.generation && entryDepth(old) > d.depth+2 && d.bound != BoundExact {
				return
			}
			victim = i
			break
		}
		worth := -1 << 29 // an empty slot is taken first
		if old != 0 {
			age := int((t.generation - entryGen(old)) & 63)
			worth = entryDepth(old) - 4*age
		}
		if worth < worst {
			worst, victim = worth, i
		}
	}
	x := pack(d, t.generation)
	b[victim] = ttEntry{check: key ^ x, data: x}
}

// hashfull returns the permille of entries written by this search, from a
// sample of the first thousand entries.
func (t *table) hashfull() int {
	n := min(len(t.buckets), 250)
	used := 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			if d := t.buckets[i][j].data; d != 0 && entryGen(d) == t.generation {
				used++
			}
		}
	}
	return used * 1000 / (n * 4)
}
