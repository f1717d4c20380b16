package chess

import (
	"path/filepath"
	"testing"
)

// This file keeps the experiment behind the choice of copy-make: a
// make/unmake implementation (Stockfish's do_move/undo_move with a StateInfo
// record) that BenchmarkPerftUnmake compares with BenchmarkPerft. See BENCH.md.

type undoRecord struct {
	key      uint64
	checkers Bitboard
	halfmove uint16
	captured Piece
	castling CastlingRights
	ep       Square
}

func (p *Position) doMove(m Move, u *undoRecord) {
	u.key, u.checkers, u.halfmove, u.castling, u.ep = p.key, p.checkers, p.halfmove, p.castling, p.ep
	capSq := m.To()
	if m.Kind() == EnPassant {
		capSq ^= 8
	}
	u.captured = NoPiece
	if m.Kind() != Castling {
		u.captured = p.board[capSq]
	}
	p.Play(m)
}

func (p *Position) undoMove(m Move, u *undoRecord) {
	p.side = p.side.Other()
	us := p.side
	if us == Black {
		p.fullmove--
	}
	from, to := m.From(), m.To()
	if m.Kind() == Castling {
		kto, rto := castlingKingTarget(from, to), castlingRookTarget(from, to)
		p.removePiece(kto)
		p.removePiece(rto)
		p.putPiece(NewPiece(us, King), from)
		p.putPiece(NewPiece(us, Rook), to)
	} else {
		if m.Kind() == Promotion {
			p.removePiece(to)
			p.putPiece(NewPiece(us, Pawn), to)
		}
		p.movePiece(to, from)
		if u.captured != NoPiece {
			capSq := to
			if m.Kind() == EnPassant {
				capSq ^= 8
			}
			p.putPiece(u.captured, capSq)
		}
	}
	p.key, p.checkers, p.halfmove, p.castling, p.ep = u.key, u.checkers, u.halfmove, u.castling, u.ep
}

func perftUnmake(p *Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.CountLegal())
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	var n uint64
	var u undoRecord
	for _, m := range ml.moves[:ml.n] {
		p.doMove(m, &u)
		n += perftUnmake(p, depth-1)
		p.undoMove(m, &u)
	}
	return n
}

func TestPerftUnmakeAgrees(t *testing.T) {
	for _, c := range readPerftFile(t, filepath.Join(dataDir(t), "perft", "cpw.epd")) {
		p, _ := ParseFEN(c.fen)
		before := p
		if got, want := perftUnmake(&p, 3), Perft(&p, 3); got != want || p != before {
			t.Errorf("%s: unmake perft %d, copy-make %d, position restored %v", c.name, got, want, p == before)
		}
	}
}

func BenchmarkPerftUnmake(b *testing.B) {
	depths := []int{5, 4, 5, 4, 4, 4, 4}
	for i, c := range readPerftFile(b, filepath.Join(dataDir(b), "perft", "cpw.epd")) {
		p, _ := ParseFEN(c.fen)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes += perftUnmake(&p, depths[i])
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
		})
	}
}
