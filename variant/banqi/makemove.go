package banqi

// MakeMove writes into child the position after the legal move m; a flip
// turns the piece up as its identity, which p must know (a true
// position): in a public position use MakeFlip. m must be legal;
// behaviour is undefined otherwise.
func (p *Position) MakeMove(m Move, child *Position) {
	if m.IsFlip() {
		p.MakeFlip(m.From(), p.identity[m.From()], child)
		return
	}
	*child = *p
	child.step(m.From(), m.To())
	child.endTurn()
}

// MakeFlip writes into child the position after the face-down piece on s
// is turned up as pc, a piece the pool holds: a flip whose outcome the
// caller chooses (a search of a public position tries each). The first
// flip of the game gives the player to move pc's colour. s must hold a
// face-down piece and the pool a pc; behaviour is undefined otherwise.
func (p *Position) MakeFlip(s Square, pc Piece, child *Position) {
	*child = *p
	c := child
	c.board[s], c.identity[s] = pc, NoPiece
	if c.pool[pc&15] > 0 {
		c.pool[pc&15]--
	}
	c.key ^= zobristDown[s] ^ zobristPiece[pc&15][s]
	if c.first == NoColor {
		c.first = pc.Color()
		if c.turn == Second {
			c.first = c.first.Other()
		}
		c.key ^= zobristFirst[NoColor] ^ zobristFirst[c.first]
	}
	c.halfmove = 0
	c.endTurn()
}

// step moves the face-up piece on from to to, taking what stands there.
func (p *Position) step(from, to Square) {
	pc := p.board[from]
	if v := p.board[to]; v != NoPiece {
		p.key ^= zobristPiece[v][to]
		p.halfmove = 0
	} else {
		p.halfmove++
	}
	p.board[from], p.board[to] = NoPiece, pc
	p.key ^= zobristPiece[pc][from] ^ zobristPiece[pc][to]
}

// endTurn hands the move to the other player.
func (p *Position) endTurn() {
	if p.turn == Second {
		p.fullmove++
	}
	p.turn = p.turn.Other()
	p.key ^= zobristSecond
}
