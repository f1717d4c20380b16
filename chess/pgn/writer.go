package pgn

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/internal/pgntag"
)

// WriteOptions selects what Write leaves out.
type WriteOptions struct {
	Mainline   bool // leave out variations
	NoComments bool // leave out comments and comment commands (NAGs stay)
	Width      int  // line width; 80 when 0
}

// Write writes g in the PGN export format, followed by a blank line: the
// Seven Tag Roster first in its order (a missing roster tag written as "?",
// or "????.??.??" for Date), the other tags in their order, then the
// movetext wrapped at 80 columns with move numbers wherever the export format
// wants them (every White move; a Black move at the start, after a comment
// and after a variation, as "12..."). A *bufio.Writer is written to as it
// is, and not flushed.
func Write(w io.Writer, g *Game, opt WriteOptions) error {
	bw, ok := w.(*bufio.Writer)
	if !ok {
		bw = bufio.NewWriter(w)
	}
	gw := gameWriter{w: bw, opt: opt}
	if gw.opt.Width <= 0 {
		gw.opt.Width = 80
	}
	gw.tags(g)
	gw.movetext(g)
	if ok {
		return nil // the caller's buffer: the caller flushes it
	}
	return bw.Flush()
}

// String returns the game in the PGN export format.
func (g *Game) String() string {
	var sb strings.Builder
	_ = Write(&sb, g, WriteOptions{})
	return sb.String()
}

type gameWriter struct {
	w          *bufio.Writer
	opt        WriteOptions
	col        int    // length of the current line
	needNumber bool   // the next Black move needs its "N..." number
	glue       string // written before the next token with no space: "("
	buf        []byte // scratch for a token made of parts, reused
}

func (gw *gameWriter) tag(name, value string) { pgntag.WriteTag(gw.w, name, value) }

func (gw *gameWriter) tags(g *Game) {
	for _, name := range SevenTagRoster {
		v, ok := g.Tags.Lookup(name)
		switch {
		case ok:
		case name == "Date":
			v = "????.??.??"
		case name == "Result":
			v = g.result()
		default:
			v = "?"
		}
		gw.tag(name, v)
	}
	start := g.Start()
	_, hasFEN := g.Tags.Lookup("FEN")
	// The standard start, compared as a value, needs no FEN built (a string
	// a game for pgn cat, issue 28); an equal position has the same FEN.
	if !hasFEN && (start.Chess960() || start != startPos && start.FEN() != chess.StartFEN) {
		if start.Chess960() && variantKind(g.Tags.Get("Variant")) != 1 {
			gw.tag("Variant", "Chess960")
		}
		if _, ok := g.Tags.Lookup("SetUp"); !ok {
			gw.tag("SetUp", "1")
		}
		gw.tag("FEN", start.FEN())
	}
	for _, t := range g.Tags {
		if rosterIndex(t.Name) < 0 {
			gw.tag(t.Name, t.Value)
		}
	}
	gw.w.WriteByte('\n')
}

// result returns the game's result token, "*" unless it is a valid one.
func (g *Game) result() string { return resultString([]byte(g.Result)) }

// token writes one word of movetext, breaking the line before it if needed.
func (gw *gameWriter) token(s string) {
	if gw.glue != "" {
		s, gw.glue = gw.glue+s, ""
	}
	if s == "" {
		return
	}
	gw.spaceFor(len(s))
	if gw.col == 0 && s[0] == '%' {
		// A '%' in column 1 would make the line an escape line.
		gw.w.WriteByte(' ')
		gw.col++
	}
	gw.w.WriteString(s)
	gw.col += len(s)
}

// spaceFor makes room for a token of n bytes: a new line when it would
// pass the width, else a space after the line's last token.
func (gw *gameWriter) spaceFor(n int) {
	if gw.col > 0 && gw.col+1+n > gw.opt.Width {
		gw.w.WriteByte('\n')
		gw.col = 0
	}
	if gw.col > 0 {
		gw.w.WriteByte(' ')
		gw.col++
	}
}

// tokenBytes is token for a token in scratch space: the same output, without
// making a string of it.
func (gw *gameWriter) tokenBytes(b []byte) {
	if len(b) == 0 {
		gw.token("")
		return
	}
	lead := b[0] // the first byte written
	if gw.glue != "" {
		lead = gw.glue[0]
	}
	if lead == '%' {
		gw.token(string(b))
		return
	}
	n := len(gw.glue) + len(b)
	gw.spaceFor(n)
	gw.w.WriteString(gw.glue)
	gw.w.Write(b)
	gw.col += n
	gw.glue = ""
}

