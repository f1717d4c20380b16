package xiangqi

import "strings"

// ParseSquare reads an ICCS square name such as "e0" (file a-i, rank 0-9;
// upper case accepted).
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 {
		return NoSquare, false
	}
	f, r := s[0]|0x20, s[1]
	if f < 'a' || f > 'i' || r < '0' || r > '9' {
		return NoSquare, false
	}
	return NewSquare(int(f-'a'), int(r-'0')), true
}

// ParseICCS reads a move in ICCS coordinates ("h2e2", also "H2-E2") and
// checks that it is legal in p.
func ParseICCS(p *Position, s string) (Move, error) {
	t := strings.TrimSpace(s)
	if len(t) == 5 && t[2] == '-' {
		t = t[:2] + t[3:]
	}
	from, ok1 := ParseSquare(t[:min(2, len(t))])
	to, ok2 := ParseSquare(t[min(2, len(t)):])
	if len(t) != 4 || !ok1 || !ok2 {
		return MoveNone, &MoveError{Move: s, Err: ErrInvalidMove}
	}
	m := NewMove(from, to)
	if !p.IsLegal(m) {
		return MoveNone, &MoveError{Move: s, Err: ErrIllegalMove}
	}
	return m, nil
}

// FormatICCS writes m in ICCS coordinates, for example "h2e2".
func FormatICCS(m Move) string { return m.String() }
