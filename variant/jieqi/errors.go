package jieqi

import (
	"errors"

	"github.com/gambitchess/gambit/xiangqi"
)

// Move errors: test them with errors.Is.
var (
	// ErrInvalidMove reports move text that cannot be read at all.
	ErrInvalidMove = errors.New("jieqi: invalid move")
	// ErrIllegalMove reports a well-formed move that is not legal here.
	ErrIllegalMove = errors.New("jieqi: illegal move")
	// ErrGameOver reports a move played after the game ended.
	ErrGameOver = errors.New("jieqi: the game is over")
)

// FEN problems, wrapped by ParseFEN as "jieqi: fen: field N: problem",
// with the offending text or square. Those of a xiangqi FEN are package
// xiangqi's own (the same values: errors.Is holds with either name).
var (
	ErrFENEmpty     = xiangqi.ErrFENEmpty
	ErrFENFields    = xiangqi.ErrFENFields
	ErrRankCount    = xiangqi.ErrRankCount
	ErrRankLength   = xiangqi.ErrRankLength
	ErrPieceChar    = xiangqi.ErrPieceChar
	ErrSideToMove   = xiangqi.ErrSideToMove
	ErrUnusedField  = xiangqi.ErrUnusedField
	ErrClock        = xiangqi.ErrClock
	ErrFullmoveZero = xiangqi.ErrFullmoveZero
	// ErrHiddenSquare: a face-down piece (X or x) off its side's starting
	// points; a face-down piece has not moved.
	ErrHiddenSquare = errors.New("face-down piece off its side's starting points")
	// ErrKings: a side has no general, or more than one.
	ErrKings = errors.New("each side needs exactly one general")
	// ErrKingSquare: a general outside its palace.
	ErrKingSquare = errors.New("general outside its palace")
	// ErrTooManyPieces: more face-up pieces of one type than a side has,
	// or more than 15 pieces besides the general.
	ErrTooManyPieces = errors.New("too many pieces")
	// ErrFacingGenerals: the generals see each other on an open file.
	ErrFacingGenerals = errors.New("generals face each other on an open file")
	// ErrOppositeCheck: the side that has just moved is in check.
	ErrOppositeCheck = errors.New("side not to move is in check")
)

// Layout errors, from SetIdentity and Deal.
var (
	// ErrNotFaceDown: a point given an identity holds no face-down piece.
	ErrNotFaceDown = errors.New("jieqi: no face-down piece there")
	// ErrIdentity: an identity a side cannot have (a general, or one more
	// piece of a type than the side has left).
	ErrIdentity = errors.New("jieqi: impossible identity")
)
