package chess

import "strings"

var unicodePieces = [16]string{"", "♙", "♘", "♗", "♖", "♕", "♔", "", "", "♟", "♞", "♝", "♜", "♛", "♚", ""}

// DrawOptions controls Draw. The zero value is an ASCII board, White at the
// bottom.
type DrawOptions struct {
	Unicode bool // chess symbols (♔, ♟, …) and "·" instead of FEN letters and "."
	Flip    bool // Black at the bottom: the board as Black sees it
}

// Draw returns the board as eight lines, rank 8 first (rank 1 with
// o.Flip), with file letters and rank numbers around it: FEN letters
// ("R N B ...") and "." for empty squares, or chess symbols with o.Unicode.
func (p *Position) Draw(o DrawOptions) string {
	var sb strings.Builder
	files := "  a b c d e f g h\n"
	if o.Flip {
		files = "  h g f e d c b a\n"
	}
	for i := 0; i < 8; i++ {
		r := Rank(7 - i)
		if o.Flip {
			r = Rank(i)
		}
		sb.WriteString(r.String())
		for j := 0; j < 8; j++ {
			f := File(j)
			if o.Flip {
				f = File(7 - j)
			}
			sb.WriteByte(' ')
			pc := p.board[NewSquare(f, r)]
			switch {
			case pc == NoPiece && o.Unicode:
				sb.WriteString("·")
			case pc == NoPiece:
				sb.WriteByte('.')
			case o.Unicode:
				sb.WriteString(unicodePieces[pc])
			default:
				sb.WriteString(pc.String())
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString(files)
	return sb.String()
}

// Mirror returns the position with colours swapped and the board flipped
// vertically: the same position seen from the other side. Evaluation
// symmetry tests use it.
func (p *Position) Mirror() Position {
	var m Position
	for s := A1; s <= H8; s++ {
		if pc := p.board[s]; pc != NoPiece {
			m.putPiece(NewPiece(pc.Color().Other(), pc.Type()), s.Flip())
		}
	}
	m.side = p.side.Other()
	m.chess960 = p.chess960
	m.halfmove, m.fullmove = p.halfmove, p.fullmove
	m.castleRook = [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}
	for i := 0; i < 4; i++ {
		if p.castling&(1<<i) != 0 {
			j := i ^ 2 // the same side of the other colour
			m.castling |= 1 << j
			m.castleRook[j] = p.castleRook[i].Flip()
		}
	}
	m.ep = NoSquare
	if p.ep != NoSquare {
		m.ep = p.ep.Flip()
	}
	m.checkers = m.AttackersTo(m.KingSquare(m.side), m.Occupied()) & m.byColor[m.side.Other()]
	m.key = m.computeKey()
	return m
}

// IsCapture reports whether the legal move m captures (en passant included).
func (p *Position) IsCapture(m Move) bool {
	return m.Kind() == EnPassant || m.Kind() != Castling && p.board[m.To()] != NoPiece
}

// IsZeroing reports whether m resets the 50-move counter: a capture or a pawn move.
func (p *Position) IsZeroing(m Move) bool {
	return p.IsCapture(m) || p.board[m.From()].Type() == Pawn
}

// AttacksFrom returns the squares attacked by the piece on s (empty if none).
func (p *Position) AttacksFrom(s Square) Bitboard {
	pc := p.board[s]
	if pc == NoPiece {
		return 0
	}
	return Attacks(pc.Type(), pc.Color(), s, p.Occupied())
}
