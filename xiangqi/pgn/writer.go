package pgn

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gambitchess/gambit/xiangqi"
)

// WriteOptions selects the notation of the moves and what Write leaves out.
type WriteOptions struct {
	Notation Notation // the notation of the moves (the Format tag)
	// Script is the characters of Chinese notation: xiangqi.Traditional
	// (the zero value: 傌八進七) or xiangqi.Simplified (马八进七). The
	// reader reads both.
	Script     xiangqi.Script
	Mainline   bool // leave out variations
	NoComments bool // leave out comments
}

// Write writes g in xqbase-style PGN, followed by a blank line: its tags in
// their order, then the movetext wrapped near 80 columns, with a move
// number before every Red move and before a Black move that starts a line
// or follows a comment or variation ("12..."). The Format tag of g is set
// to opt.Notation.
func Write(w io.Writer, g *Game, opt WriteOptions) error {
	g.Tags.Set("Format", opt.Notation.String())
	bw := bufio.NewWriter(w)
	for _, t := range g.Tags {
		v := strings.ReplaceAll(strings.ReplaceAll(t.Value, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Name, v)
	}
	bw.WriteByte('\n')
	pw := &pgnWriter{w: bw, opt: opt}
	if c := pw.comment(g.Root.Comment); c != "" {
		pw.token("{" + c + "}")
	}
	pw.line(g.Root, true)
	result := g.Result
	if result == "" {
		result = "*"
	}
	pw.token(result)
	if c := pw.comment(g.ResultComment); c != "" {
		pw.token("{" + c + "}")
	}
	bw.WriteString("\n\n")
	return bw.Flush()
}

type pgnWriter struct {
	w    *bufio.Writer
	opt  WriteOptions
	col  int  // runes on the current line
	glue bool // no space before the next token
}

// comment returns the comment s as written: none with NoComments.
func (pw *pgnWriter) comment(s string) string {
	if pw.opt.NoComments {
		return ""
	}
	return s
}

// token writes s separated by a space, wrapping lines near 80 columns.
func (pw *pgnWriter) token(s string) {
	n := utf8.RuneCountInString(s)
	if pw.col > 0 && !pw.glue {
		if pw.col+1+n > 80 {
			pw.w.WriteByte('\n')
			pw.col = 0
		} else {
			pw.w.WriteByte(' ')
			pw.col++
		}
	}
	pw.glue = false
	pw.w.WriteString(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		pw.col = utf8.RuneCountInString(s[i+1:])
	} else {
		pw.col += n
	}
}

// move writes the move of n, with its number when Red moves or when
// forced (start of a line, after a comment or variation).
func (pw *pgnWriter) move(n *Node, number bool) {
	if c := pw.comment(n.StartingComment); c != "" {
		pw.token("{" + c + "}")
		number = true
	}
	before := &n.Parent.pos
	num := strconv.Itoa(before.FullmoveNumber())
	switch {
	case before.SideToMove() == xiangqi.Red:
		pw.token(num + ".")
	case number:
		pw.token(num + "...")
	}
	var text string
	switch pw.opt.Notation {
	case NotationICCS:
		text = before.UCI(n.Move)
	case NotationWXF:
		text = before.WXF(n.Move)
	default:
		text = before.ChineseIn(n.Move, pw.opt.Script)
	}
	pw.token(text)
	if c := pw.comment(n.Comment); c != "" {
		pw.token("{" + c + "}")
	}
}

// line writes the continuation of node, with variations.
func (pw *pgnWriter) line(node *Node, number bool) {
	for len(node.Children) > 0 {
		main := node.Children[0]
		pw.move(main, number)
		number = pw.comment(main.Comment) != ""
		alts := node.Children[1:]
		if pw.opt.Mainline {
			alts = nil
		}
		for _, alt := range alts {
			pw.token("(")
			pw.glue = true
			pw.move(alt, true)
			pw.line(alt, pw.comment(alt.Comment) != "")
			pw.w.WriteByte(')')
			pw.col++
			number = true
		}
		node = main
	}
}
