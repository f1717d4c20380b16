package xq

import (
	"github.com/gambitchess/gambit/internal/tt"
	"github.com/gambitchess/gambit/xiangqi"
)

// Bound says how a stored score relates to the true score of a node.
type Bound = tt.Bound

// The bound kinds. BoundExact is BoundLower|BoundUpper.
const (
	BoundNone  = tt.BoundNone
	BoundUpper = tt.BoundUpper // the search failed low: true score <= stored score
	BoundLower = tt.BoundLower // the search failed high: true score >= stored score
	BoundExact = tt.BoundExact
)

// table is the transposition table of internal/tt, the one the chess engine
// uses, here holding xiangqi moves. One search thread uses it at a time.
type table = tt.Table[xiangqi.Move]

// ttData is an unpacked table entry.
type ttData = tt.Entry[xiangqi.Move]

// ttKeep is the margin of the table's replacement scheme: a same-key entry
// of this search more than ttKeep plies deeper survives a non-exact store.
const ttKeep = 2

// newTable returns a table of mb megabytes.
func newTable(mb int) *table { return tt.New[xiangqi.Move](mb, ttKeep) }
