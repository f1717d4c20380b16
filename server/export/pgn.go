package export

import (
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/internal/pgntag"
)

// gameEnd is what lichess writes after each game of a PGN export: the
// game's text ends with its result, then two blank lines. berserk splits a
// stream of games where two empty lines follow each other (its
// PgnHandler), so a single blank line between games reads as one game.
const gameEnd = "\n\n\n"

// tag is one tag pair to set in a PGN header.
type tag struct{ name, value string }

// editTags returns text, one game of PGN, with its tag section (the lines
// before the first blank line) edited: a tag of set with a value replaces
// the pair of its name where it stands, or follows the others when there
// is none; one with an empty value removes the pair. Values are escaped
// as PGN escapes them. Text without a tag section (no line of it starts
// with "[") gets one.
func editTags(text string, set []tag) string {
	head, body, found := strings.Cut(text, "\n\n")
	if !found || !strings.HasPrefix(head, "[") {
		head, body = "", text
	}
	var lines []string
	if head != "" {
		lines = strings.Split(head, "\n")
	}
	done := make([]bool, len(set))
	out := lines[:0]
	for _, line := range lines {
		i := tagIndex(set, tagName(line))
		switch {
		case i < 0:
			out = append(out, line)
		case set[i].value != "" && !done[i]:
			out = append(out, tagLine(set[i]))
			done[i] = true
		}
	}
	for i, t := range set {
		if !done[i] && t.value != "" {
			out = append(out, tagLine(t))
			done[i] = true
		}
	}
	if len(out) == 0 {
		return body
	}
	return strings.Join(out, "\n") + "\n\n" + body
}

// tagName is the name of the tag pair on line ("" for a line that is not
// one).
func tagName(line string) string {
	if !strings.HasPrefix(line, "[") {
		return ""
	}
	name, _, ok := strings.Cut(line[1:], " ")
	if !ok || !pgntag.ValidName(name) {
		return ""
	}
	return name
}

// tagIndex is the index of the tag named name in set, -1 for none.
func tagIndex(set []tag, name string) int {
	if name == "" {
		return -1
	}
	for i, t := range set {
		if t.name == name {
			return i
		}
	}
	return -1
}

// tagLine is t as a PGN tag pair.
func tagLine(t tag) string { return "[" + t.name + ` "` + pgntag.Escape(t.value) + `"]` }

// shape returns text, one game of PGN, with its tags or its moves left
// out as o says (lichess's tags=false, moves=false: the moves give way to
// the result alone), ending with gameEnd.
func shape(text string, o options, result string) string {
	text = strings.TrimSpace(text)
	head, body, found := strings.Cut(text, "\n\n")
	if !found || !strings.HasPrefix(head, "[") {
		head, body = "", text
	}
	if !o.Moves {
		body = result
	}
	switch {
	case !o.Tags:
		text = body
	case head == "":
		text = body
	default:
		text = head + "\n\n" + body
	}
	return strings.TrimSpace(text) + gameEnd
}

// withClocks returns text, a chess game's PGN, with a [%clk] command after
// each of the last len(left) moves of its mainline whose time is known
// (left[i] >= 0), rounded to the second as lichess writes it; text as it
// is when it is not chess's PGN.
func withClocks(text string, left []time.Duration) string {
	g, err := pgn.NewReader(strings.NewReader(text)).Next()
	if err != nil {
		return text // no game, or not chess's PGN: nothing to time
	}
	var nodes []*pgn.Node
	for n := range g.Mainline() {
		nodes = append(nodes, n)
	}
	skip := len(nodes) - len(left) // the setup's imported moves have no clock
	for i, n := range nodes {
		if j := i - skip; j >= 0 && left[j] >= 0 {
			n.Clock, n.HasClock = left[j].Round(time.Second), true
		}
	}
	return g.String()
}
