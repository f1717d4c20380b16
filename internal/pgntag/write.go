package pgntag

import (
	"bufio"
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
func WriteTag(w *bufio.Writer, name, value string) {
	w.WriteString("[" + name + " \"" + Escape(value) + "\"]\n")
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
