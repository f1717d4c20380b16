package banqi

// Perft returns the number of leaf nodes of the legal move tree of depth
// depth from p, counting the legal moves at the last ply without playing
// them. A flip turns its piece up as its identity where p knows it (a true
// position); where p does not (a public position), the flip is a chance
// node with one child per kind of piece the pool holds, so that the count
// is the same whatever the layout: from the start, 32 flips, then 32 × 14
// × 31 = 13888 at depth 2. p is unchanged.
func Perft(p *Position, depth int) uint64 {
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
		nodes += p.perftMove(ml.moves[i], depth)
	}
	return nodes
}

// perftMove counts the leaves of depth-1 below move m, every outcome of a
// flip of an unknown piece included.
func (p *Position) perftMove(m Move, depth int) uint64 {
	var child Position
	s := m.From()
	if !m.IsFlip() || p.identity[s] != NoPiece {
		p.MakeMove(m, &child)
		return Perft(&child, depth-1)
	}
	var nodes uint64
	for pc := Piece(1); pc < 16; pc++ {
		if pc.IsReal() && p.pool[pc] > 0 {
			p.MakeFlip(s, pc, &child)
			nodes += Perft(&child, depth-1)
		}
	}
	return nodes
}

// DivideEntry is one root move and its perft count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count of depth below each legal root move (the
// leaves of depth-1 under it), in generation order: a debugging aid.
func Divide(p *Position, depth int) []DivideEntry {
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]DivideEntry, 0, ml.Len())
	for i := 0; i < ml.n; i++ {
		n := uint64(1)
		if depth > 1 {
			n = p.perftMove(ml.moves[i], depth)
		}
		out = append(out, DivideEntry{ml.moves[i], n})
	}
	return out
}
