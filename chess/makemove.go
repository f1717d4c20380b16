package chess

// Play makes move m in place. m must be legal in p (from GenerateLegal or
// checked with IsLegal); behaviour is undefined otherwise. The safe layer is Game.
// As an exception for king-capture variants, m may also be any pseudo-legal
// move, including one that captures the enemy king: the result then has no
// king of the side to move, no checkers and no castling rights for that
// side, and only FEN, PieceAt and the bitboard accessors are meaningful on
// it (its FEN reads back with ParseFENKingEnPrise).
func (p *Position) Play(m Move) {
	from, to := m.From(), m.To()
	us, them := p.side, p.side.Other()
	pc := p.board[from]

	p.key ^= castlingKeys[p.castling]
	if p.ep != NoSquare {
		p.key ^= enPassantKeys[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++

	if m.Kind() == Castling {
		kto, rto := castlingKingTarget(from, to), castlingRookTarget(from, to)
		rook := p.board[to]
		p.removePiece(from)
		p.removePiece(to)
		p.putPiece(pc, kto)
		p.putPiece(rook, rto)
		p.castling &^= (WhiteKingSide | WhiteQueenSide) << (2 * us)
	} else {
		capSq := to
		if m.Kind() == EnPassant {
			capSq = to ^ 8 // the captured pawn stands behind the target square
		}
		if captured := p.board[capSq]; captured != NoPiece {
			p.removePiece(capSq)
			p.halfmove = 0
			if captured.Type() == King { // king-capture variants: no king, no castling
				p.castling &^= (WhiteKingSide | WhiteQueenSide) << (2 * them)
			}
		}
		p.movePiece(from, to)
		if pc.Type() == Pawn {
			p.halfmove = 0
			if m.Kind() == Promotion {
				p.removePiece(to)
				p.putPiece(NewPiece(us, m.Promotion()), to)
			} else if from^to == 16 {
				p.setEnPassant((from+to)/2, us)
			}
		}
		if p.castling != 0 {
			p.updateCastling(pc, from, to)
		}
	}

	p.key ^= castlingKeys[p.castling]
	if us == Black {
		p.fullmove++
	}
	p.side = them
	p.key ^= sideKey
	p.checkers = 0
	if p.Pieces(them, King) != 0 { // variants that capture the king leave none
		p.checkers = p.AttackersTo(p.KingSquare(them), p.Occupied()) & p.byColor[us]
	}
}

// MakeMove writes into child the position after the legal move m; p is unchanged.
// It is the copy-make form of Play.
func (p *Position) MakeMove(m Move, child *Position) {
	*child = *p
	child.Play(m)
}

// MakeNullMove writes into child the position after a null move (the
// copy-make form of PlayNull); p is unchanged.
func (p *Position) MakeNullMove(child *Position) {
	*child = *p
	child.PlayNull()
}

// PlayNull passes the move to the opponent (a "null move", used by search and
// by PGN's "--"). The side to move must not be in check.
func (p *Position) PlayNull() {
	if p.ep != NoSquare {
		p.key ^= enPassantKeys[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	if p.side == Black {
		p.fullmove++
	}
	p.side = p.side.Other()
	p.key ^= sideKey
	p.checkers = p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side.Other()]
}

// setEnPassant records the square a pawn of colour mover just skipped, if an
// enemy pawn stands ready to capture there (the Polyglot convention).
func (p *Position) setEnPassant(ep Square, mover Color) {
	if pawnAttacks[mover][ep]&p.Pieces(mover.Other(), Pawn) != 0 {
		p.ep = ep
		p.key ^= enPassantKeys[ep.File()]
	}
}

// updateCastling drops the rights lost by a move of piece pc from from to to:
// a king move loses both of its side's rights; a move from or onto a castling
// rook's square loses that right.
func (p *Position) updateCastling(pc Piece, from, to Square) {
	if pc.Type() == King {
		p.castling &^= (WhiteKingSide | WhiteQueenSide) << (2 * pc.Color())
	}
	for i := 0; i < 4; i++ {
		if p.castling&(1<<i) != 0 && (p.castleRook[i] == from || p.castleRook[i] == to) {
			p.castling &^= 1 << i
		}
	}
}
