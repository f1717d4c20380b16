package chess

// CastlingRights is a set of the four castling rights.
type CastlingRights uint8

// The four castling rights. Their bit order is Polyglot's.
const (
	WhiteKingSide CastlingRights = 1 << iota
	WhiteQueenSide
	BlackKingSide
	BlackQueenSide

	NoCastling  CastlingRights = 0
	AnyCastling CastlingRights = 15
)

// castlingIndex is the bit index (0-3) of the right of colour c on the king
// side (kingSide) or queen side.
func castlingIndex(c Color, kingSide bool) int {
	i := 2 * int(c)
	if !kingSide {
		i++
	}
	return i
}

// Position is a chess position: piece placement, side to move, castling
// rights, en-passant square and move counters, plus derived data (Zobrist key,
// checkers). It is a plain value: it holds no pointers, slices or maps, so
// copying it (about 170 bytes) is a complete, cheap snapshot. The zero value
// is not a valid position; obtain one from StartPosition or ParseFEN.
type Position struct {
	byColor  [2]Bitboard
	byType   [7]Bitboard // indexed by PieceType; index 0 unused
	board    [64]Piece
	key      uint64
	checkers Bitboard // pieces giving check to the side to move
	// castleRook[i] is the origin square of the rook of castling right bit i;
	// meaningful only while that right is held.
	castleRook [4]Square
	side       Color
	castling   CastlingRights
	ep         Square // NoSquare unless a pawn of the side to move could capture en passant
	chess960   bool
	halfmove   uint16 // plies since the last capture or pawn move
	fullmove   uint16 // starts at 1, incremented after Black's move
}

// StartFEN is the FEN of the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartPosition returns the standard starting position.
func StartPosition() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("chess: start position does not parse: " + err.Error())
	}
	return p
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Pieces returns the squares of the pieces of colour c and type pt.
func (p *Position) Pieces(c Color, pt PieceType) Bitboard { return p.byColor[c] & p.byType[pt] }

// PiecesOfType returns the squares of both colours' pieces of type pt.
func (p *Position) PiecesOfType(pt PieceType) Bitboard { return p.byType[pt] }

// ByColor returns the squares occupied by colour c.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c] }

// Occupied returns the occupied squares.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return (p.byColor[c] & p.byType[King]).First() }

// Castling returns the castling rights still held.
func (p *Position) Castling() CastlingRights { return p.castling }

// CastlingRook returns the square of the rook that right r (a single right)
// castles with, or NoSquare if the right is not held.
func (p *Position) CastlingRook(r CastlingRights) Square {
	for i := 0; i < 4; i++ {
		if r == 1<<i && p.castling&r != 0 {
			return p.castleRook[i]
		}
	}
	return NoSquare
}

// EnPassant returns the en-passant target square, or NoSquare. It is set only
// when a pawn of the side to move stands ready to capture there (the Polyglot
// convention), so positions that differ only by an unusable en-passant square
// compare and hash equal.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the number of plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the move number, starting at 1 and incremented after Black moves.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// Chess960 reports whether the position follows Chess960 castling rules and notation.
func (p *Position) Chess960() bool { return p.chess960 }

// Key returns the Zobrist key of the position, equal to its Polyglot book key.
func (p *Position) Key() uint64 { return p.key }

// EPDKey returns the key of the position as an EPD names it (placement,
// side to move, castling rights, and the en-passant square only when a
// legal capture there exists): Key, less the en-passant part when the
// capture Key counts (an enemy pawn beside, the Polyglot convention) is not
// legal, its pawn being pinned. Two positions an EPD writer such as
// python-chess (the default, en_passant="legal") writes alike have the same
// EPDKey. It allocates nothing.
func (p *Position) EPDKey() uint64 {
	if p.ep == NoSquare {
		return p.key
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves() {
		if m.Kind() == EnPassant {
			return p.key
		}
	}
	return p.key ^ enPassantKeys[p.ep.File()]
}

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers != 0 }

// AttackersTo returns the pieces of both colours that attack s, with occ as the occupancy.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	return (pawnAttacks[Black][s] & p.Pieces(White, Pawn)) |
		(pawnAttacks[White][s] & p.Pieces(Black, Pawn)) |
		(knightAttacks[s] & p.byType[Knight]) |
		(kingAttacks[s] & p.byType[King]) |
		(RookAttacks(s, occ) & (p.byType[Rook] | p.byType[Queen])) |
		(BishopAttacks(s, occ) & (p.byType[Bishop] | p.byType[Queen]))
}

// AttackersOf returns the pieces of colour c that attack square s.
func (p *Position) AttackersOf(s Square, c Color) Bitboard {
	return p.AttackersTo(s, p.Occupied()) & p.byColor[c]
}

// IsAttacked reports whether any piece of colour by attacks s, with occ as the occupancy.
func (p *Position) IsAttacked(s Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	return pawnAttacks[by.Other()][s]&p.byType[Pawn]&them != 0 ||
		knightAttacks[s]&p.byType[Knight]&them != 0 ||
		kingAttacks[s]&p.byType[King]&them != 0 ||
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0 ||
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0
}

// Pinned returns the pieces of colour c that are pinned to c's own king: each
// is the only piece between the king and an enemy slider aiming at it.
func (p *Position) Pinned(c Color) Bitboard {
	return p.blockers(c) & p.byColor[c]
}

// blockers returns the pieces (of either colour) that alone stand between c's
// king and an enemy slider.
func (p *Position) blockers(c Color) Bitboard {
	ksq := p.KingSquare(c)
	them := p.byColor[c.Other()]
	snipers := ((RookAttacks(ksq, 0) & (p.byType[Rook] | p.byType[Queen])) |
		(BishopAttacks(ksq, 0) & (p.byType[Bishop] | p.byType[Queen]))) & them
	occ := p.Occupied()
	var result Bitboard
	for snipers != 0 {
		s := snipers.PopFirst()
		b := betweenBB[ksq][s] &^ s.Bitboard() & occ
		if b != 0 && !b.More() {
			result |= b
		}
	}
	return result
}

func (p *Position) putPiece(pc Piece, s Square) {
	b := s.Bitboard()
	p.board[s] = pc
	p.byColor[pc.Color()] |= b
	p.byType[pc.Type()] |= b
	p.key ^= pieceKeys[pc][s]
}

func (p *Position) removePiece(s Square) {
	pc := p.board[s]
	b := s.Bitboard()
	p.board[s] = NoPiece
	p.byColor[pc.Color()] &^= b
	p.byType[pc.Type()] &^= b
	p.key ^= pieceKeys[pc][s]
}

func (p *Position) movePiece(from, to Square) {
	pc := p.board[from]
	b := from.Bitboard() | to.Bitboard()
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byColor[pc.Color()] ^= b
	p.byType[pc.Type()] ^= b
	p.key ^= pieceKeys[pc][from] ^ pieceKeys[pc][to]
}

// computeKey recomputes the Zobrist key from scratch.
func (p *Position) computeKey() uint64 {
	var k uint64
	for b := p.Occupied(); b != 0; {
		s := b.PopFirst()
		k ^= pieceKeys[p.board[s]][s]
	}
	k ^= castlingKeys[p.castling]
	if p.ep != NoSquare {
		k ^= enPassantKeys[p.ep.File()]
	}
	if p.side == White {
		k ^= sideKey
	}
	return k
}

// String returns the position's FEN.
func (p Position) String() string { return p.FEN() }
