package banqi

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// VariantName is the value of the PGN Variant tag of a banqi game.
const VariantName = "Banqi"

// ErrBadPGN is wrapped by the errors of ReadPGN and Verify for text that
// is no banqi game.
var ErrBadPGN = errors.New("banqi: bad banqi PGN")

// maxPGN bounds what ReadPGN reads.
const maxPGN = 4 << 20

// Record is one game as its PGN holds it: the tags in their order, the
// moves as written (SAN, see ParseSAN) and the result. Its WriteTo and
// ReadPGN round-trip: what one writes the other reads back the same.
type Record struct {
	Tags   [][2]string
	Moves  []string
	Result string // "1-0", "0-1", "1/2-1/2" or "*"
}

// Tag returns the value of the tag named name, if present.
func (rec *Record) Tag(name string) (string, bool) {
	for _, t := range rec.Tags {
		if t[0] == name {
			return t[1], true
		}
	}
	return "", false
}

// WriteTo writes the record in PGN: each tag on its line, a blank line,
// then the moves numbered from the FEN tag's move number and player to
// move (1 and the first player without one), "N." before the first
// player's and "N..." before a second player's move that opens the text,
// then the result, lines kept within 80 characters.
func (rec *Record) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	bw := bufio.NewWriter(cw)
	for _, t := range rec.Tags {
		fmt.Fprintf(bw, "[%s \"%s\"]\n", t[0], escapeTag(t[1]))
	}
	bw.WriteByte('\n')
	number, turn := 1, First
	if fen, ok := rec.Tag("FEN"); ok {
		if p, err := ParseFEN(fen); err == nil {
			number, turn = p.FullmoveNumber(), p.Turn()
		}
	}
	line := 0
	token := func(s string) {
		if line > 0 && line+1+len(s) > 80 {
			bw.WriteByte('\n')
			line = 0
		}
		if line > 0 {
			bw.WriteByte(' ')
			line++
		}
		bw.WriteString(s)
		line += len(s)
	}
	for i, m := range rec.Moves {
		switch {
		case turn == First:
			token(strconv.Itoa(number) + ".")
		case i == 0:
			token(strconv.Itoa(number) + "...")
		}
		token(m)
		if turn == Second {
			number++
		}
		turn = turn.Other()
	}
	result := rec.Result
	if result == "" {
		result = "*"
	}
	token(result)
	bw.WriteByte('\n')
	err := bw.Flush()
	return cw.n, err
}

// countWriter counts what is written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

func escapeTag(v string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v)
}

// ReadPGN reads the first game of r: its tag pairs, then its movetext up
// to the result. Move numbers, comments ({...} and ; to the end of the
// line) and NAGs ($1) are skipped; a variation ((...)) is refused, as is a
// move that is not banqi's notation (ParseSAN) and a movetext without its
// result. The moves are not checked against a position: Verify and
// Game.PushText do that. Errors wrap ErrBadPGN and say on which line.
func ReadPGN(r io.Reader) (Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxPGN+1))
	if err != nil {
		return Record{}, fmt.Errorf("%w: %w", ErrBadPGN, err)
	}
	if len(data) > maxPGN {
		return Record{}, fmt.Errorf("%w: more than %d bytes", ErrBadPGN, maxPGN)
	}
	sc := &scanner{text: string(data), line: 1}
	var rec Record
	if rec.Tags, err = sc.tags(); err != nil {
		return Record{}, err
	}
	if rec.Moves, rec.Result, err = sc.movetext(); err != nil {
		return Record{}, err
	}
	return rec, nil
}

// scanner reads PGN text.
type scanner struct {
	text string
	i    int
	line int
}

func (sc *scanner) errorf(format string, args ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrBadPGN, sc.line, fmt.Sprintf(format, args...))
}

