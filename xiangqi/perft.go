package xiangqi

// Perft returns the number of leaf nodes of the legal move tree of depth
// depth from p. At the last ply it counts the legal moves without playing
// them (bulk counting). p is unchanged.
func Perft(p *Position, depth int) uint64 {
	if debug {
		p.assertConsistent()
	}
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		return uint64(ml.n)
	}
	var nodes uint64
	var child Position
	for i := 0; i < ml.n; i++ {
		p.MakeMove(ml.moves[i], &child)
		nodes += Perft(&child, depth-1)
	}
	return nodes
}

// PerftUndo is Perft with make/unmake in place instead of copy-make; it
// exists to compare the two in benchmarks.
func PerftUndo(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		return uint64(ml.n)
	}
	var nodes uint64
	for i := 0; i < ml.n; i++ {
		m := ml.moves[i]
		u := p.DoMove(m)
		nodes += PerftUndo(p, depth-1)
		p.UndoMove(m, u)
	}
	return nodes
}

// DivideEntry is one root move and its perft count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count of depth-1 below each legal root move,
// in generation order (a debugging aid for comparing with other programs).
func Divide(p *Position, depth int) []DivideEntry {
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]DivideEntry, 0, ml.n)
	var child Position
	for i := 0; i < ml.n; i++ {
		p.MakeMove(ml.moves[i], &child)
		out = append(out, DivideEntry{ml.moves[i], Perft(&child, depth-1)})
	}
	return out
}
