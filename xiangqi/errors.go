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

// FEN syntax problems, wrapped by ParseFEN as
// "xiangqi: fen: field N: problem".
var (
	// ErrFENEmpty: the FEN has no board field.
	ErrFENEmpty = errors.New("empty FEN")
	// ErrFENFields: more than six fields.
	ErrFENFields = errors.New("too many fields")
	// ErrRankCount: the board does not have ten ranks.
	ErrRankCount = errors.New("board must have 10 ranks")
	// ErrRankLength: a rank does not describe nine points.
	ErrRankLength = errors.New("rank must have 9 points")
	// ErrPieceChar: a character that is neither a piece nor a digit 1-9.
	ErrPieceChar = errors.New("unknown piece character")
	// ErrSideToMove: the side field is not w, r or b.
	ErrSideToMove = errors.New("side to move must be w, r or b")
	// ErrUnusedField: the chess castling or en passant field is not "-".
	ErrUnusedField = errors.New("castling and en passant fields must be -")
	// ErrClock: a clock field is not a number from 0 to 65535.
	ErrClock = errors.New("clock must be a number from 0 to 65535")
	// ErrFullmoveZero: the move number is 0.
	ErrFullmoveZero = errors.New("move number must be at least 1")
)

// Position validity problems, reported by Validate and ParseFEN.
var (
	// ErrKings: a side has no general, or more than one.
	ErrKings = errors.New("each side needs exactly one general")
	// ErrTooManyPieces: more pieces of one type than a side starts with.
	ErrTooManyPieces = errors.New("too many pieces of one type")
	// ErrKingSquare: a general outside its palace.
	ErrKingSquare = errors.New("general outside its palace")
	// ErrAdvisorSquare: an advisor off the five palace points it can reach.
	ErrAdvisorSquare = errors.New("advisor off its five palace points")
	// ErrElephantSquare: an elephant off the seven points it can reach.
	ErrElephantSquare = errors.New("elephant off its seven points")
	// ErrSoldierSquare: a soldier behind its starting rank, or on a point
	// between the starting files before crossing the river.
	ErrSoldierSquare = errors.New("soldier on a point it can never reach")
	// ErrFacingGenerals: the generals see each other on an open file.
	ErrFacingGenerals = errors.New("generals face each other on an open file")
	// ErrOppositeCheck: the side that has just moved is in check.
	ErrOppositeCheck = errors.New("side not to move is in check")
)
