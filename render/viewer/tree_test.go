package viewer

import (
	"errors"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

const annotatedPGN = `[Event "Test"]
[White "Anna"]
[Black "Ben"]
[Result "*"]

{Before the first move} 1. e4 {King's pawn} (1. d4 d5 (1... Nf6 2. c4 g6) 2. c4 $1)
1... e5 2. Nf3!? Nc6 *
`

// readOne reads a PGN text holding one game.
func readOne(t *testing.T, text string, v Board) Game {
	t.Helper()
	games, err := FromPGN(strings.NewReader(text), v)
	if err != nil {
		t.Fatalf("FromPGN: %v", err)
	}
	if len(games) != 1 {
		t.Fatalf("got %d games, want 1", len(games))
	}
	return games[0]
}

// path follows child indices from the start and returns the node reached.
func path(t *testing.T, g Game, kids ...int) Node {
	t.Helper()
	n := g.Nodes[0]
	for _, k := range kids {
		if k >= len(n.Children) {
			t.Fatalf("path %v: node has %d children", kids, len(n.Children))
		}
		n = g.Nodes[n.Children[k]]
	}
	return n
}

func TestChessTree(t *testing.T) {
	g := readOne(t, annotatedPGN, Chess)
	if g.Variant != Chess || g.Result != "*" || tagValue(g.Tags, "White") != "Anna" {
		t.Fatalf("header: got %v %q %v", g.Variant, g.Result, g.Tags)
	}
	if len(g.Nodes) != 11 {
		t.Errorf("got %d nodes, want 11 (start + 10 moves)", len(g.Nodes))
	}
	root := g.Nodes[0]
	if root.Parent != -1 || root.FEN != chess.StartFEN || root.Comment != "Before the first move" {
		t.Errorf("start: got %+v", root)
	}
	tests := []struct {
		path                  []int
		san, glyphs, from, to string
		number                int
		second                bool
		comment               string
	}{
		{[]int{0}, "e4", "", "e2", "e4", 1, false, "King's pawn"},
		{[]int{1}, "d4", "", "d2", "d4", 1, false, ""},
		{[]int{1, 0}, "d5", "", "d7", "d5", 1, true, ""},
		{[]int{1, 1}, "Nf6", "", "g8", "f6", 1, true, ""},
		{[]int{1, 1, 0, 0}, "g6", "", "g7", "g6", 2, true, ""},
		{[]int{1, 0, 0}, "c4", "!", "c2", "c4", 2, false, ""},
		{[]int{0, 0, 0}, "Nf3", "!?", "g1", "f3", 2, false, ""},
		{[]int{0, 0, 0, 0}, "Nc6", "", "b8", "c6", 2, true, ""},
	}
	for _, tt := range tests {
		n := path(t, g, tt.path...)
		got := []any{n.Text[NotationSAN], n.Glyphs, n.From, n.To, n.Number, n.Second, n.Comment}
		want := []any{tt.san, tt.glyphs, tt.from, tt.to, tt.number, tt.second, tt.comment}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("node %v: got %v, want %v", tt.path, got, want)
				break
			}
		}
	}
	if fen := path(t, g, 0, 0, 0, 0).FEN; fen != "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" {
		t.Errorf("FEN after 2... Nc6: got %s", fen)
	}
	checkLinks(t, g)
}

// checkLinks checks that parents and children agree and the nodes are in
// pre-order (every child after its parent).
func checkLinks(t *testing.T, g Game) {
	t.Helper()
	for i, n := range g.Nodes {
		for _, c := range n.Children {
			if c <= i || g.Nodes[c].Parent != i {
				t.Fatalf("node %d: child %d has parent %d", i, c, g.Nodes[c].Parent)
			}
		}
	}
}

// TestChess960 replays Chess960 games (FEN and Variant tags, castling with
// rooks on unusual squares): every node's FEN is the one chess/pgn computes.
func TestChess960(t *testing.T) {
	games, err := FromPGN(dataFile(t, "pgn/edge/python-chess/cutechess-fischerrandom.pgn"), Chess)
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := pgn.ReadAll(dataFile(t, "pgn/edge/python-chess/cutechess-fischerrandom.pgn"))
	if err != nil || len(want) != len(games) || len(games) != 4 {
		t.Fatalf("got %d games, chess/pgn %d (%v)", len(games), len(want), err)
	}
	castled := 0
	for i, g := range games {
		if start := want[i].Start(); g.Nodes[0].FEN != start.FEN() {
			t.Errorf("game %d: start %s, want %s", i+1, g.Nodes[0].FEN, start.FEN())
		}
		n := g.Nodes[0]
		for src := range want[i].Mainline() {
			n = g.Nodes[n.Children[0]]
			if pos := src.Position(); n.FEN != pos.FEN() {
				t.Fatalf("game %d ply %d: FEN %s, want %s", i+1, src.Ply(), n.FEN, pos.FEN())
			}
			if src.Move.Kind() == chess.Castling {
				castled++
				if n.From != src.Move.From().String() || n.Text[NotationSAN][0] != 'O' {
					t.Errorf("game %d: castling %s from %s to %s", i+1, n.Text[NotationSAN], n.From, n.To)
				}
			}
		}
		if len(n.Children) != 0 {
			t.Errorf("game %d: the mainline goes on after the last move", i+1)
		}
	}
	if castled == 0 {
		t.Error("no castling move checked")
	}
}

