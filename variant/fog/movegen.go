package fog

import "github.com/gambitchess/gambit/chess"

// pawnPush returns the squares one step in front of the pawns b of colour c.
func pawnPush(c chess.Color, b chess.Bitboard) chess.Bitboard {
	if c == chess.White {
		return b << 8
	}
	return b >> 8
}

// pushDelta is the square difference of a one-step pawn push of colour c.
func pushDelta(c chess.Color) int {
	if c == chess.White {
		return 8
	}
	return -8
}

// Generate fills ml with the moves of king-capture chess: every move of
// chess without the check and pin filter (kings may step into check and
// pieces leave their king exposed), captures of the king included, and
// castling without any test of attacked squares. Once a king has been
// captured the game is over and there are no moves. It allocates nothing.
func (p *Position) Generate(ml *chess.MoveList) {
	ml.Clear()
	b := &p.board
	if b.Pieces(chess.White, chess.King) == 0 || b.Pieces(chess.Black, chess.King) == 0 {
		return
	}
	us := b.SideToMove()
	ours, theirs := b.ByColor(us), b.ByColor(us.Other())
	occ := ours | theirs

	for _, pt := range [...]chess.PieceType{chess.Knight, chess.Bishop, chess.Rook, chess.Queen, chess.King} {
		for pcs := b.Pieces(us, pt); pcs != 0; {
			from := pcs.PopFirst()
			for t := chess.Attacks(pt, us, from, occ) &^ ours; t != 0; {
				ml.Add(chess.NewMove(from, t.PopFirst()))
			}
		}
	}
	generatePawns(b, us, theirs, occ, ml)
	generateCastling(b, us, occ, ml)
}

// generatePawns adds the pawn moves of colour us: pushes, double pushes,
// captures, promotions and en passant.
func generatePawns(b *chess.Position, us chess.Color, theirs, occ chess.Bitboard, ml *chess.MoveList) {
	d := pushDelta(us)
	last := chess.Rank8BB
	if us == chess.Black {
		last = chess.Rank1BB
	}
	for pcs := b.Pieces(us, chess.Pawn); pcs != 0; {
		from := pcs.PopFirst()
		targets := chess.PawnAttacks(us, from) & theirs
		one := chess.Square(int(from) + d)
		if !occ.Has(one) {
			targets |= one.Bitboard()
			if from.RelativeRank(us) == chess.Rank2 {
				if two := chess.Square(int(one) + d); !occ.Has(two) {
					targets |= two.Bitboard()
				}
			}
		}
		for targets != 0 {
			to := targets.PopFirst()
			if last.Has(to) {
				for pt := chess.Queen; pt >= chess.Knight; pt-- {
					ml.Add(chess.NewPromotion(from, to, pt))
				}
			} else {
				ml.Add(chess.NewMove(from, to))
			}
		}
	}
	// chess sets the en-passant square only when a pawn of the side to move
	// can take there; without pins to respect, every such pawn may.
	if ep := b.EnPassant(); ep != chess.NoSquare {
		for pcs := chess.PawnAttacks(us.Other(), ep) & b.Pieces(us, chess.Pawn); pcs != 0; {
			ml.Add(chess.NewEnPassant(pcs.PopFirst(), ep))
		}
	}
}

// castlingRights lists each colour's two rights, king side first.
var castlingRights = [2][2]chess.CastlingRights{
	{chess.WhiteKingSide, chess.WhiteQueenSide},
	{chess.BlackKingSide, chess.BlackQueenSide},
}

// castlingTargets returns where king and rook land when colour c castles
// on the king side (kingSide) or queen side: g and f, or c and d, on c's
// back rank (Chess960 too).
func castlingTargets(c chess.Color, kingSide bool) (kto, rto chess.Square) {
	r := chess.Rank1
	if c == chess.Black {
		r = chess.Rank8
	}
	if kingSide {
		return chess.NewSquare(chess.FileG, r), chess.NewSquare(chess.FileF, r)
	}
	return chess.NewSquare(chess.FileC, r), chess.NewSquare(chess.FileD, r)
}

// castlingOK reports whether colour c may castle with right i (0 king
// side, 1 queen side) in fog of war: the right is held and every square
// from the leftmost to the rightmost of king, rook and their targets is
// empty but for king and rook. The union of the king's and rook's paths is
// that whole span, because their targets are neighbours. No square is
// tested for attack.
func castlingOK(b *chess.Position, c chess.Color, i int, occ chess.Bitboard) (ksq, rsq chess.Square, ok bool) {
	rsq = b.CastlingRook(castlingRights[c][i])
	if rsq == chess.NoSquare {
		return 0, 0, false
	}
	ksq = b.KingSquare(c)
	kto, rto := castlingTargets(c, i == 0)
	lo, hi := min(ksq, rsq, kto, rto), max(ksq, rsq, kto, rto)
	for s := lo; s <= hi; s++ {
		if s != ksq && s != rsq && occ.Has(s) {
			return 0, 0, false
		}
	}
	return ksq, rsq, true
}

// generateCastling adds the castling moves of colour us.
func generateCastling(b *chess.Position, us chess.Color, occ chess.Bitboard, ml *chess.MoveList) {
	if b.Castling() == chess.NoCastling {
		return
	}
	for i := 0; i < 2; i++ {
		if ksq, rsq, ok := castlingOK(b, us, i, occ); ok {
			ml.Add(chess.NewCastling(ksq, rsq))
		}
	}
}
