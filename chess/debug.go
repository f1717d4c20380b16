package chess

import "fmt"

// assertConsistent panics when the incrementally kept state of p (Zobrist
// key, checkers, bitboards versus mailbox) disagrees with a recomputation.
// It runs only in debug builds, from Perft: the Go stand-in for Stockfish's pos_is_ok.
func (p *Position) assertConsistent() {
	if k := p.computeKey(); k != p.key {
		panic(fmt.Sprintf("chess: key %016x, recomputed %016x in %s", p.key, k, p.FEN()))
	}
	if c := p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side.Other()]; c != p.checkers {
		panic(fmt.Sprintf("chess: stale checkers in %s", p.FEN()))
	}
	for s := A1; s <= H8; s++ {
		pc := p.board[s]
		if (pc != NoPiece) != p.Occupied().Has(s) || (pc != NoPiece && !p.Pieces(pc.Color(), pc.Type()).Has(s)) {
			panic(fmt.Sprintf("chess: mailbox and bitboards disagree on %v in %s", s, p.FEN()))
		}
	}
	if err := p.validate(true); err != nil {
		panic(fmt.Sprintf("chess: invalid position %s: %v", p.FEN(), err))
	}
}
