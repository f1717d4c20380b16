package jieqi

import "github.com/gambitchess/gambit/xiangqi"

// Perft returns the number of leaf nodes of the legal move tree of depth
// depth from p, counting the legal moves at the last ply without playing
// them. Face-down movers turn up as MakeMove says: as their identity in a
// true position. p is unchanged.
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
// generation order (a debugging aid).
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
