package xiangqi

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// PGN support in the xqbase style: [Game "Chinese Chess"], Red and Black
// tags, an optional FEN tag, [Format "Chinese"|"ICCS"|"WXF"], comments in
// braces and nested variations in parentheses. Text is read as bytes and
// kept as is: tags and comments in other encodings (GBK) survive a round
// trip, but Chinese moves must be UTF-8.

// Notation names a move notation (the PGN Format tag).
type Notation uint8

// Move notations.
const (
	NotationChinese Notation = iota
	NotationICCS
	NotationWXF
)

// String returns the value of the Format tag: "Chinese", "ICCS" or "WXF".
func (f Notation) String() string {
	switch f {
	case NotationICCS:
		return "ICCS"
	case NotationWXF:
		return "WXF"
	}
	return "Chinese"
}

// ErrPGN reports malformed PGN text.
var ErrPGN = errors.New("xiangqi: pgn")

// Tag is one PGN tag pair.
type Tag struct {
	Name, Value string
}

// PGNNode is a move in the game tree. The root holds no move; the first
// child of a node is the main continuation, the others are variations.
type PGNNode struct {
	Move     Move
	Before   string // comment written before the move (start of a line)
	Comment  string // comment written after the move
	Children []*PGNNode
	Parent   *PGNNode
	pos      Position // position after Move
}

// Position returns the position after the node's move.
func (n *PGNNode) Position() Position { return n.pos }

// NewPGNGame returns a game with no moves starting from start. Its FEN tag is
// set unless start is the standard starting position.
func NewPGNGame(start Position) *PGNGame {
	g := &PGNGame{Root: &PGNNode{pos: start}, Result: "*"}
	g.SetTag("Game", "Chinese Chess")
	if fen := start.FEN(); fen != StartFEN {
		g.SetTag("FEN", fen)
	}
	return g
}

// AddMove appends the legal move m as a new child of n (the main line when n
// has no child yet) and returns it.
func (n *PGNNode) AddMove(m Move) (*PGNNode, error) {
	if !n.pos.IsLegal(m) {
		return nil, fmt.Errorf("%w: %s", ErrIllegalMove, m)
	}
	child := &PGNNode{Move: m, Parent: n}
	n.pos.MakeMove(m, &child.pos)
	n.Children = append(n.Children, child)
	return child, nil
}

// PGNGame is one game of a PGN file.
type PGNGame struct {
	Tags          []Tag
	Root          *PGNNode // Root.Comment is the comment before the first move
	Result        string   // the result token ("1-0", "0-1", "1/2-1/2", "*"), if any
	ResultComment string   // a comment written after the result token
}

// Tag returns the value of the named tag, or "".
func (g *PGNGame) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets a tag, keeping its place if it exists.
func (g *PGNGame) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// Mainline returns the moves of the main line.
func (g *PGNGame) Mainline() []Move {
	var out []Move
	for n := g.Root; len(n.Children) > 0; n = n.Children[0] {
		out = append(out, n.Children[0].Move)
	}
	return out
}

// End returns the position at the end of the main line.
func (g *PGNGame) End() Position {
	n := g.Root
	for len(n.Children) > 0 {
		n = n.Children[0]
	}
	return n.pos
}

// Format returns the notation named by the Format tag; ok is false when
// the tag is missing or names something else (the reader then guesses the
// notation of each move).
func (g *PGNGame) Format() (f Notation, ok bool) {
	switch strings.ToUpper(strings.TrimSpace(g.Tag("Format"))) {
	case "CHINESE":
		return NotationChinese, true
	case "ICCS":
		return NotationICCS, true
	case "WXF":
		return NotationWXF, true
	}
	return NotationChinese, false
}

// ReadPGN reads every game of a PGN text.
func ReadPGN(r io.Reader) ([]*PGNGame, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	pr := &pgnReader{data: data}
	var games []*PGNGame
	for {
		g, err := pr.game()
		if err != nil {
			return games, err
		}
		if g == nil {
			return games, nil
		}
		games = append(games, g)
	}
}

type pgnReader struct {
	data []byte
	i    int
	line int
}

func (pr *pgnReader) errorf(format string, args ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrPGN, pr.line+1, fmt.Sprintf(format, args...))
}