// TestXiangqiNotations checks the three notations of known moves, and that
// the Chinese game's moves are those of its ICCS copy.
func TestXiangqiNotations(t *testing.T) {
	games, err := FromPGN(dataFile(t, "xiangqi/pgn/xiangqijs-4games-chinese.pgn"), Xiangqi)
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	tests := []struct {
		path               []int
		chinese, wxf, iccs string
		number             int
		second             bool
	}{
		{[]int{0}, "炮二平五", "C2.5", "h2e2", 1, false},
		{[]int{0, 0}, "馬８進７", "H8+7", "h9g7", 1, true},
		{[]int{0, 0, 0}, "傌二進三", "H2+3", "h0g2", 2, false},
	}
	for _, tt := range tests {
		n := path(t, g, tt.path...)
		got := [...]any{n.Text[NotationChinese], n.Text[NotationWXF], n.Text[NotationICCS], n.Number, n.Second, n.From + n.To}
		want := [...]any{tt.chinese, tt.wxf, tt.iccs, tt.number, tt.second, tt.iccs}
		if got != want {
			t.Errorf("move %v: got %v, want %v", tt.path, got, want)
		}
	}
	iccs, err := xqpgn.ReadAll(dataFile(t, "xiangqi/pgn/xiangqijs-4games-iccs.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range iccs {
		n := games[i].Nodes[0]
		for src := range want.Mainline() {
			n = games[i].Nodes[n.Children[0]]
			before, after := src.Parent.Position(), src.Position()
			if n.Text[NotationICCS] != before.UCI(src.Move) || n.FEN != after.FEN() {
				t.Fatalf("game %d: got %s %s, want %s %s", i+1, n.Text[NotationICCS], n.FEN, before.UCI(src.Move), after.FEN())
			}
		}
	}
}

// TestXiangqiVariations reads a GBK study with variations nested three deep.
func TestXiangqiVariations(t *testing.T) {
	games, err := FromPGN(dataFile(t, "xiangqi/pgn/hbsxcjp-01-chinese-variations-gbk.pgn"), Xiangqi)
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	checkLinks(t, g)
	depth, comments := maxVariationDepth(g, 0), 0
	for _, n := range g.Nodes {
		if n.Comment != "" {
			comments++
		}
	}
	if depth < 2 || comments == 0 {
		t.Errorf("got variation depth %d and %d comments, want nested variations with comments", depth, comments)
	}
	if start, err := xiangqi.ParseFEN(g.Nodes[0].FEN); err != nil || start.SideToMove() != xiangqi.Red {
		t.Errorf("start FEN %q: %v", g.Nodes[0].FEN, err)
	}
	if !strings.Contains(g.Nodes[g.Nodes[0].Children[0]].Comment, "取胜") {
		t.Errorf("first comment not decoded from GBK: %q", g.Nodes[g.Nodes[0].Children[0]].Comment)
	}
}

// maxVariationDepth counts how deep variations nest below node i.
func maxVariationDepth(g Game, i int) int {
	deepest := 0
	for k, c := range g.Nodes[i].Children {
		d := maxVariationDepth(g, c)
		if k > 0 {
			d++
		}
		deepest = max(deepest, d)
	}
	return deepest
}

func TestFromPGNErrors(t *testing.T) {
	tests := []struct {
		text    string
		variant Board
		want    string
		game    int
	}{
		{"1. e4 e5 *\n\n1. e4 e5 2. Nf9 *\n", Chess, `game 2: line 3, column 13, at "Nf9"`, 2},
		{"[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７ 2. 车九进九 *\n", Xiangqi, "game 1: line 3", 1},
	}
	for _, tt := range tests {
		_, err := FromPGN(strings.NewReader(tt.text), tt.variant)
		var ge *GameError
		if !errors.As(err, &ge) || ge.Game != tt.game || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want a *GameError starting %q", tt.variant, err, tt.want)
		}
	}
	if _, err := FromPGN(strings.NewReader(""), "shogi"); !errors.Is(err, ErrVariant) {
		t.Errorf("unknown variant: got %v, want ErrVariant", err)
	}
}
