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
// with the offending text or square. Those a xiangqi FEN can have too are
// package xiangqi's own (the same values: errors.Is holds with either
// name); the others are jieqi's.
var (
	ErrFENEmpty       = xiangqi.ErrFENEmpty
	ErrFENFields      = xiangqi.ErrFENFields
	ErrRankCount      = xiangqi.ErrRankCount
	ErrRankLength     = xiangqi.ErrRankLength
	ErrPieceChar      = xiangqi.ErrPieceChar
	ErrSideToMove     = xiangqi.ErrSideToMove
	ErrUnusedField    = xiangqi.ErrUnusedField
	ErrClock          = xiangqi.ErrClock
	ErrFullmoveZero   = xiangqi.ErrFullmoveZero
	ErrKings          = xiangqi.ErrKings
	ErrKingSquare     = xiangqi.ErrKingSquare
	ErrFacingGenerals = xiangqi.ErrFacingGenerals
	ErrOppositeCheck  = xiangqi.ErrOppositeCheck
	// ErrHiddenSquare: a face-down piece (X or x) off its side's starting
	// points; a face-down piece has not moved.
	ErrHiddenSquare = errors.New("face-down piece off its side's starting points")
	// ErrTooManyPieces: more face-up pieces of one type than a side has,
	// or more than 15 pieces besides the general. Not xiangqi's, which
	// counts by type only: here a side's face-down pieces count too.
	ErrTooManyPieces = errors.New("too many pieces")
)

// Layout errors, from SetIdentity and Deal.
var (
	// ErrNotFaceDown: a point given an identity holds no face-down piece.
	ErrNotFaceDown = errors.New("jieqi: no face-down piece there")
	// ErrIdentity: an identity a side cannot have (a general, or one more
	// piece of a type than the side has left).
	ErrIdentity = errors.New("jieqi: impossible identity")
)
