package chess

// Move is a move packed into 16 bits (the Stockfish layout):
//
//	bits  0-5   destination square
//	bits  6-11  origin square
//	bits 12-13  promotion piece type minus Knight (0 knight, 1 bishop, 2 rook, 3 queen)
//	bits 14-15  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
//
// A castling move is encoded as "king takes own rook": the origin is the king's
// square and the destination the castling rook's square. This one encoding
// serves standard chess and Chess960; UCI and SAN text translate it.
// MoveNone (0) is no move; MoveNull is the null move ("--" in PGN, "0000" in UCI).
type Move uint16

// MoveKind tells normal moves from the three special kinds.
type MoveKind uint16

// The move kinds, as stored in bits 14-15 of a Move.
const (
	Normal    MoveKind = 0 << 14
	Promotion MoveKind = 1 << 14
	EnPassant MoveKind = 2 << 14
	Castling  MoveKind = 3 << 14
)

// MoveNone and MoveNull are the two moves that move no piece.
const (
	MoveNone Move = 0
	MoveNull Move = 65 // B1 to B1: never a real move
)

// NewMove returns a normal move from one square to another.
func NewMove(from, to Square) Move { return Move(from)<<6 | Move(to) }

// NewPromotion returns a promotion move; pt is Knight, Bishop, Rook or Queen.
func NewPromotion(from, to Square, pt PieceType) Move {
	return Move(Promotion) | Move(pt-Knight)<<12 | Move(from)<<6 | Move(to)
}

// NewEnPassant returns an en-passant capture of a pawn landing on to.
func NewEnPassant(from, to Square) Move { return Move(EnPassant) | Move(from)<<6 | Move(to) }

// NewCastling returns castling as "king takes own rook".
func NewCastling(king, rook Square) Move { return Move(Castling) | Move(king)<<6 | Move(rook) }

// From returns the origin square.
func (m Move) From() Square { return Square(m>>6) & 63 }

// To returns the destination square (the rook's square for castling).
func (m Move) To() Square { return Square(m & 63) }

// Kind returns the move's kind.
func (m Move) Kind() MoveKind { return MoveKind(m) & (3 << 14) }

// Promotion returns the promotion piece type, or NoPieceType.
func (m Move) Promotion() PieceType {
	if m.Kind() != Promotion {
		return NoPieceType
	}
	return PieceType(m>>12&3) + Knight
}

// IsValid reports whether m is neither MoveNone nor MoveNull.
func (m Move) IsValid() bool { return m.From() != m.To() }

// String returns the move in UCI notation as played in standard chess
// (castling as the king's two-square step). For exact text in a given
// position, including Chess960 castling, use Position.UCI.
func (m Move) String() string {
	if !m.IsValid() {
		return "0000"
	}
	to := m.To()
	if m.Kind() == Castling {
		to = castlingKingTarget(m.From(), m.To())
	}
	s := m.From().String() + to.String()
	if m.Kind() == Promotion {
		s += m.Promotion().String()
	}
	return s
}

// CastlingTargets returns the squares the king and the rook land on when m,
// a castling move (king takes own rook, as NewCastling writes it), is played.
func (m Move) CastlingTargets() (king, rook Square) {
	return castlingKingTarget(m.From(), m.To()), castlingRookTarget(m.From(), m.To())
}

// castlingKingTarget returns where the king lands when it castles with the rook on rook.
func castlingKingTarget(king, rook Square) Square {
	rank := king &^ 7
	if rook > king {
		return rank | Square(FileG)
	}
	return rank | Square(FileC)
}

// castlingRookTarget returns where the rook lands when the king castles with it.
func castlingRookTarget(king, rook Square) Square {
	rank := king &^ 7
	if rook > king {
		return rank | Square(FileF)
	}
	return rank | Square(FileD)
}

// MoveList is a fixed-capacity list of moves, filled by move generation
// without allocation. 256 exceeds the most moves any legal position has (218).
type MoveList struct {
	moves [256]Move
	n     int
}

// Len returns the number of moves in the list.
func (ml *MoveList) Len() int { return ml.n }

// At returns the i-th move.
func (ml *MoveList) At(i int) Move { return ml.moves[i] }

// Moves returns the moves as a slice that aliases the list.
func (ml *MoveList) Moves() []Move { return ml.moves[:ml.n] }

// Clear empties the list.
func (ml *MoveList) Clear() { ml.n = 0 }

// Add appends a move.
func (ml *MoveList) Add(m Move) {
	ml.moves[ml.n] = m
	ml.n++
}

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for _, x := range ml.moves[:ml.n] {
		if x == m {
			return true
		}
	}
	return false
}
