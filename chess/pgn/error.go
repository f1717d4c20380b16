package pgn

import (
	"errors"
	"fmt"
)

// Sentinel errors of the reader. An *Error wraps one of them, or one of the
// chess move errors (chess.ErrInvalidMove, ErrIllegalMove, ErrAmbiguousMove)
// or a *chess.FENError, for errors.Is and errors.As.
var (
	// ErrSyntax is text that is not PGN: a malformed tag, a stray character.
	ErrSyntax = errors.New("pgn: syntax error")
	// ErrUnbalanced is an unterminated comment or an unclosed or unopened variation.
	ErrUnbalanced = errors.New("pgn: unbalanced comment or variation")
	// ErrUnsupportedVariant is a game whose Variant tag names rules other
	// than standard chess or Chess960 (Crazyhouse, Antichess, ...).
	ErrUnsupportedVariant = errors.New("pgn: unsupported variant")
)

// Error is a malformed game: where in the file, which game (1-based, in file
// order), the offending text and the cause. The reader skips the rest of the
// game and carries on with the next one.
type Error struct {
	Line int    // 1-based line in the file
	Col  int    // 1-based byte column in the (UTF-8 decoded) line
	Game int    // 1-based game number in the file
	Text string // the offending text, such as the move or the tag
	Err  error  // the cause
}

// Error formats the error as "LINE:COL: game N: message".
func (e *Error) Error() string {
	if e.Text == "" {
		return fmt.Sprintf("%d:%d: game %d: %v", e.Line, e.Col, e.Game, e.Err)
	}
	return fmt.Sprintf("%d:%d: game %d: %q: %v", e.Line, e.Col, e.Game, e.Text, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
