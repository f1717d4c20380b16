package banqi

// Board geometry: half a xiangqi board, its pieces standing in the squares
// as on a chess board. Squares are numbered rank*8 + file from the bottom
// left (a1 = 0, h1 = 7, a4 = 24, h4 = 31).
const (
	NumFiles   = 8
	NumRanks   = 4
	NumSquares = NumFiles * NumRanks
	// NumPieces is how many pieces the game starts with, 16 a side.
	NumPieces = 32
)

// Color is a side's colour. The colours are not the seats: the first
// player (Player First) plays the colour of the first piece it turns up.
type Color uint8

// The colours.
const (
	Red     Color = 0
	Black   Color = 1
	NoColor Color = 2 // before the first flip; or a face-down piece's unknown colour
)

// Other returns the other colour (NoColor stays NoColor).
func (c Color) Other() Color {
	if c > Black {
		return c
	}
	return c ^ 1
}

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

// Player is a seat: the first player, who flips first, or the second.
type Player uint8

// The players.
const (
	First  Player = 0
	Second Player = 1
)

// Other returns the other player.
func (pl Player) Other() Player { return pl ^ 1 }

// String returns "first" or "second".
func (pl Player) String() string {
	if pl == Second {
		return "second"
	}
	return "first"
}

// PieceType is the kind of a piece. The values run from the highest rank
// to the lowest but for the cannon, which stands apart (see CanTake): King
// (general, 帥/將), Advisor (仕/士), Elephant (相/象), Chariot (俥/車), Horse
// (傌/馬), Cannon (炮/包) and Soldier (兵/卒).
type PieceType uint8

// The piece types.
const (
	NoPieceType PieceType = iota
	King
	Advisor
	Elephant
	Chariot
	Horse
	Cannon
	Soldier
)

// typeLetters are the xiangqi FEN letters by PieceType, red's.
const typeLetters = "?KABRNCP"

// String returns the type's English name.
func (t PieceType) String() string {
	names := [...]string{"none", "general", "advisor", "elephant", "chariot", "horse", "cannon", "soldier"}
	if int(t) < len(names) {
		return names[t]
	}
	return "none"
}

// Piece is a coloured piece, colour<<3 | type, or one of two markers:
// NoPiece (an empty square) and FaceDown (a piece whose face is hidden).
type Piece uint8

// The markers.
const (
	NoPiece  Piece = 0
	FaceDown Piece = 8 // black's bit and no type: no real piece has it
)

// NewPiece returns the piece of colour c (Red or Black) and type t.
func NewPiece(c Color, t PieceType) Piece { return Piece(c&1)<<3 | Piece(t&7) }

// Color returns the piece's colour; NoColor for the markers.
func (pc Piece) Color() Color {
	if pc.Type() == NoPieceType {
		return NoColor
	}
	return Color(pc >> 3 & 1)
}

// Type returns the piece's type; NoPieceType for the markers.
func (pc Piece) Type() PieceType { return PieceType(pc & 7) }

// IsReal reports whether pc is a piece (not NoPiece nor FaceDown).
func (pc Piece) IsReal() bool { return pc.Type() != NoPieceType && pc < 16 }

// Char returns the piece's FEN letter: K A B R N C P for red, lower case
// for black, 'x' for FaceDown and '.' for NoPiece.
func (pc Piece) Char() byte {
	switch {
	case pc == FaceDown:
		return 'x'
	case !pc.IsReal():
		return '.'
	case pc.Color() == Black:
		return typeLetters[pc.Type()] | 0x20
	}
	return typeLetters[pc.Type()]
}

// String returns the piece's FEN letter as a string.
func (pc Piece) String() string { return string(pc.Char()) }

// PieceFromChar reads a FEN letter: K A B R N C P (E and H too, for B and
// N, as xiangqi FENs write them) for red, lower case for black, 'x' for
// FaceDown; NoPiece for anything else.
func PieceFromChar(ch byte) Piece {
	if ch == 'x' {
		return FaceDown
	}
	c := Red
	if ch >= 'a' && ch <= 'z' {
		c, ch = Black, ch-0x20
	}
	switch ch {
	case 'E':
		ch = 'B'
	case 'H':
		ch = 'N'
	}
	for t := King; t <= Soldier; t++ {
		if typeLetters[t] == ch {
			return NewPiece(c, t)
		}
	}
	return NoPiece
}

// StartCount is how many pieces of each type a side has, by PieceType.
var StartCount = [8]uint8{0, 1, 2, 2, 2, 2, 2, 5}

// Square is a square of the board, rank*8 + file (a1 = 0).
type Square uint8

// NoSquare is the zero value's stand-in for "no square".
const NoSquare Square = 255

// NewSquare returns the square on file f (0-7, a-h) and rank r (0-3, 1-4).
func NewSquare(f, r int) Square { return Square(r*NumFiles + f) }

// File returns the square's file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s) % NumFiles }

// Rank returns the square's rank, 0 (rank 1) to 3 (rank 4).
func (s Square) Rank() int { return int(s) / NumFiles }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s < NumSquares }

// String returns the square's name, "a1" to "h4"; "-" when off the board.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square's name ("c2"; upper case accepted).
func ParseSquare(text string) (Square, bool) {
	if len(text) != 2 {
		return NoSquare, false
	}
	f, r := int(text[0]|0x20)-'a', int(text[1])-'1'
	if f < 0 || f >= NumFiles || r < 0 || r >= NumRanks {
		return NoSquare, false
	}
	return NewSquare(f, r), true
}
