package jieqi

import "github.com/gambitchess/gambit/xiangqi"

// MakeMove writes into child the position after the legal move m; p is
// unchanged and child may not alias p. A face-down mover is turned face up
// as its identity; in a position where that is unknown (a public one), it
// is turned up as the piece of its starting point: use MakeMoveReveal to
// say what it turns out to be. m must be legal in p; behaviour is
// undefined otherwise.
func (p *Position) MakeMove(m Move, child *Position) {
	*child = *p
	child.Play(m, NoPieceType)
}

// MakeMoveReveal is MakeMove with the type a face-down mover turns out to
// be given by the caller (for a search over a public position); reveal is
// ignored when the mover is face up. reveal must be a type the side may
// still have (Advisor to Soldier).
func (p *Position) MakeMoveReveal(m Move, reveal PieceType, child *Position) {
	*child = *p
	child.Play(m, reveal)
}

// Play plays the legal move m in place. A face-down mover is turned face
// up as reveal, or when reveal is NoPieceType as its identity, or when that
// is unknown as the piece of its starting point. A face-down piece taken is
// counted among its side's lost pieces by its identity, or as unknown.
// Behaviour is undefined for an illegal move.
func (p *Position) Play(m Move, reveal PieceType) {
	from, to := m.From(), m.To()
	us, them := p.side, p.side.Other()
	pc, captured := p.board[from], p.board[to]
	if captured != xiangqi.NoPiece {
		if p.down.Has(to) {
			if t := p.identity[to]; t != NoPieceType {
				p.lostDown[them][t]++
			} else {
				p.lostUnknown[them]++
			}
			p.down.Clear(to)
			p.identity[to] = NoPieceType
			p.key ^= zobristDown[them][to]
		} else {
			p.lost[them][captured.Type()]++
			p.key ^= zobristPiece[captured][to]
		}
		p.halfmove = 0
	} else if p.halfmove < 0xffff {
		p.halfmove++
	}
	moved := pc
	if p.down.Has(from) {
		if reveal == NoPieceType {
			reveal = p.identity[from]
		}
		if reveal == NoPieceType || reveal == King {
			reveal = pc.Type()
		}
		moved = xiangqi.NewPiece(us, reveal)
		p.down.Clear(from)
		p.identity[from] = NoPieceType
		p.key ^= zobristDown[us][from]
	} else {
		p.key ^= zobristPiece[pc][from]
	}
	p.board[from] = xiangqi.NoPiece
	p.board[to] = moved
	p.key ^= zobristPiece[moved][to] ^ zobristSide
	if moved.Type() == King {
		p.kings[us] = to
	}
	if us == Black && p.fullmove < 0xffff {
		p.fullmove++
	}
	p.side = them
}