// skipSpace skips white space and escape lines (starting with %).
func (pr *pgnReader) skipSpace() {
	for pr.i < len(pr.data) {
		c := pr.data[pr.i]
		switch {
		case c == '\n':
			pr.line++
			pr.i++
			if pr.i < len(pr.data) && pr.data[pr.i] == '%' {
				pr.skipLine()
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			pr.i++
		default:
			return
		}
	}
}

func (pr *pgnReader) skipLine() {
	for pr.i < len(pr.data) && pr.data[pr.i] != '\n' {
		pr.i++
	}
}

// until returns the text up to the closing byte and moves past it.
func (pr *pgnReader) until(close byte) (string, error) {
	start := pr.i
	for pr.i < len(pr.data) && pr.data[pr.i] != close {
		if pr.data[pr.i] == '\n' {
			pr.line++
		}
		pr.i++
	}
	if pr.i == len(pr.data) {
		return "", pr.errorf("missing %q", close)
	}
	s := string(pr.data[start:pr.i])
	pr.i++
	return s, nil
}

// tag reads [Name "Value"]; the value may hold escaped quotes and
// backslashes, and any other byte including ']'.
func (pr *pgnReader) tag() (Tag, error) {
	pr.i++ // '['
	pr.skipSpace()
	start := pr.i
	for pr.i < len(pr.data) && pr.data[pr.i] != ' ' && pr.data[pr.i] != '\t' && pr.data[pr.i] != '"' && pr.data[pr.i] != ']' && pr.data[pr.i] != '\n' {
		pr.i++
	}
	name := string(pr.data[start:pr.i])
	pr.skipSpace()
	if name == "" || pr.i >= len(pr.data) || pr.data[pr.i] != '"' {
		return Tag{}, pr.errorf("bad tag %q", name)
	}
	pr.i++
	var sb strings.Builder
	for ; pr.i < len(pr.data) && pr.data[pr.i] != '"'; pr.i++ {
		c := pr.data[pr.i]
		if c == '\\' && pr.i+1 < len(pr.data) {
			pr.i++
			c = pr.data[pr.i]
		}
		if c == '\n' {
			pr.line++
		}
		sb.WriteByte(c)
	}
	pr.i++ // closing quote
	pr.skipSpace()
	if pr.i >= len(pr.data) || pr.data[pr.i] != ']' {
		return Tag{}, pr.errorf("tag %s not closed", name)
	}
	pr.i++
	return Tag{name, sb.String()}, nil
}

func isResult(w string) bool {
	return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*"
}

// word reads a movetext symbol.
func (pr *pgnReader) word() string {
	start := pr.i
	for pr.i < len(pr.data) {
		c := pr.data[pr.i]
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' || strings.IndexByte("{}()[];", c) >= 0 {
			break
		}
		pr.i++
	}
	return string(pr.data[start:pr.i])
}

// stripMoveNumber removes a leading "12." or "12..." from w.
func stripMoveNumber(w string) string {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	j := i
	for j < len(w) && w[j] == '.' {
		j++
	}
	if j > i || i == 0 {
		return w[j:]
	}
	return w
}

// game reads the next game, or returns nil at the end of the input.
func (pr *pgnReader) game() (*PGNGame, error) {
	g := &PGNGame{}
	pr.skipSpace()
	for pr.i < len(pr.data) && pr.data[pr.i] == '[' {
		t, err := pr.tag()
		if err != nil {
			return nil, err
		}
		g.Tags = append(g.Tags, t)
		pr.skipSpace()
	}
	if pr.i >= len(pr.data) && len(g.Tags) == 0 {
		return nil, nil
	}
	start := StartPosition()
	if fen := g.Tag("FEN"); fen != "" {
		p, err := ParseFEN(fen)
		if err != nil {
			return nil, pr.errorf("FEN tag: %v", err)
		}
		start = p
	}
	g.Root = &PGNNode{pos: start}
	return g, pr.movetext(g)
}

type pgnLine struct {
	parent *PGNNode // node the next move hangs from
	last   *PGNNode // last move of this line, nil at its start
}

