package pgn

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

// trimmed copies g without variations and/or comments, node by node: what
// WriteOptions.Mainline and NoComments must write the same as.
func trimmed(g *Game, mainline, noComments bool) *Game {
	t := NewGameFrom(g.Start())
	t.Tags, t.Result = append(Tags(nil), g.Tags...), g.Result
	if !noComments {
		t.Root.Comment, t.ResultComment = g.Root.Comment, g.ResultComment
	}
	var copyLine func(src, dst *Node)
	copyLine = func(src, dst *Node) {
		for i, child := range src.Children {
			if mainline && i > 0 {
				break
			}
			next, err := dst.AddVariation(child.Move)
			if err != nil {
				panic(err)
			}
			if !noComments {
				next.Comment, next.StartingComment = child.Comment, child.StartingComment
			}
			copyLine(child, next)
		}
	}
	copyLine(g.Root, t.Root)
	return t
}

// TestWriteOptions: leaving out variations or comments writes what the
// game without them writes (move numbers included).
func TestWriteOptions(t *testing.T) {
	for _, name := range []string{"hbsxcjp-01-chinese-variations-gbk.pgn", "xiangqijs-4games-chinese.pgn", "cchess-test-gbk.pgn"} {
		games, _, err := readPGNFile(t, name)
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range games {
			for _, opt := range []WriteOptions{
				{Mainline: true}, {NoComments: true}, {Mainline: true, NoComments: true}, {Notation: NotationWXF, Mainline: true},
			} {
				var got, want bytes.Buffer
				if err := Write(&got, g, opt); err != nil {
					t.Fatal(err)
				}
				if err := Write(&want, trimmed(g, opt.Mainline, opt.NoComments), WriteOptions{Notation: opt.Notation}); err != nil {
					t.Fatal(err)
				}
				if got.String() != want.String() {
					t.Errorf("%s game %d %+v: got\n%s\nwant\n%s", name, i+1, opt, got.String(), want.String())
				}
			}
		}
	}
}

func TestGameAccessors(t *testing.T) {
	games, err := ReadAll(strings.NewReader("[Game \"Chinese Chess\"]\n\n{start} 1. h2e2 h9g7 (1... h7e7 2. h0g2) 2. h0g2 *"))
	if err != nil || len(games) != 1 {
		t.Fatal(err)
	}
	g := games[0]
	var line []string
	for n := range g.Mainline() {
		before := n.Parent.Position()
		line = append(line, before.Chinese(n.Move))
	}
	if got := strings.Join(line, " "); got != "炮二平五 馬８進７ 傌二進三" {
		t.Errorf("mainline %s", got)
	}
	if ms := g.MainlineMoves(); len(ms) != 3 || ms[2].String() != "h0g2" {
		t.Errorf("MainlineMoves %v", ms)
	}
	if g.End().Move.String() != "h0g2" || g.End().Next() != nil || g.Root.Next().Move.String() != "h2e2" {
		t.Errorf("End %v, Root.Next %v", g.End().Move, g.Root.Next().Move)
	}
	final, want, start := g.Final(), g.End().Position(), g.Start()
	if final != want || start != xiangqi.StartPosition() {
		t.Errorf("Final %s, Start %s", final.FEN(), start.FEN())
	}
	if _, err := g.Root.AddVariation(xiangqi.NewMove(xiangqi.H2, xiangqi.E3)); !errors.Is(err, ErrNotLegal) {
		t.Errorf("AddVariation of an illegal move: %v, want ErrNotLegal", err)
	}
	if n, err := g.Root.AddVariation(xiangqi.NewMove(xiangqi.B0, xiangqi.C2)); err != nil || len(g.Root.Children) != 2 || g.Root.Children[1] != n {
		t.Errorf("AddVariation: %v, %d first moves", err, len(g.Root.Children))
	}
}

func TestNewGameFrom(t *testing.T) {
	if g := NewGame(); g.Tags.Get("Game") != "Chinese Chess" || len(g.Tags) != 1 || g.Result != "*" {
		t.Errorf("NewGame: tags %v, result %q", g.Tags, g.Result)
	}
	p, _ := xiangqi.ParseFEN("4k4/9/9/9/9/9/9/9/9/R2K5 w")
	if g := NewGameFrom(p); g.Tags.Get("FEN") != p.FEN() || g.Start() != p {
		t.Errorf("NewGameFrom: FEN tag %q", g.Tags.Get("FEN"))
	}
}

func TestTags(t *testing.T) {
	var tags Tags
	tags.Set("Red", "a")
	tags.Set("Black", "b")
	tags.Set("Red", "c")
	if v, ok := tags.Lookup("Red"); !ok || v != "c" || len(tags) != 2 || tags[0].Name != "Red" {
		t.Errorf("after Set: %v", tags)
	}
	tags.Delete("Red")
	if _, ok := tags.Lookup("Red"); ok || tags.Get("Black") != "b" || tags.Get("Red") != "" {
		t.Errorf("after Delete: %v", tags)
	}
}

// TestReadErrors: every error wraps ErrSyntax and gives the line; a move
// that cannot be played also wraps the xiangqi error.
func TestReadErrors(t *testing.T) {
	for _, tt := range []struct {
		in, msg string
		also    error
	}{
		{"1. h2e2 h9g7 (h7e7", "xiangqi: pgn: line 1: unclosed variation", nil},
		{"[Event \"x\"]\n\n1. h2e3", "xiangqi: pgn: line 3: xiangqi: illegal move: h2e3", xiangqi.ErrIllegalMove},
		{"[FEN \"bad\"]\n1. h2e2", "xiangqi: pgn: line 2: FEN tag: xiangqi: fen: field 1: board must have 10 ranks: \"bad\"", nil},
	} {
		_, err := ReadAll(strings.NewReader(tt.in))
		if err == nil || err.Error() != tt.msg || !errors.Is(err, ErrSyntax) || tt.also != nil && !errors.Is(err, tt.also) {
			t.Errorf("ReadAll(%q) = %v, want %s", tt.in, err, tt.msg)
		}
	}
}
