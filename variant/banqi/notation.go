package banqi

import (
	"fmt"
	"strings"
)

// Banqi's move notation, as Gambit writes it in PGN and in a game's move
// list (SAN, "standard" for this package only: banqi has no published
// one). Every move names its squares in full, for every piece steps one
// square and two pieces may step onto the same one:
//
//	c2=K    a flip: the square, '=', and the piece it turned up (its FEN
//	        letter, upper case red, lower case black)
//	Rc2-c3  a step: the piece's letter (upper case whatever its colour),
//	        the square left, '-', the square reached
//	Rc2xc3  a capture: the same with 'x'
//	Ca1xa4  a cannon's jump
//
// The reader (ParseSAN) also takes a move without its piece letter
// ("c2-c3", "c2xc3") and coordinate text ("c2c3", a flip "c2c2").

// SAN returns the move as this package writes it: "c2=K", "Rc2-c3",
// "Rc2xc3".
func (pl Played) SAN() string {
	if pl.Move.IsFlip() {
		return pl.Move.From().String() + "=" + pl.Piece.String()
	}
	sep := "-"
	if pl.Captured != NoPiece {
		sep = "x"
	}
	return string(typeLetters[pl.Piece.Type()]) + pl.Move.From().String() + sep + pl.Move.To().String()
}

// Notation is a move read from its text by ParseSAN, before it is
// checked against a position: what the text claims.
type Notation struct {
	Move Move
	// Type is the moving piece's type the text names; NoPieceType when it
	// names none (and for a flip).
	Type PieceType
	// Reveal is the piece a flip says it turned up; NoPiece when the text
	// says none (coordinate text).
	Reveal Piece
	// Capture: the text marks a capture ('x'); Step: it marks a move to
	// an empty square ('-'). Neither for coordinate text.
	Capture, Step bool
}

// ParseSAN reads a move in this package's notation ("c2=K", "Rc2-c3",
// "Rc2xc3", "c2-c3") or coordinate text ("c2c3", "c2c2"). The error wraps
// ErrInvalidMove.
func ParseSAN(text string) (Notation, error) {
	t := strings.TrimSpace(text)
	bad := func(why string) (Notation, error) {
		return Notation{}, fmt.Errorf("%w: %q: %s", ErrInvalidMove, clip(text), why)
	}
	if len(t) == 4 && t[2] == '=' {
		s, ok := ParseSquare(t[:2])
		pc := PieceFromChar(t[3])
		if !ok || !pc.IsReal() || t[3] == 'E' || t[3] == 'H' || t[3] == 'e' || t[3] == 'h' {
			return bad("want a flip like c2=K")
		}
		return Notation{Move: NewMove(s, s), Reveal: pc}, nil
	}
	var n Notation
	if len(t) == 6 && strings.IndexByte(typeLetters[1:], t[0]) >= 0 {
		n.Type = PieceFromChar(t[0]).Type()
		t = t[1:]
	}
	if len(t) == 5 {
		switch t[2] {
		case '-':
			n.Step = true
		case 'x':
			n.Capture = true
		default:
			return bad("want a move like Rc2-c3 or Rc2xc3")
		}
		t = t[:2] + t[3:]
	}
	if len(t) != 4 || n.Type != NoPieceType && !n.Step && !n.Capture {
		return bad("want a move like Rc2-c3, Rc2xc3 or c2=K")
	}
	m, err := ParseMove(t)
	if err != nil {
		return bad("squares run a1 to h4")
	}
	if m.IsFlip() && (n.Step || n.Capture) {
		return bad("a piece cannot move to its own square")
	}
	n.Move = m
	return n, nil
}
