package pgntag

import (
	"bufio"
	"slices"
	"strings"
)

// Escape writes a tag value as it goes between the quotes of a tag pair:
// backslashes and quotes escaped, a newline (which a tag cannot hold) made
// a space.
func Escape(v string) string {
	if !strings.ContainsAny(v, "\\\"\n") {
		return v
	}
	return strings.NewReplacer("\\", "\\\\", "\"", "\\\"", "\n", " ").Replace(v)
}

// WriteTag writes one tag pair, [Name "Value"], and a newline.
// It writes in pieces, building no string: pgn cat writes a dozen tags a
// game (issue 28).
func WriteTag(w *bufio.Writer, name, value string) {
	w.WriteByte('[')
	w.WriteString(name)
	w.WriteString(" \"")
	if strings.ContainsAny(value, "\\\"\n") {
		for i := 0; i < len(value); i++ {
			switch c := value[i]; c {
			case '\\', '"':
				w.WriteByte('\\')
				w.WriteByte(c)
			case '\n':
				w.WriteByte(' ')
			default:
				w.WriteByte(c)
			}
		}
	} else {
		w.WriteString(value)
	}
	w.WriteString("\"]\n")
}

// Movetext writes movetext tokens (move numbers, moves, comments, the
// result) separated by spaces, breaking the line before a token that would
// make it longer than Width columns (79 when 0). Tokens are ASCII.
type Movetext struct {
	W     *bufio.Writer
	Width int
	col   int
}

// Token writes s. A token never starts a line with '%', which would make
// the line an escape line.
func (m *Movetext) Token(s string) {
	width := m.Width
	if width == 0 {
		width = 79
	}
	switch {
	case m.col > 0 && m.col+1+len(s) > width:
		m.W.WriteByte('\n')
		m.col = 0
	case m.col > 0:
		m.W.WriteByte(' ')
		m.col++
	}
	if m.col == 0 && strings.HasPrefix(s, "%") {
		m.W.WriteByte(' ')
		m.col++
	}
	m.W.WriteString(s)
	m.col += len(s)
}

// End ends the movetext with a newline.
func (m *Movetext) End() {
	m.W.WriteByte('\n')
	m.col = 0
}

// WriteTags writes the caller's tag pairs of a variant's PGN, in their
// order, leaving out those named in own (any case), which the writer sets
// itself, and any whose name is not a tag name. It returns the value of
// the Result tag, when the caller gave one.
func WriteTags(w *bufio.Writer, tags [][2]string, own []string) (result string, ok bool) {
	for _, t := range tags {
		if strings.EqualFold(t[0], "Result") {
			result, ok = t[1], true
		}
		if !ValidName(t[0]) || slices.ContainsFunc(own, func(o string) bool { return strings.EqualFold(o, t[0]) }) {
			continue
		}
		WriteTag(w, t[0], t[1])
	}
	return result, ok
}
