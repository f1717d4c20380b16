package chess

// RemovePieces takes off the board every piece on the squares of mask except
// the kings (a Position always holds one king a side; removing one is the
// caller's business, and not possible here). It is for variants whose rules
// remove pieces outside a move (a blast, a trap), and keeps
// every derived datum consistent with the new placement:
//
//   - the Zobrist key;
//   - castling rights: a right dies with its rook (a rook removed from the
//     square it castles from);
//   - the en-passant square: dropped unless the pawn that just moved two
//     squares and a pawn of the side to move ready to take it both remain;
//   - the checkers of the side to move.
//
// Removing pieces cannot be undone by any move, as a capture cannot, so the
// halfmove clock restarts at 0 even when mask holds no piece: the caller
// calls RemovePieces for an irreversible event. The side to move and the
// move number are unchanged. The side not to move may be left in check; the
// caller decides what that means.
func (p *Position) RemovePieces(mask Bitboard) {
	p.halfmove = 0
	mask &= p.Occupied() &^ p.byType[King]
	if mask == 0 {
		return
	}
	p.key ^= castlingKeys[p.castling]
	for b := mask; b != 0; {
		p.removePiece(b.PopFirst())
	}
	for i := 0; i < 4; i++ {
		if p.castling&(1<<i) != 0 && mask.Has(p.castleRook[i]) {
			p.castling &^= 1 << i
		}
	}
	p.key ^= castlingKeys[p.castling]
	if p.ep != NoSquare {
		us, them := p.side, p.side.Other()
		if p.board[p.ep^8] != NewPiece(them, Pawn) || pawnAttacks[them][p.ep]&p.Pieces(us, Pawn) == 0 {
			p.key ^= enPassantKeys[p.ep.File()]
			p.ep = NoSquare
		}
	}
	p.checkers = p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side.Other()]
}
