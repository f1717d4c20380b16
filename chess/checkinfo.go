package chess

// CheckInfo is what telling a checking move from the others needs of one
// position, computed once (Position.CheckInfo) for the many moves a search
// asks about: the squares from which each piece type of the side to move
// attacks the enemy king, and the side to move's pieces that alone block
// one of its sliders from that king (the discovered checks), as
// Stockfish's check squares and king blockers do.
type CheckInfo struct {
	squares [King + 1]Bitboard // by piece type: the squares a piece of it would check from
	uncover Bitboard           // pieces whose leaving their line to the king uncovers a check
	king    Square             // the enemy king
	general bool               // no king, or one already attacked: ask Position.GivesCheck
}

// CheckInfo returns the position's CheckInfo.
func (p *Position) CheckInfo() CheckInfo {
	us, them := p.side, p.side.Other()
	if p.Pieces(them, King) == 0 {
		return CheckInfo{general: true}
	}
	ksq := p.KingSquare(them)
	occ := p.Occupied()
	if p.AttackersTo(ksq, occ)&p.byColor[us] != 0 {
		// Only positions read by ParseFENKingEnPrise: every move "checks"
		// that leaves the attack standing.
		return CheckInfo{general: true}
	}
	ci := CheckInfo{king: ksq, uncover: p.blockers(them) & p.byColor[us]}
	ci.squares[Pawn] = pawnAttacks[them][ksq]
	ci.squares[Knight] = knightAttacks[ksq]
	ci.squares[Bishop] = BishopAttacks(ksq, occ)
	ci.squares[Rook] = RookAttacks(ksq, occ)
	ci.squares[Queen] = ci.squares[Bishop] | ci.squares[Rook]
	return ci
}

// GivesCheck reports whether the legal move m of p, the position ci was
// computed for, puts the opponent in check: what p.GivesCheck(m) says, in
// a few instructions for a move that is neither a promotion, en passant
// nor castling.
func (ci *CheckInfo) GivesCheck(p *Position, m Move) bool {
	if ci.general || m.Kind() != Normal {
		return p.givesCheck(m)
	}
	from, to := m.From(), m.To()
	return ci.squares[p.board[from].Type()].Has(to) ||
		ci.uncover.Has(from) && !lineBB[from][ci.king].Has(to)
}
