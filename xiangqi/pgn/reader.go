package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/xiangqi"
)

// ErrSyntax is wrapped by every error of ReadAll: text that is not PGN, an
// unbalanced comment or variation, a FEN tag or a move that cannot be read
// or played (the xiangqi error is wrapped too). The message gives the line:
// "xiangqi: pgn: line 12: ...".
var ErrSyntax = errors.New("xiangqi: pgn")

// ReadAll reads every game of a PGN text, checking each move, variations
// included. At the first malformed game it stops and returns the games
// before it with an error that wraps ErrSyntax (and the xiangqi move or FEN
// error behind it, if any) and gives the line.
func ReadAll(r io.Reader) ([]*Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	pr := &pgnReader{data: data}
	var games []*Game
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

// errorf returns an error wrapping ErrSyntax at the current line; format
// may use %w.
func (pr *pgnReader) errorf(format string, args ...any) error {
	return fmt.Errorf("%w: line %d: "+format, append([]any{ErrSyntax, pr.line + 1}, args...)...)
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
	return Tag{Name: name, Value: sb.String()}, nil
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
func (pr *pgnReader) game() (*Game, error) {
	g := &Game{}
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
	start := xiangqi.StartPosition()
	if fen := g.Tags.Get("FEN"); fen != "" {
		p, err := xiangqi.ParseFEN(fen)
		if err != nil {
			return nil, pr.errorf("FEN tag: %w", err)
		}
		start = p
	}
	g.Root = &Node{pos: start}
	return g, pr.movetext(g)
}

type pgnLine struct {
	parent *Node // node the next move hangs from
	last   *Node // last move of this line, nil at its start
}

func (pr *pgnReader) movetext(g *Game) error {
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
		m, err := parseMove(p, w, format, known)
		if err != nil {
			return pr.errorf("%w", err)
		}
		n := &Node{Move: m, Parent: line.parent, StartingComment: pending}
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

// parseMove reads a move in the game's notation, or guesses the notation
// when the Format tag does not name one.
func parseMove(p *xiangqi.Position, w string, f Notation, known bool) (xiangqi.Move, error) {
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
	if !errors.Is(err, xiangqi.ErrInvalidMove) {
		return m, err
	}
	if m, err2 := p.ParseUCI(w); !errors.Is(err2, xiangqi.ErrInvalidMove) {
		return m, err2
	}
	if m, err2 := p.ParseWXF(w); !errors.Is(err2, xiangqi.ErrInvalidMove) {
		return m, err2
	}
	return xiangqi.MoveNone, err
}
