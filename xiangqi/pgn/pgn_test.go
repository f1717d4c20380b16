package pgn

import (
	"bytes"
	"cmp"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/internal/charset"
	"github.com/gambitchess/gambit/xiangqi"
)

func readPGNFile(t *testing.T, name string) ([]*Game, []byte, error) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dataDir(t), "pgn", name))
	if err != nil {
		t.Fatalf("pgn data: %v", err)
	}
	data, _ := charset.Decode(raw, charset.GBK) // xqbase files are GBK
	games, err := ReadAll(bytes.NewReader(data))
	return games, data, err
}

func sameTree(a, b *Node) bool {
	if a.Move != b.Move || a.Comment != b.Comment || a.StartingComment != b.StartingComment || len(a.Children) != len(b.Children) {
		return false
	}
	for i := range a.Children {
		if !sameTree(a.Children[i], b.Children[i]) {
			return false
		}
	}
	return true
}

func countNodes(n *Node) int {
	c := 1
	for _, ch := range n.Children {
		c += countNodes(ch)
	}
	return c
}

// TestPGNFiles reads every PGN file of the shared data (GBK files decoded
// first) and round-trips each game through the writer in all three notations.
func TestPGNFiles(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(dataDir(t), "pgn", "*.pgn"))
	wantGames := map[string]int{
		"xiangqijs-4games-chinese.pgn":          4,
		"xiangqijs-4games-iccs.pgn":             4,
		"cg245.pgn":                             1,
		"cg300.pgn":                             1,
		"hbsxcjp-01-iccs-variations-gbk.pgn":    1,
		"hbsxcjp-01-chinese-variations-gbk.pgn": 1,
		"cchess-test-gbk.pgn":                   1,
		"cchess-test2-gbk.pgn":                  1,
		"cchess-endgame-gbk.pgn":                1,
	}
	seen := 0
	for _, file := range files {
		name := filepath.Base(file)
		if _, ok := wantGames[name]; ok {
			seen++
		}
		t.Run(name, func(t *testing.T) {
			games, _, err := readPGNFile(t, name)
			if err != nil {
				t.Fatal(err)
			}
			if want, ok := wantGames[name]; ok && len(games) != want {
				t.Errorf("read %d games, want %d", len(games), want)
			}
			for i, g := range games {
				for _, f := range []Notation{NotationChinese, NotationICCS, NotationWXF} {
					var buf bytes.Buffer
					if err := Write(&buf, g, WriteOptions{Notation: f}); err != nil {
						t.Fatal(err)
					}
					back, err := ReadAll(&buf)
					if err != nil || len(back) != 1 {
						t.Fatalf("game %d in %s: reading back: %v\n%s", i+1, f, err, buf.String())
					}
					if !sameTree(g.Root, back[0].Root) || g.Root.Comment != back[0].Root.Comment {
						t.Errorf("game %d in %s: tree differs after round trip", i+1, f)
					}
					if want := cmp.Or(g.Result, "*"); want != back[0].Result || g.ResultComment != back[0].ResultComment {
						t.Errorf("game %d in %s: result %q %q, want %q %q", i+1, f, back[0].Result, back[0].ResultComment, want, g.ResultComment)
					}
					if len(g.Tags) != len(back[0].Tags) {
						t.Errorf("game %d in %s: %d tags, want %d", i+1, f, len(back[0].Tags), len(g.Tags))
					}
				}
			}
		})
	}
	if seen != len(wantGames) {
		t.Errorf("found %d of the %d PGN files expected in %s", seen, len(wantGames), filepath.Join(dataDir(t), "pgn"))
	}
}

func TestPGNChineseMatchesICCS(t *testing.T) {
	zh, _, err := readPGNFile(t, "xiangqijs-4games-chinese.pgn")
	if err != nil {
		t.Fatal(err)
	}
	iccs, _, err := readPGNFile(t, "xiangqijs-4games-iccs.pgn")
	if err != nil {
		t.Fatal(err)
	}
	for i := range min(len(zh), len(iccs)) {
		a, b := zh[i].MainlineMoves(), iccs[i].MainlineMoves()
		if len(a) == 0 || len(a) != len(b) {
			t.Errorf("game %d: %d Chinese moves, %d ICCS moves", i+1, len(a), len(b))
			continue
		}
		for j := range a {
			if a[j] != b[j] {
				t.Errorf("game %d ply %d: %s vs %s", i+1, j+1, a[j], b[j])
				break
			}
		}
	}
	if n := len(zh[0].MainlineMoves()); n != 143 {
		t.Errorf("game 1: %d plies, want 143", n)
	}
	if zh[3].Tags.Get("FEN") == "" || !strings.Contains(zh[3].Root.Children[0].Children[0].Comment, "中炮") {
		t.Errorf("game 4: FEN tag or first comment missing")
	}
}

func TestPGNVariations(t *testing.T) {
	games, _, err := readPGNFile(t, "hbsxcjp-01-iccs-variations-gbk.pgn")
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	// 44 moves in file order (the notation-vectors count), plus the root.
	if n := countNodes(g.Root); n != 45 {
		t.Errorf("%d nodes, want 45", n)
	}
	if got := len(g.Root.Children); got != 2 {
		t.Errorf("%d first moves, want 2 (main line and one variation)", got)
	}
	main := g.MainlineMoves()
	if len(main) != 7 || main[0].String() != "f2g4" || main[6].String() != "e5g6" {
		t.Errorf("main line %v", main)
	}
}

