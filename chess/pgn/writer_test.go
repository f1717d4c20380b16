package pgn

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// sameTree reports the first difference between two game trees (moves,
// comments, NAGs, commands), or "".
func sameTree(a, b *Node, path string) string {
	switch {
	case a.Move != b.Move:
		return fmt.Sprintf("%s: move %v vs %v", path, a.Move, b.Move)
	case a.Comment != b.Comment:
		return fmt.Sprintf("%s: comment %q vs %q", path, a.Comment, b.Comment)
	case a.StartingComment != b.StartingComment:
		return fmt.Sprintf("%s: starting comment %q vs %q", path, a.StartingComment, b.StartingComment)
	case !bytes.Equal(a.NAGs, b.NAGs):
		return fmt.Sprintf("%s: NAGs %v vs %v", path, a.NAGs, b.NAGs)
	case a.HasClock != b.HasClock || a.Clock != b.Clock || a.HasEMT != b.HasEMT || a.EMT != b.EMT:
		return fmt.Sprintf("%s: clock %v/%v vs %v/%v", path, a.Clock, a.EMT, b.Clock, b.EMT)
	case (a.Eval == nil) != (b.Eval == nil) || a.Eval != nil && *a.Eval != *b.Eval:
		return fmt.Sprintf("%s: eval %v vs %v", path, a.Eval, b.Eval)
	case fmt.Sprint(a.Squares, a.Arrows) != fmt.Sprint(b.Squares, b.Arrows):
		return fmt.Sprintf("%s: marks %v %v vs %v %v", path, a.Squares, a.Arrows, b.Squares, b.Arrows)
	case len(a.Children) != len(b.Children):
		return fmt.Sprintf("%s: %d vs %d continuations", path, len(a.Children), len(b.Children))
	}
	for i := range a.Children {
		if d := sameTree(a.Children[i], b.Children[i], fmt.Sprintf("%s/%d:%s", path, i, a.Children[i].Move)); d != "" {
			return d
		}
	}
	return ""
}

// sameGame compares a game read from a file with the same game written and
// read back: the same tree and result, and every original tag kept.
func sameGame(a, b *Game) string {
	if a.Result != b.Result {
		return fmt.Sprintf("result %q vs %q", a.Result, b.Result)
	}
	if sa, sb := a.Start(), b.Start(); sa.FEN() != sb.FEN() || sa.Chess960() != sb.Chess960() {
		return fmt.Sprintf("start %s vs %s", sa.FEN(), sb.FEN())
	}
	for _, t := range a.Tags {
		if v, ok := b.Tags.Lookup(t.Name); !ok || v != t.Value {
			return fmt.Sprintf("tag %s %q lost (%q)", t.Name, t.Value, v)
		}
	}
	return sameTree(a.Root, b.Root, "root")
}

// TestRoundTrip reads every data file, writes each good game, reads it back:
// the trees must match, and writing again must give the same text.
func TestRoundTrip(t *testing.T) {
	files := append(dataFiles(t, "games"), dataFiles(t, "edge")...)
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			games, _ := readFile(t, path)
			var buf bytes.Buffer
			for _, g := range games {
				if err := Write(&buf, g, WriteOptions{}); err != nil {
					t.Fatal(err)
				}
			}
			text := buf.String()
			back, errs, err := ReadAll(strings.NewReader(text))
			if err != nil || len(errs) > 0 {
				t.Fatalf("reading the written games: %v %v", errs, err)
			}
			if len(back) != len(games) {
				t.Fatalf("%d games written, %d read back", len(games), len(back))
			}
			buf.Reset()
			for i, g := range back {
				if d := sameGame(games[i], g); d != "" {
					t.Fatalf("game %d: %s", i+1, d)
				}
				Write(&buf, g, WriteOptions{})
			}
			if buf.String() != text {
				t.Errorf("writing is not idempotent")
			}
			for i, line := range strings.Split(text, "\n") {
				if len(line) > 80 && !strings.HasPrefix(line, "[") && !strings.Contains(line, ";") && strings.Count(line, " ") > 0 {
					t.Errorf("line %d is %d bytes long: %s", i+1, len(line), line)
					break
				}
			}
		})
	}
}