func (pr *pgnReader) movetext(g *PGNGame) error {
	format, known := g.Format()
	line := pgnLine{parent: g.Root}
	var stack []pgnLine
	pending := ""
	for {
		pr.skipSpace()
		if pr.i >= len(pr.data) {
			break
		}
		c := pr.data[pr.i]
		switch c {
		case '[':
			if len(stack) > 0 {
				return pr.errorf("unclosed variation")
			}
			return nil
		case '{':
			pr.i++
			text, err := pr.until('}')
			if err != nil {
				return err
			}
			switch {
			case g.Result != "":
				g.ResultComment += text
			case line.last != nil:
				line.last.Comment += text
			case len(stack) == 0 && len(g.Root.Children) == 0:
				g.Root.Comment += text
			default:
				pending += text
			}
			continue
		case ';':
			pr.skipLine()
			continue
		case '(':
			pr.i++
			if line.last == nil {
				return pr.errorf("variation before any move")
			}
			stack = append(stack, line)
			line = pgnLine{parent: line.last.Parent}
			continue
		case ')':
			pr.i++
			if len(stack) == 0 {
				return pr.errorf("unmatched )")
			}
			line, stack = stack[len(stack)-1], stack[:len(stack)-1]
			continue
		case ']', '}':
			return pr.errorf("unexpected %q", c)
		}
		w := pr.word()
		if w == "" {
			pr.i++
			continue
		}
		if isResult(w) && len(stack) == 0 {
			g.Result = w
			continue
		}
		w = stripMoveNumber(w)
		if w == "" || w[0] == '$' || strings.Trim(w, "=") == "" {
			continue // move number, NAG or a ===== trailer
		}
		if g.Result != "" {
			// Text after the result token is no longer the game: sites such
			// as xqbase append an advertising trailer there.
			continue
		}
		p := &line.parent.pos
		m, err := parsePGNMove(p, w, format, known)
		if err != nil {
			return pr.errorf("%v", err)
		}
		n := &PGNNode{Move: m, Parent: line.parent, Before: pending}
		pending = ""
		p.MakeMove(m, &n.pos)
		line.parent.Children = append(line.parent.Children, n)
		line.parent, line.last = n, n
	}
	if len(stack) > 0 {
		return pr.errorf("unclosed variation")
	}
	return nil
}

// parsePGNMove reads a move in the game's notation, or guesses the
// notation when the Format tag does not name one.
func parsePGNMove(p *Position, w string, f Notation, known bool) (Move, error) {
	w = strings.TrimRight(w, "!?+#")
	if known {
		switch f {
		case NotationICCS:
			return p.ParseUCI(w)
		case NotationWXF:
			return p.ParseWXF(w)
		}
		return p.ParseChinese(w)
	}
	m, err := p.ParseChinese(w)
	if !errors.Is(err, ErrInvalidMove) {
		return m, err
	}
	if m, err2 := p.ParseUCI(w); !errors.Is(err2, ErrInvalidMove) {
		return m, err2
	}
	if m, err2 := p.ParseWXF(w); !errors.Is(err2, ErrInvalidMove) {
		return m, err2
	}
	return MoveNone, err
}

// WritePGN writes g with its moves in notation f; the Format tag is set
// to match.
func (g *PGNGame) WritePGN(w io.Writer, f Notation) error {
	g.SetTag("Format", f.String())
	bw := bufio.NewWriter(w)
	for _, t := range g.Tags {
		v := strings.ReplaceAll(strings.ReplaceAll(t.Value, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Name, v)
	}
	bw.WriteByte('\n')
	pw := &pgnWriter{w: bw, format: f}
	if g.Root.Comment != "" {
		pw.token("{" + g.Root.Comment + "}")
	}
	pw.line(g.Root, true)
	result := g.Result
	if result == "" {
		result = "*"
	}
	pw.token(result)
	if g.ResultComment != "" {
		pw.token("{" + g.ResultComment + "}")
	}
	bw.WriteString("\n\n")
	return bw.Flush()
}

type pgnWriter struct {
	w      *bufio.Writer
	format Notation
	col    int  // runes on the current line
	glue   bool // no space before the next token
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
func (pw *pgnWriter) move(n *PGNNode, number bool) {
	if n.Before != "" {
		pw.token("{" + n.Before + "}")
		number = true
	}
	before := &n.Parent.pos
	num := strconv.Itoa(int(before.fullmove))
	switch {
	case before.side == Red:
		pw.token(num + ".")
	case number:
		pw.token(num + "...")
	}
	var text string
	switch pw.format {
	case NotationICCS:
		text = before.UCI(n.Move)
	case NotationWXF:
		text = before.WXF(n.Move)
	default:
		text = before.Chinese(n.Move)
	}
	pw.token(text)
	if n.Comment != "" {
		pw.token("{" + n.Comment + "}")
	}
}

// line writes the continuation of node, with variations.
func (pw *pgnWriter) line(node *PGNNode, number bool) {
	for len(node.Children) > 0 {
		main := node.Children[0]
		pw.move(main, number)
		number = main.Comment != ""
		for _, alt := range node.Children[1:] {
			pw.token("(")
			pw.glue = true
			pw.move(alt, true)
			pw.line(alt, alt.Comment != "")
			pw.w.WriteByte(')')
			pw.col++
			number = true
		}
		node = main
	}
}
