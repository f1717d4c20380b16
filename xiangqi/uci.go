package xiangqi

import (
	"errors"
	"fmt"
	"strings"
)

// ErrInvalidSquare is returned by ParseSquare for text that names no square.
var ErrInvalidSquare = errors.New("xiangqi: invalid square")

// ParseSquare parses an ICCS square name such as "e0" (file a-i, rank 0-9;
// upper case accepted).
func ParseSquare(s string) (Square, error) {
	if sq, ok := parseSquare(s); ok {
		return sq, nil
	}
	return NoSquare, fmt.Errorf("%w: %q", ErrInvalidSquare, s)
}

// parseSquare is ParseSquare without the error, for ParseUCI.
func parseSquare(s string) (Square, bool) {
	if len(s) != 2 {
		return NoSquare, false
	}
	f, r := s[0]|0x20, s[1]
	if f < 'a' || f > 'i' || r < '0' || r > '9' {
		return NoSquare, false
	}
	return NewSquare(int(f-'a'), int(r-'0')), true
}

// UCI returns m as coordinate text: the ICCS names of its two squares,
// file a-i and rank 0-9 from Red's side, such as "h2e2", or "0000" for
// MoveNone. This is the move text of the game layer, the browser, ICCS PGN
// and Pikafish's UCI. (Fairy-Stockfish's UCI numbers the ranks 1-10:
// engine/xq converts.)
func (p *Position) UCI(m Move) string { return m.String() }

// ParseUCI reads a move in coordinate text ("h2e2"; upper case and the ICCS
// form "H2-E2" are accepted too) and checks that it is legal. The error is a
// *MoveError wrapping ErrInvalidMove or ErrIllegalMove.
func (p *Position) ParseUCI(s string) (Move, error) {
	m, ok := ParseMove(s)
	if !ok {
		return MoveNone, &MoveError{Move: s, Err: ErrInvalidMove}
	}
	if !p.IsLegal(m) {
		return MoveNone, &MoveError{Move: s, Err: ErrIllegalMove}
	}
	return m, nil
}

// ParseMove reads coordinate move text as ParseUCI does ("h2e2", "H2-E2"),
// without a position to check it against; false for text that does not
// name two points. A variant on xiangqi's board reads its moves with it.
func ParseMove(s string) (Move, bool) {
	t := strings.TrimSpace(s)
	if len(t) == 5 && t[2] == '-' {
		t = t[:2] + t[3:]
	}
	from, ok1 := parseSquare(t[:min(2, len(t))])
	to, ok2 := parseSquare(t[min(2, len(t)):])
	if len(t) != 4 || !ok1 || !ok2 {
		return MoveNone, false
	}
	return NewMove(from, to), true
}
