package chess

import (
	"math/bits"
	"strings"
)

// Bitboard is a set of squares: bit i is set when Square(i) is in the set.
type Bitboard uint64

// Useful square sets.
const (
	Empty Bitboard = 0
	Full  Bitboard = ^Bitboard(0)

	FileABB Bitboard = 0x0101010101010101
	FileHBB Bitboard = FileABB << 7
	Rank1BB Bitboard = 0xFF
	Rank7BB Bitboard = Rank1BB << 48
	Rank8BB Bitboard = Rank1BB << 56

	lightSquares Bitboard = 0x55AA55AA55AA55AA
	darkSquares  Bitboard = ^lightSquares
)

// FileBB returns the squares of file f.
func FileBB(f File) Bitboard { return FileABB << f }

// RankBB returns the squares of rank r.
func RankBB(r Rank) Bitboard { return Rank1BB << (8 * r) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// Any reports whether the set is non-empty.
func (b Bitboard) Any() bool { return b != 0 }

// More reports whether the set has more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

// First returns the lowest square in the set; the set must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes the lowest square from the set and returns it; the set must not be empty.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Squares returns the squares of the set in ascending order. It allocates; hot
// code loops with PopFirst instead.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for b != 0 {
		out = append(out, b.PopFirst())
	}
	return out
}

// String draws the set as eight lines of 'x' and '.', rank 8 first.
func (b Bitboard) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if f > 0 {
				sb.WriteByte(' ')
			}
			if b.Has(NewSquare(File(f), Rank(r))) {
				sb.WriteByte('x')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// forward shifts the set one rank towards c's opponent.
func forward(c Color, b Bitboard) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}
