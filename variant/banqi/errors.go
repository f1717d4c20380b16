package banqi

import (
	"errors"
	"fmt"
)

// Move errors: test them with errors.Is.
var (
	// ErrInvalidMove reports move text that cannot be read at all.
	ErrInvalidMove = errors.New("banqi: invalid move")
	// ErrIllegalMove reports a well-formed move that is not legal here.
	ErrIllegalMove = errors.New("banqi: illegal move")
	// ErrGameOver reports a move played after the game ended.
	ErrGameOver = errors.New("banqi: the game is over")
)

// FEN problems, wrapped in a *FENError by ParseFEN.
var (
	ErrFENEmpty     = errors.New("empty FEN")
	ErrFENFields    = errors.New("too many fields")
	ErrRankCount    = errors.New("want 4 ranks")
	ErrRankLength   = errors.New("want 8 squares a rank")
	ErrPieceChar    = errors.New("unknown piece letter")
	ErrSideToMove   = errors.New("side to move: want w or b")
	ErrFirstColor   = errors.New("first player's colour: want r, b or -")
	ErrClock        = errors.New("bad clock")
	ErrFullmoveZero = errors.New("fullmove number must be at least 1")
	// ErrTooManyPieces: more pieces of a kind face up than a side has.
	ErrTooManyPieces = errors.New("too many pieces")
	// ErrBeforeFirstFlip: no colour yet ("-") but a piece face up, or the
	// second player to move: the first player flips first.
	ErrBeforeFirstFlip = errors.New("no flip yet, yet the game has begun")
)

// FENError is a FEN that ParseFEN refused: which field (1 to 5), what is
// wrong with it (one of the Err sentinels) and the text at fault.
type FENError struct {
	Field int
	Err   error
	Input string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("banqi: fen: field %d: %v: %q", e.Field, e.Err, clip(e.Input))
}

// Unwrap returns the sentinel.
func (e *FENError) Unwrap() error { return e.Err }

// Layout errors, from Deal, SetIdentity and ParseLayout.
var (
	// ErrNotFaceDown: a square given an identity holds no face-down piece.
	ErrNotFaceDown = errors.New("banqi: no face-down piece there")
	// ErrIdentity: an identity the pool of face-down pieces lacks.
	ErrIdentity = errors.New("banqi: impossible identity")
)
