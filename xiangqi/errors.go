package xiangqi

import "errors"

// Move errors, mirroring python-chess: test them with errors.Is.
var (
	// ErrInvalidMove reports move text that cannot be read at all.
	ErrInvalidMove = errors.New("xiangqi: invalid move")
	// ErrIllegalMove reports a well-formed move that is not legal here.
	ErrIllegalMove = errors.New("xiangqi: illegal move")
	// ErrAmbiguousMove reports move text that fits more than one legal move.
	ErrAmbiguousMove = errors.New("xiangqi: ambiguous move")
)

// FEN syntax problems.
var (
	ErrFENEmpty     = errors.New("empty FEN")
	ErrFENFields    = errors.New("too many fields")
	ErrRankCount    = errors.New("board must have 10 ranks")
	ErrRankLength   = errors.New("rank must have 9 points")
	ErrPieceChar    = errors.New("unknown piece character")
	ErrSideToMove   = errors.New("side to move must be w, r or b")
	ErrUnusedField  = errors.New("castling and en passant fields must be -")
	ErrClock        = errors.New("clock must be a number from 0 to 65535")
	ErrFullmoveZero = errors.New("move number must be at least 1")
)

// Position validity problems, reported by Validate and ParseFEN.
var (
	ErrKingCount       = errors.New("each side needs exactly one general")
	ErrPieceCount      = errors.New("too many pieces of one type")
	ErrKingSquare      = errors.New("general outside its palace")
	ErrAdvisorSquare   = errors.New("advisor off its five palace points")
	ErrElephantSquare  = errors.New("elephant off its seven points")
	ErrSoldierSquare   = errors.New("soldier on a point it can never reach")
	ErrFacingGenerals  = errors.New("generals face each other on an open file")
	ErrOpponentInCheck = errors.New("side not to move is in check")
)
