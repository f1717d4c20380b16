package engine

import "github.com/gambitchess/gambit/chess"

// seeValue are the piece values used by static exchange evaluation and MVV-LVA.
var seeValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// capturedType returns the type of the piece m captures, or NoPieceType.
func capturedType(p *chess.Position, m chess.Move) chess.PieceType {
	switch m.Kind() {
	case chess.EnPassant:
		return chess.Pawn
	case chess.Castling:
		return chess.NoPieceType
	}
	return p.PieceAt(m.To()).Type()
}

// isCapture reports whether m captures (castling, encoded as the king taking
// its own rook, does not).
func isCapture(p *chess.Position, m chess.Move) bool {
	return capturedType(p, m) != chess.NoPieceType
}

// see reports whether the static exchange evaluation of m is at least
// threshold: the material balance after the best sequence of captures and
// recaptures on m's destination, each side always recapturing with its least
// valuable attacker and free to stop. X-ray attackers behind a capturing
// slider join as the occupancy shrinks.
func see(p *chess.Position, m chess.Move, threshold int) bool {
	if m.Kind() == chess.Castling || m.Kind() == chess.Promotion {
		return threshold <= 0 || m.Promotion() == chess.Queen && threshold <= seeValue[chess.Queen]-seeValue[chess.Pawn]
	}
	from, to := m.From(), m.To()
	swap := seeValue[capturedType(p, m)] - threshold
	if swap < 0 {
		return false
	}
	swap = seeValue[p.PieceAt(from).Type()] - swap
	if swap <= 0 {
		return true
	}
	occ := p.Occupied() &^ from.Bitboard() &^ to.Bitboard()
	if m.Kind() == chess.EnPassant {
		occ &^= (to ^ 8).Bitboard()
	}
	stm := p.SideToMove()
	attackers := p.AttackersTo(to, occ) & occ
	diag := p.PiecesOfType(chess.Bishop) | p.PiecesOfType(chess.Queen)
	straight := p.PiecesOfType(chess.Rook) | p.PiecesOfType(chess.Queen)
	res := true
	for {
		stm = stm.Other()
		attackers &= occ
		ours := attackers & p.ByColor(stm)
		if ours == 0 {
			break
		}
		// A pinned piece may not recapture while its pinner is still on the board.
		res = !res
		var pt chess.PieceType
		for pt = chess.Pawn; pt <= chess.King; pt++ {
			if ours&p.PiecesOfType(pt) != 0 {
				break
			}
		}
		if pt == chess.King {
			// The king may capture only if the other side has no attacker left.
			if attackers&p.ByColor(stm.Other()) != 0 {
				res = !res
			}
			break
		}
		swap = seeValue[pt] - swap
		if swap < boolInt(res) {
			break
		}
		b := ours & p.PiecesOfType(pt)
		occ &^= b.First().Bitboard()
		if pt == chess.Pawn || pt == chess.Bishop || pt == chess.Queen {
			attackers |= chess.BishopAttacks(to, occ) & diag
		}
		if pt == chess.Rook || pt == chess.Queen {
			attackers |= chess.RookAttacks(to, occ) & straight
		}
	}
	return res
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
