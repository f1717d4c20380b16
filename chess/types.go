package chess

import (
	"errors"
	"fmt"
)

// Color is a side: White or Black.
type Color uint8

// The two colours. Color values index arrays such as Position's per-colour bitboards.
const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// File is a board file, FileA (0) to FileH (7).
type File uint8

// The eight files.
const (
	FileA File = iota
	FileB
	FileC
	FileD
	FileE
	FileF
	FileG
	FileH
)

// String returns the file letter, "a" to "h".
func (f File) String() string { return string(rune('a' + f)) }

// Rank is a board rank, Rank1 (0) to Rank8 (7).
type Rank uint8

// The eight ranks.
const (
	Rank1 Rank = iota
	Rank2
	Rank3
	Rank4
	Rank5
	Rank6
	Rank7
	Rank8
)

// String returns the rank digit, "1" to "8".
func (r Rank) String() string { return string(rune('1' + r)) }

// Square is one of the 64 squares, numbered A1 = 0, B1 = 1, ..., H8 = 63
// (little-endian rank-file mapping), or NoSquare.
type Square uint8

// NumSquares is the number of squares on the board.
const NumSquares = 64

// The squares, and NoSquare for "none" (for example no en-passant square).
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
	NoSquare Square = 64
)

// NewSquare returns the square on file f and rank r.
func NewSquare(f File, r Rank) Square { return Square(r)<<3 | Square(f) }

// File returns the square's file.
func (s Square) File() File { return File(s & 7) }

// Rank returns the square's rank.
func (s Square) Rank() Rank { return Rank(s >> 3) }

// RelativeRank returns the rank as seen from c's side (Rank1 is c's back rank).
func (s Square) RelativeRank(c Color) Rank { return Rank(s>>3) ^ Rank(7*c) }

// Flip mirrors the square vertically (A1 <-> A8).
func (s Square) Flip() Square { return s ^ 56 }

// Bitboard returns the set holding only s.
func (s Square) Bitboard() Bitboard { return 1 << s }

// String returns the square in algebraic notation, such as "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s&7), '1' + byte(s>>3)})
}

// ErrInvalidSquare is returned by ParseSquare for text that names no square.
var ErrInvalidSquare = errors.New("chess: invalid square")

// ParseSquare parses a square in algebraic notation ("a1" to "h8").
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, fmt.Errorf("%w: %q", ErrInvalidSquare, s)
	}
	return NewSquare(File(s[0]-'a'), Rank(s[1]-'1')), nil
}

// PieceType is a kind of piece without colour.
type PieceType uint8

// The piece types. NoPieceType marks "none" (an empty square, no promotion).
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

const pieceTypeLetters = " pnbrqk"

// String returns the lower-case letter of the piece type ("p", "n", ..., "k"), or "" for NoPieceType.
func (pt PieceType) String() string {
	if pt == NoPieceType || pt > King {
		return ""
	}
	return pieceTypeLetters[pt : pt+1]
}

// Piece is a coloured piece, encoded as colour<<3 | type; NoPiece is 0.
type Piece uint8

// The twelve pieces and NoPiece.
const (
	NoPiece     Piece = 0
	WhitePawn   Piece = Piece(White)<<3 | Piece(Pawn)
	WhiteKnight Piece = Piece(White)<<3 | Piece(Knight)
	WhiteBishop Piece = Piece(White)<<3 | Piece(Bishop)
	WhiteRook   Piece = Piece(White)<<3 | Piece(Rook)
	WhiteQueen  Piece = Piece(White)<<3 | Piece(Queen)
	WhiteKing   Piece = Piece(White)<<3 | Piece(King)
	BlackPawn   Piece = Piece(Black)<<3 | Piece(Pawn)
	BlackKnight Piece = Piece(Black)<<3 | Piece(Knight)
	BlackBishop Piece = Piece(Black)<<3 | Piece(Bishop)
	BlackRook   Piece = Piece(Black)<<3 | Piece(Rook)
	BlackQueen  Piece = Piece(Black)<<3 | Piece(Queen)
	BlackKing   Piece = Piece(Black)<<3 | Piece(King)
)

// NewPiece returns the piece of colour c and type pt.
func NewPiece(c Color, pt PieceType) Piece { return Piece(c)<<3 | Piece(pt) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

const pieceLetters = " PNBRQK  pnbrqk"

// String returns the FEN letter of the piece: upper case for White, lower case for Black, "" for NoPiece.
func (p Piece) String() string {
	if p.Type() == NoPieceType || p.Type() > King {
		return ""
	}
	return pieceLetters[p : p+1]
}

// pieceFromLetter maps a FEN letter to a piece; ok is false for any other byte.
func pieceFromLetter(b byte) (Piece, bool) {
	for i := 1; i < len(pieceLetters); i++ {
		if pieceLetters[i] == b && b != ' ' {
			return Piece(i), true
		}
	}
	return NoPiece, false
}