// comment writes a comment as words, so that it wraps like the moves; each
// command stays whole on one line. Text holding '}' cannot go between braces
// and becomes a rest-of-line comment.
func (gw *gameWriter) comment(commands []string, text string) {
	if text == "" && len(commands) == 0 || gw.opt.NoComments {
		return
	}
	gw.needNumber = true
	if strings.ContainsAny(text, "}\n") {
		gw.token(";")
		all := append(commands, strings.ReplaceAll(text, "\n", " "))
		gw.w.WriteString(" " + strings.Join(all, " ") + "\n")
		gw.col = 0
		return
	}
	// The words are the commands, then the text split at white space; they
	// are written from scratch space, building no strings (issue 28).
	last := len(commands) + countWords(text) - 1
	i := 0
	word := func(wd string) {
		b := gw.buf[:0]
		if i == 0 {
			b = append(b, '{')
		}
		b = append(b, wd...)
		if i == last {
			b = append(b, '}')
		}
		gw.tokenBytes(b)
		gw.buf = b
		i++
	}
	for _, c := range commands {
		word(c)
	}
	for j := 0; j < len(text); {
		var wd string
		if wd, j = nextWord(text, j); wd != "" {
			word(wd)
		}
	}
}

// nextWord returns the first word of text at or after i, and where the
// search for the next one starts; "" when there is none.
func nextWord(text string, i int) (string, int) {
	for i < len(text) && isWordSep(text[i]) {
		i++
	}
	j := i
	for j < len(text) && !isWordSep(text[j]) {
		j++
	}
	return text[i:j], j
}

// isWordSep reports whether byte c separates the words of a comment: ASCII
// white space or a newline (a byte of a multi-byte character never does).
func isWordSep(c byte) bool { return c < utf8.RuneSelf && isSpace(c) || c == '\n' }

// countWords returns the number of words of a comment's text.
func countWords(text string) int {
	n := 0
	for j := 0; j < len(text); {
		var wd string
		if wd, j = nextWord(text, j); wd != "" {
			n++
		}
	}
	return n
}

func (gw *gameWriter) movetext(g *Game) {
	gw.needNumber = true
	if g.Root != nil {
		gw.comment(nil, g.Root.Comment)
		gw.line(g.Root, g.Start())
	}
	gw.token(g.result())
	gw.w.WriteString("\n\n")
}

// line writes the continuation of n, whose position is pos, with the
// variations branching off it.
func (gw *gameWriter) line(n *Node, pos chess.Position) {
	for len(n.Children) > 0 {
		main := n.Children[0]
		gw.move(main, &pos)
		if !gw.opt.Mainline {
			for _, v := range n.Children[1:] {
				gw.glue = "("
				gw.needNumber = true
				gw.move(v, &pos)
				after := pos
				play(&after, v.Move)
				gw.line(v, after)
				gw.closeVariation()
			}
		}
		play(&pos, main.Move)
		n = main
	}
}

// move writes n's starting comment, move number, SAN, NAGs and comment; pos
// is the position before the move.
func (gw *gameWriter) move(n *Node, pos *chess.Position) {
	gw.comment(nil, n.StartingComment)
	// The number and the move form one token, so that no line ends between them.
	b := gw.buf[:0]
	if pos.SideToMove() == chess.White {
		b = append(strconv.AppendInt(b, int64(pos.FullmoveNumber()), 10), ". "...)
	} else if gw.needNumber {
		b = append(strconv.AppendInt(b, int64(pos.FullmoveNumber()), 10), "... "...)
	}
	b = pos.AppendSAN(b, n.Move)
	gw.needNumber = false
	gw.tokenBytes(b)
	for _, nag := range n.NAGs {
		b = strconv.AppendInt(append(b[:0], '$'), int64(nag), 10)
		gw.tokenBytes(b)
	}
	gw.buf = b
	if !gw.opt.NoComments {
		gw.comment(n.commands(), n.Comment)
	}
}

// closeVariation writes a variation's ")", on a new line when this one is
// full; the next move is numbered.
func (gw *gameWriter) closeVariation() {
	if gw.col+1 > gw.opt.Width {
		gw.w.WriteByte('\n')
		gw.col = 0
	}
	gw.w.WriteString(")")
	gw.col++
	gw.needNumber = true
}
