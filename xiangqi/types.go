package xiangqi

import "math/bits"

// Color is the side a piece belongs to: Red moves first.
type Color uint8

// The two sides, plus NoColor for "nobody" (for example the winner of a draw).
const (
	Red Color = iota
	Black
	NoColor
)

// Other returns the opposing side.
func (c Color) Other() Color { return c ^ 1 }

// String returns "red", "black" or "none".
func (c Color) String() string {
	switch c {
	case Red:
		return "red"
	case Black:
		return "black"
	}
	return "none"
}

// Board geometry.
const (
	NumFiles   = 9
	NumRanks   = 10
	NumSquares = NumFiles * NumRanks
)

// Square is a point of the board, numbered rank*9 + file: file 0 is Red's
// left (ICCS 'a'), rank 0 is Red's back rank. NoSquare marks "none".
type Square int8

// NoSquare is the invalid square.
const NoSquare Square = -1

// NewSquare returns the square on file f (0-8) and rank r (0-9).
func NewSquare(f, r int) Square { return Square(r*NumFiles + f) }

// File returns the file 0-8 (ICCS a-i).
func (s Square) File() int { return int(sqFile[s]) }

// Rank returns the rank 0-9 counted from Red's side.
func (s Square) Rank() int { return int(sqRank[s]) }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

// String returns the ICCS name of s, such as "e0", or "-" for an invalid square.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('0' + s.Rank())})
}

// PieceType is the kind of a piece regardless of colour.
type PieceType uint8

// Piece types. King is the general (帥/將), Advisor 仕/士, Elephant 相/象,
// Horse 傌/馬, Chariot 俥/車, Cannon 炮/砲, Soldier 兵/卒.
const (
	NoPieceType PieceType = iota
	King
	Advisor
	Elephant
	Horse
	Chariot
	Cannon
	Soldier
)

var pieceTypeNames = [...]string{"none", "king", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"}

// String returns the English name of the piece type.
func (pt PieceType) String() string {
	if int(pt) < len(pieceTypeNames) {
		return pieceTypeNames[pt]
	}
	return "invalid"
}

// Piece is a coloured piece: bits 0-2 hold the PieceType, bit 3 the Color.
// NoPiece (0) is an empty point. Values run 1-7 for red and 9-15 for black,
// so a [16] array indexed by Piece covers every piece.
type Piece uint8

// NoPiece marks an empty point.
const NoPiece Piece = 0

// Pieces, red then black.
const (
	RedKing     = Piece(King)
	RedAdvisor  = Piece(Advisor)
	RedElephant = Piece(Elephant)
	RedHorse    = Piece(Horse)
	RedChariot  = Piece(Chariot)
	RedCannon   = Piece(Cannon)
	RedSoldier  = Piece(Soldier)

	BlackKing     = Piece(King) | 8
	BlackAdvisor  = Piece(Advisor) | 8
	BlackElephant = Piece(Elephant) | 8
	BlackHorse    = Piece(Horse) | 8
	BlackChariot  = Piece(Chariot) | 8
	BlackCannon   = Piece(Cannon) | 8
	BlackSoldier  = Piece(Soldier) | 8
)

// NewPiece returns the piece of colour c and type pt.
func NewPiece(c Color, pt PieceType) Piece { return Piece(pt) | Piece(c)<<3 }

// Type returns the piece type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece colour; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

const fenPieceChars = " KABNRCP kabnrcp"

// Char returns the FEN letter of the piece: K A B N R C P for red,
// lower case for black, '.' for NoPiece.
func (p Piece) Char() byte {
	if p == NoPiece || p.Type() == NoPieceType || p > 15 {
		return '.'
	}
	return fenPieceChars[p]
}

// String returns the FEN letter of the piece as a string.
func (p Piece) String() string { return string(p.Char()) }

var pieceHanzi = [16]string{
	"＋", "帥", "仕", "相", "傌", "俥", "炮", "兵",
	"＋", "將", "士", "象", "馬", "車", "砲", "卒",
}

// Hanzi returns the traditional Chinese character for the piece as written
// on the board: 帥仕相傌俥炮兵 for red, 將士象馬車砲卒 for black.
func (p Piece) Hanzi() string {
	if p > 15 {
		return "？"
	}
	return pieceHanzi[p]
}

// PieceFromChar reads a FEN piece letter (upper case Red; B or E an
// elephant, N or H a horse, as xiangqi FENs write them); NoPiece for any
// other byte.
func PieceFromChar(c byte) Piece {
	switch c {
	case 'K':
		return RedKing
	case 'A':
		return RedAdvisor
	case 'B', 'E':
		return RedElephant
	case 'N', 'H':
		return RedHorse
	case 'R':
		return RedChariot
	case 'C':
		return RedCannon
	case 'P':
		return RedSoldier
	case 'k':
		return BlackKing
	case 'a':
		return BlackAdvisor
	case 'b', 'e':
		return BlackElephant
	case 'n', 'h':
		return BlackHorse
	case 'r':
		return BlackChariot
	case 'c':
		return BlackCannon
	case 'p':
		return BlackSoldier
	}
	return NoPiece
}

// Move is a move packed in 16 bits:
//
//	bits 0-6   destination square (0-89)
//	bits 7-13  origin square (0-89)
//	bits 14-15 zero
//
// MoveNone (0, a0 to a0) is "no move". There are no promotions, castling or
// other special moves in xiangqi, so nothing else is needed.
type Move uint16

// MoveNone is the zero move.
const MoveNone Move = 0

// NewMove returns the move from one square to another.
func NewMove(from, to Square) Move { return Move(uint16(from)<<7 | uint16(to)) }

// From returns the origin square.
func (m Move) From() Square { return Square(m >> 7 & 0x7f) }

// To returns the destination square.
func (m Move) To() Square { return Square(m & 0x7f) }

// String returns the move in ICCS coordinates ("h2e2"), or "0000" for MoveNone.
func (m Move) String() string {
	if m == MoveNone {
		return "0000"
	}
	return m.From().String() + m.To().String()
}

// MaxMoves bounds the number of pseudo-legal moves in any position that
// passes validation (the true maximum is below 120).
const MaxMoves = 128

// MoveList is a fixed-capacity list of moves filled by the generators
// without allocating.
type MoveList struct {
	moves [MaxMoves]Move
	n     int
}

// Len returns the number of moves in the list.
func (ml *MoveList) Len() int { return ml.n }

// At returns the i-th move.
func (ml *MoveList) At(i int) Move { return ml.moves[i] }

// Moves returns the moves as a slice aliasing the list's storage.
func (ml *MoveList) Moves() []Move { return ml.moves[:ml.n] }

// Clear empties the list.
func (ml *MoveList) Clear() { ml.n = 0 }

// Add appends a move; the list must not be full.
func (ml *MoveList) Add(m Move) {
	ml.moves[ml.n] = m
	ml.n++
}

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for i := 0; i < ml.n; i++ {
		if ml.moves[i] == m {
			return true
		}
	}
	return false
}

