package jieqi

import "github.com/gambitchess/gambit/xiangqi"

// Perft returns the number of leaf nodes of the legal move tree of depth
// depth from p, counting the legal moves at the last ply without playing
// them. Face-down movers turn up as MakeMove says: as their identity in a
// true position. p is unchanged.
//
// It is xiangqi.Perft again on jieqi's Position, on purpose: one generic
// Perft for both (a type parameter with GenerateLegal and MakeMove) calls
// them through its dictionary, so the move list and the child escape to
// the heap at every node: 2,013 allocations for a perft(3) of the dealt
// start, 578 kB, where this one makes none (Go 1.26).
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		return uint64(ml.Len())
	}
	var nodes uint64
	var child Position
	for i := 0; i < ml.Len(); i++ {
		p.MakeMove(ml.At(i), &child)
		nodes += Perft(&child, depth-1)
	}
	return nodes
}

// DivideEntry is one root move and its perft count (xiangqi.DivideEntry).
type DivideEntry = xiangqi.DivideEntry

// Divide returns the perft count of depth-1 below each legal root move, in
// generation order (a debugging aid). Like Perft, it is xiangqi's on
// jieqi's Position.
func Divide(p *Position, depth int) []DivideEntry {
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]DivideEntry, 0, ml.Len())
	var child Position
	for i := 0; i < ml.Len(); i++ {
		p.MakeMove(ml.At(i), &child)
		out = append(out, DivideEntry{Move: ml.At(i), Nodes: Perft(&child, depth-1)})
	}
	return out
}