func TestPGNWrite(t *testing.T) {
	in := `[Game "Chinese Chess"]
[Red "A"]
[Black "B"]
[Result "1-0"]

{start} 1. h2e2 {central cannon} h9g7 (1... h7e7 2. h0g2) 2. h0g2 1-0 {red wins}
`
	games, err := ReadAll(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, games[0], WriteOptions{Notation: NotationChinese}); err != nil {
		t.Fatal(err)
	}
	want := `[Game "Chinese Chess"]
[Red "A"]
[Black "B"]
[Result "1-0"]
[Format "Chinese"]

{start} 1. 炮二平五 {central cannon} 1... 馬８進７ (1... 砲８平５ 2. 傌二進三) 2. 傌二進三 1-0
{red wins}

`
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestPGNWriteScripts writes Chinese moves in each script, each read back
// to the same moves.
func TestPGNWriteScripts(t *testing.T) {
	in := "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 h7h3 *\n"
	tests := []struct {
		script xiangqi.Script
		want   string
	}{
		{xiangqi.Traditional, "1. 炮二平五 馬８進７ 2. 傌二進三 車９平８ 3. 俥一平二 砲８進４ *"},
		{xiangqi.Simplified, "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 炮８进４ *"},
	}
	for _, tt := range tests {
		games, err := ReadAll(strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, games[0], WriteOptions{Notation: NotationChinese, Script: tt.script}); err != nil {
			t.Fatal(err)
		}
		_, moves, _ := strings.Cut(buf.String(), "\n\n")
		if got := strings.TrimSpace(moves); got != tt.want {
			t.Errorf("%v: got %s, want %s", tt.script, got, tt.want)
		}
		back, err := ReadAll(strings.NewReader(buf.String()))
		if err != nil || len(back) != 1 || len(back[0].MainlineMoves()) != 6 {
			t.Errorf("%v: reading back %q: %v", tt.script, buf.String(), err)
		}
	}
}

func TestPGNErrors(t *testing.T) {
	for _, in := range []string{
		"[Event \"x\"\n1. h2e2",
		"[Event x]\n1. h2e2",
		"1. h2e2 (h9g7",
		"1. h2e2 )",
		"( 1. h2e2 )",
		"1. h2e2 {unclosed",
		"1. h2e3",
		"[FEN \"bad\"]\n1. h2e2",
	} {
		if _, err := ReadAll(strings.NewReader(in)); err == nil {
			t.Errorf("ReadAll(%q): no error", in)
		}
	}
}

// TestPGNTrailerAfterResult: text after the result token (xqbase's
// advertising) is not read as moves.
func TestPGNTrailerAfterResult(t *testing.T) {
	games, err := ReadAll(strings.NewReader("1. 炮二平五 *\n======\n欢迎访问 马８进７\n"))
	if err != nil || len(games) != 1 {
		t.Fatalf("got %d games, %v", len(games), err)
	}
	if n := len(games[0].MainlineMoves()); n != 1 || games[0].Result != "*" {
		t.Errorf("%d moves, result %q; want 1 move and *", n, games[0].Result)
	}
}

func TestPGNTagEscapes(t *testing.T) {
	g := &Game{Root: &Node{pos: xiangqi.StartPosition()}}
	g.Tags.Set("Event", `a "quoted" ] \ event`)
	var buf bytes.Buffer
	if err := Write(&buf, g, WriteOptions{Notation: NotationICCS}); err != nil {
		t.Fatal(err)
	}
	back, err := ReadAll(&buf)
	if err != nil || len(back) != 1 {
		t.Fatalf("read back: %v", err)
	}
	if got := back[0].Tags.Get("Event"); got != `a "quoted" ] \ event` {
		t.Errorf("Event = %q", got)
	}
}

// TestPGNGBKFiles checks the GBK files after decoding: names and moves in
// Chinese, and the Chinese and ICCS versions of one study giving one tree.
func TestPGNGBKFiles(t *testing.T) {
	games, _, err := readPGNFile(t, "cchess-test-gbk.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if got := games[0].Tags.Get("Red"); got != "象棋巫师(大师)" {
		t.Errorf("Red tag %q, want 象棋巫师(大师)", got)
	}
	if n := len(games[0].MainlineMoves()); n != 25 && n != 26 {
		t.Errorf("cchess-test-gbk.pgn: %d plies, want the 13-move opening", n)
	}
	zh, _, err := readPGNFile(t, "hbsxcjp-01-chinese-variations-gbk.pgn")
	if err != nil {
		t.Fatal(err)
	}
	iccs, _, err := readPGNFile(t, "hbsxcjp-01-iccs-variations-gbk.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if !sameMoves(zh[0].Root, iccs[0].Root) {
		t.Error("the Chinese and ICCS versions of the study differ")
	}
}

// sameMoves compares two game trees move by move, ignoring comments.
func sameMoves(a, b *Node) bool {
	if a.Move != b.Move || len(a.Children) != len(b.Children) {
		return false
	}
	for i := range a.Children {
		if !sameMoves(a.Children[i], b.Children[i]) {
			return false
		}
	}
	return true
}
