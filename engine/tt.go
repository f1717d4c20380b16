package engine

import (
	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/internal/tt"
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

// ttEntry is an unpacked transposition-table entry.
type ttEntry = tt.Entry[chess.Move]

// ttKeep is the margin of the table's replacement scheme: a same-key entry
// of this search more than ttKeep plies deeper survives a non-exact store.
const ttKeep = 3

// newTT returns the shared transposition table: the lockless table of
// internal/tt, which Lazy SMP threads probe and store without locks.
func newTT(mb int) *tt.Table[chess.Move] { return tt.New[chess.Move](mb, ttKeep) }

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
