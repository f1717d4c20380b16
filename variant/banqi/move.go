package banqi

import (
	"fmt"
	"strings"
)

// Move is one turn's action, in 16 bits:
//
//	bits 0-4   to, the square reached (a flip: the square flipped)
//	bits 5-9   from, the square left (a flip: the same square)
//	bit  10    set in every move, so that the flip of a1 is not MoveNone
//
// A flip is a move from a square to itself: its coordinate text is the
// square twice ("c2c2").
type Move uint16

// MoveNone is the zero move: no move.
const MoveNone Move = 0

const moveSet = 1 << 10

// NewMove returns the move from one square to another; NewMove(s, s) is
// the flip of s.
func NewMove(from, to Square) Move { return moveSet | Move(from&31)<<5 | Move(to&31) }

// From returns the square the move leaves (a flip's square).
func (m Move) From() Square { return Square(m >> 5 & 31) }

// To returns the square the move reaches (a flip's square).
func (m Move) To() Square { return Square(m & 31) }

// IsFlip reports whether m turns a face-down piece up.
func (m Move) IsFlip() bool { return m != MoveNone && m.From() == m.To() }

// String returns the move's coordinate text, "c2c3", a flip "c2c2";
// "0000" for MoveNone.
func (m Move) String() string {
	if m == MoveNone {
		return "0000"
	}
	return m.From().String() + m.To().String()
}

// ParseMove reads a move's coordinate text ("c2c3"; a flip "c2c2"; upper
// case and "c2-c3" accepted) without checking it against a position; the
// error wraps ErrInvalidMove.
func ParseMove(text string) (Move, error) {
	t := strings.TrimSpace(text)
	if len(t) == 5 && t[2] == '-' {
		t = t[:2] + t[3:]
	}
	if len(t) != 4 {
		return MoveNone, fmt.Errorf("%w: %q: want a move like c2c3, or a flip like c2c2", ErrInvalidMove, clip(text))
	}
	from, ok1 := ParseSquare(t[:2])
	to, ok2 := ParseSquare(t[2:])
	if !ok1 || !ok2 {
		return MoveNone, fmt.Errorf("%w: %q: squares run a1 to h4", ErrInvalidMove, clip(text))
	}
	return NewMove(from, to), nil
}

// MaxMoves bounds the moves of a position: 32 flips at most, and no more
// than 16 pieces a side with four steps each and a cannon's four jumps.
const MaxMoves = 128

// MoveList is a fixed-capacity list of moves, filled without allocating.
type MoveList struct {
	moves [MaxMoves]Move
	n     int
}

// Len returns the number of moves.
func (ml *MoveList) Len() int { return ml.n }

// At returns the i-th move.
func (ml *MoveList) At(i int) Move { return ml.moves[i] }

// Moves returns the moves as a slice of the list's own array.
func (ml *MoveList) Moves() []Move { return ml.moves[:ml.n] }

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for _, x := range ml.moves[:ml.n] {
		if x == m {
			return true
		}
	}
	return false
}

func (ml *MoveList) add(m Move) {
	ml.moves[ml.n] = m
	ml.n++
}

// clip shortens text quoted in an error.
func clip(text string) string {
	const most = 40
	if len(text) > most {
		return text[:most] + "…"
	}
	return text
}