func (ml *MoveList) add(from, to Square) {
	ml.moves[ml.n] = Move(uint16(from)<<7 | uint16(to))
	ml.n++
}

// Bitboard is a set of squares: bit s%64 of word s/64.
type Bitboard [2]uint64

// Has reports whether s is in the set.
func (b *Bitboard) Has(s Square) bool { return b[s>>6]>>(uint(s)&63)&1 != 0 }

// Set adds s to the set.
func (b *Bitboard) Set(s Square) { b[s>>6] |= 1 << (uint(s) & 63) }

// Clear removes s from the set.
func (b *Bitboard) Clear(s Square) { b[s>>6] &^= 1 << (uint(s) & 63) }

// Count returns the number of squares in the set.
func (b *Bitboard) Count() int { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }

// Empty reports whether the set is empty.
func (b *Bitboard) Empty() bool { return b[0]|b[1] == 0 }

// Square constants, named in ICCS style: file letter a-i from Red's left,
// rank digit 0-9 from Red's side.
const (
	A0 Square = 0
	B0 Square = 1
	C0 Square = 2
	D0 Square = 3
	E0 Square = 4
	F0 Square = 5
	G0 Square = 6
	H0 Square = 7
	I0 Square = 8
	A1 Square = 9
	B1 Square = 10
	C1 Square = 11
	D1 Square = 12
	E1 Square = 13
	F1 Square = 14
	G1 Square = 15
	H1 Square = 16
	I1 Square = 17
	A2 Square = 18
	B2 Square = 19
	C2 Square = 20
	D2 Square = 21
	E2 Square = 22
	F2 Square = 23
	G2 Square = 24
	H2 Square = 25
	I2 Square = 26
	A3 Square = 27
	B3 Square = 28
	C3 Square = 29
	D3 Square = 30
	E3 Square = 31
	F3 Square = 32
	G3 Square = 33
	H3 Square = 34
	I3 Square = 35
	A4 Square = 36
	B4 Square = 37
	C4 Square = 38
	D4 Square = 39
	E4 Square = 40
	F4 Square = 41
	G4 Square = 42
	H4 Square = 43
	I4 Square = 44
	A5 Square = 45
	B5 Square = 46
	C5 Square = 47
	D5 Square = 48
	E5 Square = 49
	F5 Square = 50
	G5 Square = 51
	H5 Square = 52
	I5 Square = 53
	A6 Square = 54
	B6 Square = 55
	C6 Square = 56
	D6 Square = 57
	E6 Square = 58
	F6 Square = 59
	G6 Square = 60
	H6 Square = 61
	I6 Square = 62
	A7 Square = 63
	B7 Square = 64
	C7 Square = 65
	D7 Square = 66
	E7 Square = 67
	F7 Square = 68
	G7 Square = 69
	H7 Square = 70
	I7 Square = 71
	A8 Square = 72
	B8 Square = 73
	C8 Square = 74
	D8 Square = 75
	E8 Square = 76
	F8 Square = 77
	G8 Square = 78
	H8 Square = 79
	I8 Square = 80
	A9 Square = 81
	B9 Square = 82
	C9 Square = 83
	D9 Square = 84
	E9 Square = 85
	F9 Square = 86
	G9 Square = 87
	H9 Square = 88
	I9 Square = 89
)
