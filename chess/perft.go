package chess

// Perft counts the leaf nodes of the legal move tree of the given depth. The
// last ply is counted without making its moves (bulk counting).
func Perft(p *Position, depth int) uint64 {
	if debug {
		p.assertConsistent()
	}
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.CountLegal())
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	var n uint64
	var child Position
	for _, m := range ml.moves[:ml.n] {
		p.MakeMove(m, &child)
		n += Perft(&child, depth-1)
	}
	return n
}

// DivideEntry is one root move with the perft count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p, the perft count of depth-1 after
// it (Stockfish's "go perft" split), in move-generation order.
func Divide(p *Position, depth int) []DivideEntry {
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]DivideEntry, 0, ml.n)
	var child Position
	for _, m := range ml.moves[:ml.n] {
		p.MakeMove(m, &child)
		out = append(out, DivideEntry{m, Perft(&child, depth-1)})
	}
	return out
}
