package fog

import (
	"strings"

	"github.com/gambitchess/gambit/chess"
)

// sanLetters are the SAN piece letters by chess.PieceType ("" for a pawn).
var sanLetters = [...]string{chess.Pawn: "", chess.Knight: "N", chess.Bishop: "B", chess.Rook: "R", chess.Queen: "Q", chess.King: "K"}

// SAN writes m, one of the position's moves, in Standard Algebraic
// Notation as these rules have it: with no check or mate sign (there is no
// check), and told apart from the other moves of these rules, in which a
// pinned piece may move, so "Nbd2" where chess would write "Nd2".
func (p *Position) SAN(m chess.Move) string {
	b := &p.board
	from, to := m.From(), m.To()
	pt := b.PieceAt(from).Type()
	capture := b.PieceAt(to) != chess.NoPiece || m.Kind() == chess.EnPassant
	var sb strings.Builder
	switch {
	case m.Kind() == chess.Castling:
		if to > from {
			return "O-O"
		}
		return "O-O-O"
	case pt == chess.Pawn:
		if capture {
			sb.WriteString(from.File().String())
			sb.WriteByte('x')
		}
	default:
		sb.WriteString(sanLetters[pt])
		sb.WriteString(p.disambiguation(m, pt))
		if capture {
			sb.WriteByte('x')
		}
	}
	sb.WriteString(to.String())
	if promo := m.Promotion(); promo != chess.NoPieceType {
		sb.WriteByte('=')
		sb.WriteString(sanLetters[promo])
	}
	return sb.String()
}

// disambiguation tells m apart from the other moves of these rules of a
// piece of type pt to the same square.
func (p *Position) disambiguation(m chess.Move, pt chess.PieceType) string {
	var ml chess.MoveList
	p.Generate(&ml)
	return chess.Disambiguation(&p.board, m, pt, ml.Moves())
}
