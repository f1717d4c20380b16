package xiangqi

// MakeMove writes into child the position after the legal move m; p is
// unchanged and child may not alias p. It is the copy-make form of Play.
// m must be legal in p; behaviour is undefined otherwise.
func (p *Position) MakeMove(m Move, child *Position) {
	*child = *p
	child.Play(m)
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
	p.Play(m)
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

// Play plays the legal move m in place; behaviour is undefined for any other
// move. DoMove does the same and returns what UndoMove needs to take it
// back.
func (p *Position) Play(m Move) {
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

// MakeNullMove writes into child the position after a null move (the copy-
// make form of PlayNull); p is unchanged.
func (p *Position) MakeNullMove(child *Position) {
	*child = *p
	child.PlayNull()
}

// PlayNull passes the move to the opponent (a "null move", for search). The
// side to move must not be in check. The halfmove clock, which counts plies
// since a capture, is unchanged.
func (p *Position) PlayNull() {
	if p.side == Black && p.fullmove < 0xffff {
		p.fullmove++
	}
	p.side = p.side.Other()
	p.key ^= zobristSide
}