// TestGolden compares the writer's output with testdata/*.golden. Run
// "go test -run TestGolden -update" to rewrite them after a deliberate change.
func TestGolden(t *testing.T) {
	tests := []struct {
		name, file string
		opt        WriteOptions
	}{
		{"annotated", "pychess/annotated.pgn", WriteOptions{}},
		{"annotated-mainline", "pychess/annotated.pgn", WriteOptions{Mainline: true}},
		{"annotated-nocomments", "pychess/annotated.pgn", WriteOptions{NoComments: true}},
		{"study", "notnil-chess/0013.pgn", WriteOptions{}},
		{"lichess-eval-clk", "notnil-chess/0004.pgn", WriteOptions{}},
		{"black-to-move", "pychess/fenSetup.pgn", WriteOptions{}},
		{"chess960", "python-chess/cutechess-fischerrandom.pgn", WriteOptions{}},
		{"null-move", "python-chess/anastasian-lewis.pgn", WriteOptions{}},
		{"no-tags", "notnil-chess/0008.pgn", WriteOptions{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, _ := readFile(t, filepath.Join(dataDir(t), "pgn", "edge", tt.file))
			var buf bytes.Buffer
			for _, g := range games[:1] {
				if err := Write(&buf, g, tt.opt); err != nil {
					t.Fatal(err)
				}
			}
			golden := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != string(want) {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestTreeEditing(t *testing.T) {
	g, err := NewReader(strings.NewReader("1. e4 e5 (1... c5) (1... e6) 2. Nf3 *")).Next()
	if err != nil {
		t.Fatal(err)
	}
	e4 := g.Root.Next()
	pos := e4.Position()
	d5, _ := pos.ParseSAN("d5")
	v, err := e4.AddVariation(d5)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e4.AddVariation(d5 ^ 1); err == nil {
		t.Error("AddVariation accepted an illegal move")
	}
	v.Comment = "Scandinavian"
	e4.Children[2].PromoteToMain() // 1... e6
	v.Promote()
	e4.Children[1].Remove() // 1... e5 2. Nf3
	want := "1. e4 e6 (1... d5 {Scandinavian}) (1... c5) *"
	if got := strings.Join(strings.Fields(movetextOf(g)), " "); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if !e4.Next().IsMainline() || v.IsMainline() || v.Ply() != 2 || v.SAN() != "d5" {
		t.Errorf("IsMainline/Ply/SAN wrong for %s", v.SAN())
	}
	e4.Next().Demote()
	if e4.Next() != v {
		t.Errorf("Demote did not move 1... e6 down")
	}
}

// movetextOf returns the movetext part of the game's export.
func movetextOf(g *Game) string {
	s := g.String()
	if i := strings.Index(s, "\n\n"); i >= 0 {
		return s[i+2:]
	}
	return s
}

func TestNewGame(t *testing.T) {
	g := NewGame()
	pos := g.Start()
	m, _ := pos.ParseSAN("e4")
	if _, err := g.Root.AddVariation(m); err != nil {
		t.Fatal(err)
	}
	g.Tags.Set("White", "Réti, Richard")
	g.Tags.Set("Annotator", `a "quoted" \ name`)
	out := g.String()
	for _, want := range []string{"[White \"Réti, Richard\"]", `[Annotator "a \"quoted\" \\ name"]`, "\n1. e4 *\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	back, err := NewReader(strings.NewReader(out)).Next()
	if err != nil || back.Tags.Get("Annotator") != `a "quoted" \ name` {
		t.Errorf("read back: %v %q", err, back.Tags.Get("Annotator"))
	}
}

func TestZeroGame(t *testing.T) {
	var g Game
	want := "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n*\n\n"
	if got := g.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	g.Root = &Node{}
	if f := g.Final(); f.FEN() != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" || len(g.MainlineMoves()) != 0 {
		t.Errorf("final %s", f.FEN())
	}
}
