package viewer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/internal/charset"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// ErrVariant is returned by FromPGN for a variant it does not read.
var ErrVariant = errors.New("viewer: unknown variant")

// GameError is a game of a PGN text that could not be read: which game
// (1-based, in file order), where, and why.
type GameError struct {
	Game  int    // 1-based game number in the text
	Where string // "line 12" or "line 12, column 7, at Nf9"
	Err   error  // the cause
}

// Error formats the error as "game N: WHERE: cause".
func (e *GameError) Error() string {
	return fmt.Sprintf("game %d: %s: %v", e.Game, e.Where, e.Err)
}

// Unwrap returns the cause.
func (e *GameError) Unwrap() error { return e.Err }

// FromPGN reads every game of a PGN text of the given variant: Chess (also
// Chess960, from a Variant and FEN tag) as package chess/pgn reads it, or
// Xiangqi as package xiangqi/pgn reads it (GBK text is decoded). A game
// that cannot be read (an illegal move, a broken tag) fails the whole text
// with a *GameError; nothing is returned then.
func FromPGN(r io.Reader, variant Board) ([]Game, error) {
	switch variant {
	case Chess:
		return chessFromPGN(r)
	case Xiangqi:
		return xiangqiFromPGN(r)
	}
	return nil, fmt.Errorf("%w %q (want %q or %q)", ErrVariant, variant, Chess, Xiangqi)
}

// chessFromPGN reads chess games, failing at the first malformed one.
func chessFromPGN(r io.Reader) ([]Game, error) {
	rd := pgn.NewReader(r)
	var games []Game
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return games, nil
		}
		var pe *pgn.Error
		if errors.As(err, &pe) {
			return nil, &GameError{Game: pe.Game, Where: chessWhere(pe), Err: pe.Err}
		}
		if err != nil {
			return nil, fmt.Errorf("viewer: reading PGN: %w", err)
		}
		games = append(games, FromChess(g))
	}
}

// chessWhere describes where a chess PGN error is.
func chessWhere(pe *pgn.Error) string {
	where := fmt.Sprintf("line %d, column %d", pe.Line, pe.Col)
	if pe.Text != "" {
		where += fmt.Sprintf(", at %q", pe.Text)
	}
	return where
}

// xiangqiFromPGN reads xiangqi games, decoding GBK text.
func xiangqiFromPGN(r io.Reader) ([]Game, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("viewer: reading PGN: %w", err)
	}
	data, _ := charset.Decode(raw, charset.GBK)
	parsed, err := xqpgn.ReadAll(bytes.NewReader(data))
	if err != nil {
		// The reader stops at the first bad game and returns those before it.
		// Its message starts "xiangqi: pgn: line N: ".
		msg := strings.TrimPrefix(err.Error(), xqpgn.ErrSyntax.Error()+": ")
		where, cause, _ := strings.Cut(msg, ": ")
		return nil, &GameError{Game: len(parsed) + 1, Where: where, Err: &causeError{cause, err}}
	}
	games := make([]Game, len(parsed))
	for i, g := range parsed {
		games[i] = FromXiangqi(g)
	}
	return games, nil
}

// causeError is an error shown without the location its message began
// with (which GameError gives apart), still wrapping the original.
type causeError struct {
	msg string
	err error
}

func (e *causeError) Error() string { return e.msg }
func (e *causeError) Unwrap() error { return e.err }
