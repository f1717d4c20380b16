package xiangqi

// assertConsistent panics when the incremental state disagrees with a
// recomputation. It runs only in debug builds (-tags gambitdebug), from
// Perft: the Go stand-in for Stockfish's pos_is_ok.
func (p *Position) assertConsistent() {
	if p.key != p.computeKey() {
		panic("xiangqi: incremental Zobrist key differs from recomputed key: " + p.FEN())
	}
	if err := p.problem(); err != nil {
		panic("xiangqi: invalid position " + p.FEN() + ": " + err.Error())
	}
}