// space skips white space and comments, counting lines.
func (sc *scanner) space() {
	for sc.i < len(sc.text) {
		switch c := sc.text[sc.i]; {
		case c == '\n':
			sc.line++
			sc.i++
		case c == ' ' || c == '\t' || c == '\r':
			sc.i++
		case c == ';' || c == '%' && (sc.i == 0 || sc.text[sc.i-1] == '\n'):
			for sc.i < len(sc.text) && sc.text[sc.i] != '\n' {
				sc.i++
			}
		case c == '{':
			for sc.i < len(sc.text) && sc.text[sc.i] != '}' {
				if sc.text[sc.i] == '\n' {
					sc.line++
				}
				sc.i++
			}
			sc.i++
		default:
			return
		}
	}
}

// tags reads the tag pairs.
func (sc *scanner) tags() ([][2]string, error) {
	var out [][2]string
	for {
		sc.space()
		if sc.i >= len(sc.text) || sc.text[sc.i] != '[' {
			return out, nil
		}
		sc.i++
		start := sc.i
		for sc.i < len(sc.text) && isNameByte(sc.text[sc.i]) {
			sc.i++
		}
		name := sc.text[start:sc.i]
		for sc.i < len(sc.text) && (sc.text[sc.i] == ' ' || sc.text[sc.i] == '\t') {
			sc.i++
		}
		if name == "" || sc.i >= len(sc.text) || sc.text[sc.i] != '"' {
			return nil, sc.errorf("want a tag pair like [Event \"...\"]")
		}
		value, err := sc.quoted()
		if err != nil {
			return nil, err
		}
		for sc.i < len(sc.text) && (sc.text[sc.i] == ' ' || sc.text[sc.i] == '\t') {
			sc.i++
		}
		if sc.i >= len(sc.text) || sc.text[sc.i] != ']' {
			return nil, sc.errorf("tag [%s] not closed by ]", clip(name))
		}
		sc.i++
		out = append(out, [2]string{name, value})
	}
}

func isNameByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// quoted reads a tag's string, at its opening quote.
func (sc *scanner) quoted() (string, error) {
	var sb strings.Builder
	for sc.i++; sc.i < len(sc.text); sc.i++ {
		switch c := sc.text[sc.i]; c {
		case '"':
			sc.i++
			return sb.String(), nil
		case '\\':
			if sc.i+1 < len(sc.text) && (sc.text[sc.i+1] == '"' || sc.text[sc.i+1] == '\\') {
				sc.i++
				c = sc.text[sc.i]
			}
			sb.WriteByte(c)
		case '\n':
			return "", sc.errorf("tag value runs past the end of its line")
		default:
			sb.WriteByte(c)
		}
	}
	return "", sc.errorf("tag value not closed")
}

// movetext reads the moves up to the result.
func (sc *scanner) movetext() ([]string, string, error) {
	var moves []string
	for {
		sc.space()
		if sc.i >= len(sc.text) {
			return nil, "", sc.errorf("the movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)")
		}
		tok := sc.token()
		switch {
		case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
			return moves, tok, nil
		case tok == "(" || tok == ")":
			return nil, "", sc.errorf("variations are not read")
		case tok[0] == '$' || tok[0] >= '0' && tok[0] <= '9' && strings.Trim(tok, "0123456789.") == "":
			continue // a NAG, a move number
		}
		if _, err := ParseSAN(tok); err != nil {
			return nil, "", sc.errorf("move %d: %v", len(moves)+1, err)
		}
		moves = append(moves, tok)
	}
}

// token reads one token of the movetext: a move number with its dots
// stands alone even when a move follows it unspaced ("1.c2=K").
func (sc *scanner) token() string {
	start := sc.i
	sc.i++ // a token has at least one byte, a stray bracket only that one
	if strings.IndexByte("(){}[];", sc.text[start]) >= 0 || sc.text[start] < ' ' {
		return sc.text[start:sc.i]
	}
	for sc.i < len(sc.text) {
		c := sc.text[sc.i]
		if c <= ' ' || strings.IndexByte("{}();[]", c) >= 0 {
			break
		}
		sc.i++
		if c == '.' && (sc.i >= len(sc.text) || sc.text[sc.i] != '.') && strings.Trim(sc.text[start:sc.i], "0123456789.") == "" {
			break
		}
	}
	return sc.text[start:sc.i]
}
