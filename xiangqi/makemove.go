package xiangqi

// MakeMove copies p into dst and plays m there (copy-make); p is unchanged
// and dst may not alias p. m must be legal in p; behaviour is undefined
// otherwise.
func (p *Position) MakeMove(m Move, dst *Position) {
	*dst = *p
	dst.play(m)
}

// Undo holds what UndoMove needs to take a move back.
type Undo struct {
	captured Piece
	halfmove uint16
	key      uint64
}

// DoMove plays m in place and returns the information UndoMove needs.
// m must be legal in p; behaviour is undefined otherwise.
func (p *Position) DoMove(m Move) Undo {
	u := Undo{captured: p.board[m.To()], halfmove: p.halfmove, key: p.key}
	p.play(m)
	return u
}

// UndoMove takes back m, which must be the last move played with DoMove
// and u its result.
func (p *Position) UndoMove(m Move, u Undo) {
	from, to := m.From(), m.To()
	p.side = p.side.Other()
	us := p.side
	if us == Black {
		p.fullmove--
	}
	pc := p.board[to]
	p.movePiece(pc, us, to, from)
	if u.captured != NoPiece {
		p.restore(u.captured, to)
	}
	p.halfmove = u.halfmove
	p.key = u.key
}

// movePiece moves pc of colour c between empty-destination points, without
// touching the key.
func (p *Position) movePiece(pc Piece, c Color, from, to Square) {
	ff, fr, tf, tr := sqFile[from], sqRank[from], sqFile[to], sqRank[to]
	p.board[from] = NoPiece
	p.board[to] = pc
	p.pieces[pc][from>>6] &^= 1 << (uint(from) & 63)
	p.pieces[pc][to>>6] |= 1 << (uint(to) & 63)
	p.rankOcc[c][fr] &^= 1 << ff
	p.fileOcc[c][ff] &^= 1 << fr
	p.rankOcc[c][tr] |= 1 << tf
	p.fileOcc[c][tf] |= 1 << tr
	if pc.Type() == King {
		p.kings[c] = to
	}
}

// restore puts a captured piece back on s without touching the key.
func (p *Position) restore(pc Piece, s Square) {
	c := pc.Color()
	p.board[s] = pc
	p.pieces[pc][s>>6] |= 1 << (uint(s) & 63)
	p.rankOcc[c][sqRank[s]] |= 1 << sqFile[s]
	p.fileOcc[c][sqFile[s]] |= 1 << sqRank[s]
}

// play applies m in place.
func (p *Position) play(m Move) {
	from, to := m.From(), m.To()
	us := p.side
	pc, captured := p.board[from], p.board[to]
	if captured != NoPiece {
		them := us.Other()
		p.pieces[captured][to>>6] &^= 1 << (uint(to) & 63)
		p.rankOcc[them][sqRank[to]] &^= 1 << sqFile[to]
		p.fileOcc[them][sqFile[to]] &^= 1 << sqRank[to]
		p.key ^= zobristPiece[captured][to]
		p.halfmove = 0
	} else if p.halfmove < 0xffff {
		p.halfmove++
	}
	p.movePiece(pc, us, from, to)
	p.key ^= zobristPiece[pc][from] ^ zobristPiece[pc][to] ^ zobristSide
	if us == Black && p.fullmove < 0xffff {
		p.fullmove++
	}
	p.side = us.Other()
}

// MakeNullMove copies p into dst with the other side to move (for search);
// the side to move must not be in check.
func (p *Position) MakeNullMove(dst *Position) {
	*dst = *p
	dst.side = p.side.Other()
	dst.key ^= zobristSide
	if p.side == Black && dst.fullmove < 0xffff {
		dst.fullmove++
	}
}
