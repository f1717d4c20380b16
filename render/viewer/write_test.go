package viewer

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// page writes games with opts and returns the page.
func page(t *testing.T, games []Game, opts Options) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, games, opts); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return buf.String()
}

// TestGolden compares the page of a small game with testdata/small.golden
// (go test -update rewrites it), and checks that writing twice gives the
// same bytes.
func TestGolden(t *testing.T) {
	g := readOne(t, annotatedPGN, Chess)
	got := page(t, []Game{g}, Options{})
	if again := page(t, []Game{g}, Options{}); again != got {
		t.Fatal("two writes of the same game differ")
	}
	golden := filepath.Join("testdata", "small.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("page differs from %s (go test -update rewrites it after a wanted change)", golden)
	}
}

// TestScriptEscaping puts "</script>" and other markup in a comment and a
// tag: it must not end the data block, and must come back intact.
func TestScriptEscaping(t *testing.T) {
	const evil = `</script><script>alert(1)</script><!-- & "quoted"`
	g := readOne(t, annotatedPGN, Chess)
	g.Nodes[1].Comment = evil
	g.Tags = append(g.Tags, Tag{Name: "Annotator", Value: evil})
	out := page(t, []Game{g}, Options{})
	if strings.Contains(out, "alert(1)</script>") || strings.Count(out, "</script>") != 2 {
		t.Fatalf("the comment broke out of the data block:\n%s", out)
	}
	blob := dataBlock(t, out)
	var data gamesData
	if err := json.Unmarshal([]byte(blob), &data); err != nil {
		t.Fatalf("data block is not JSON: %v", err)
	}
	if data.Games[0].Nodes[1].Comment != evil || tagValue(data.Games[0].Tags, "Annotator") != evil {
		t.Errorf("got comment %q, want %q", data.Games[0].Nodes[1].Comment, evil)
	}
}

// dataBlock returns the text of the page's JSON data block.
func dataBlock(t *testing.T, page string) string {
	t.Helper()
	const open = `<script type="application/json" id="gambit-games">`
	_, rest, ok := strings.Cut(page, open)
	blob, _, ok2 := strings.Cut(rest, "</script>")
	if !ok || !ok2 {
		t.Fatal("no data block in the page")
	}
	return blob
}

// TestCSPHashes checks that ScriptHashes and StyleHashes are the hashes of
// exactly the inline scripts and styles of a page, and that the page has
// no inline event handler or javascript: URL.
func TestCSPHashes(t *testing.T) {
	g := readOne(t, annotatedPGN, Chess)
	out := page(t, []Game{g}, Options{})
	scripts := inlineHashes(out, regexp.MustCompile(`(?s)<script>(.*?)</script>`))
	styles := inlineHashes(out, regexp.MustCompile(`(?s)<style>(.*?)</style>`))
	if strings.Join(scripts, " ") != strings.Join(ScriptHashes(), " ") {
		t.Errorf("inline scripts hash to %v, ScriptHashes gives %v", scripts, ScriptHashes())
	}
	if strings.Join(styles, " ") != strings.Join(StyleHashes(), " ") {
		t.Errorf("inline styles hash to %v, StyleHashes gives %v", styles, StyleHashes())
	}
	if n := strings.Count(out, "<script"); n != 2 {
		t.Errorf("got %d script elements, want 2 (data and viewer)", n)
	}
	if regexp.MustCompile(`(?i)\son[a-z]+=|javascript:|style=`).MatchString(out) {
		t.Error("page has an inline event handler, style attribute or javascript: URL")
	}
	if regexp.MustCompile(`(?i)(src|href)="?(https?:)?//`).MatchString(out) {
		t.Error("page refers to a network resource")
	}
}

func inlineHashes(page string, re *regexp.Regexp) []string {
	var out []string
	for _, m := range re.FindAllStringSubmatch(page, -1) {
		out = append(out, cspHash(m[1]))
	}
	return out
}

func TestPieces(t *testing.T) {
	chessGame := readOne(t, annotatedPGN, Chess)
	xq := readOne(t, "1. h2e2 h9g7 *\n", Xiangqi)
	custom := map[string]string{
		"K":         `<svg viewBox="0 0 10 10"><rect id="my-king" width="10" height="10"/></svg>`,
		"xiangqi:K": `<svg viewBox="0 0 10 10"><circle id="my-general" r="5"/></svg>`,
	}
	out := page(t, []Game{chessGame, xq}, Options{Pieces: custom})
	for _, want := range []string{
		`<template id="piece-chess-K"><svg viewBox="0 0 10 10"><rect id="my-king"`,
		`<template id="piece-xiangqi-K"><svg viewBox="0 0 10 10"><circle id="my-general"`,
		`<template id="piece-chess-q">`, `將`, `♛`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if strings.Count(out, "<template ") != len(chessCodes)+len(xiangqiCodes) {
		t.Errorf("got %d piece templates, want %d", strings.Count(out, "<template "), len(chessCodes)+len(xiangqiCodes))
	}
	only := page(t, []Game{chessGame}, Options{})
	if strings.Contains(only, "piece-xiangqi") {
		t.Error("a chess-only page carries xiangqi pieces")
	}
}

func TestWriteErrors(t *testing.T) {
	g := readOne(t, annotatedPGN, Chess)
	tests := []struct {
		games []Game
		opts  Options
		want  error
	}{
		{nil, Options{}, ErrNoGames},
		{[]Game{g}, Options{Notation: "algebraic"}, ErrNotation},
		{[]Game{g}, Options{Pieces: map[string]string{"Q": "<svg><script>x()</script></svg>"}}, ErrPieceMarkup},
		{[]Game{{Variant: "shogi", Nodes: g.Nodes}}, Options{}, ErrVariant},
		{[]Game{{Variant: Chess}}, Options{}, ErrNoStart},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := Write(&buf, tt.games, tt.opts); !errors.Is(err, tt.want) || buf.Len() != 0 {
			t.Errorf("got %v and %d bytes written, want %v and nothing", err, buf.Len(), tt.want)
		}
	}
}

func TestTitle(t *testing.T) {
	xq := readOne(t, "[Red \"许银川\"]\n[Black \"吕钦\"]\n\n1. h2e2 *\n", Xiangqi)
	tests := []struct {
		g     Game
		title string
		want  string
	}{
		{readOne(t, annotatedPGN, Chess), "", "<title>Anna – Ben</title>"},
		{xq, "", "<title>许银川 – 吕钦</title>"},
		{xq, "A & B", "<title>A &amp; B</title>"},
		{readOne(t, "1. e4 *\n", Chess), "", "<title>Game viewer</title>"},
	}
	for _, tt := range tests {
		if out := page(t, []Game{tt.g}, Options{Title: tt.title}); !strings.Contains(out, tt.want) {
			t.Errorf("page lacks %s", tt.want)
		}
	}
}

// TestLanguages: the page's <html lang>, title and texts follow
// Options.Lang, and xiangqi's Chinese notation its script.
func TestLanguages(t *testing.T) {
	xq := readOne(t, "[Red \"许银川\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n", Xiangqi)
	anon := readOne(t, "1. e4 *\n", Chess)
	tests := []struct {
		lang, wantLang, title, text, flip string
		moves                             []string
	}{
		{"", "en", "许银川 – ?", "Game viewer", "Flip the board (F)", []string{"炮二平五", "馬８進７", "傌二進三", "車９平８"}},
		{"en", "en", "许银川 – ?", "Game viewer", "Flip the board (F)", []string{"炮二平五", "馬８進７", "傌二進三", "車９平８"}},
		{"zh-TW", "zh-TW", "许银川 對 ？", "棋譜檢視器", "翻轉棋盤（F 鍵）", []string{"炮二平五", "馬８進７", "傌二進三", "車９平８"}},
		{"zh-HK", "zh-TW", "许银川 對 ？", "棋譜檢視器", "翻轉棋盤（F 鍵）", []string{"炮二平五", "馬８進７", "傌二進三", "車９平８"}},
		{"zh-CN", "zh-CN", "许银川 对 ？", "棋谱查看器", "翻转棋盘（F 键）", []string{"炮二平五", "马８进７", "马二进三", "车９平８"}},
	}
	for _, tt := range tests {
		out := page(t, []Game{xq}, Options{Lang: tt.lang})
		if !strings.Contains(out, `<html lang="`+tt.wantLang+`">`) || !strings.Contains(out, "<title>"+tt.title+"</title>") {
			t.Errorf("%q: page lacks <html lang=%q> or <title>%s</title>", tt.lang, tt.wantLang, tt.title)
		}
		var data gamesData
		if err := json.Unmarshal([]byte(dataBlock(t, out)), &data); err != nil {
			t.Fatal(err)
		}
		if data.Text["title"] != tt.text || data.Text["flip"] != tt.flip {
			t.Errorf("%q: texts %q, %q; want %q, %q", tt.lang, data.Text["title"], data.Text["flip"], tt.text, tt.flip)
		}
		var moves []string
		for _, n := range data.Games[0].Nodes[1:] {
			moves = append(moves, n.Text[NotationChinese])
		}
		if strings.Join(moves, " ") != strings.Join(tt.moves, " ") {
			t.Errorf("%q: moves %v, want %v", tt.lang, moves, tt.moves)
		}
		if anonOut := page(t, []Game{anon}, Options{Lang: tt.lang}); !strings.Contains(anonOut, "<title>"+tt.text+"</title>") {
			t.Errorf("%q: a game without players lacks the title %s", tt.lang, tt.text)
		}
	}
	if xq.Nodes[2].Text[NotationChinese] != "馬８進７" {
		t.Error("writing a page in simplified characters changed the caller's game")
	}
	if err := Write(io.Discard, []Game{xq}, Options{Lang: "fr"}); !errors.Is(err, ErrLang) {
		t.Errorf("Lang fr: %v, want ErrLang", err)
	}
}

// TestTagsInTheLanguage: the tags' names are in the page's texts (its
// script shows them by name), and a Termination Gambit writes is worded in
// the page's language, xiangqi's stalemate as the loss it is; the
// caller's games are not changed, and English keeps the PGN's words.
func TestTagsInTheLanguage(t *testing.T) {
	xq := readOne(t, "[Game \"Chinese Chess\"]\n[Format \"Chinese\"]\n[Termination \"stalemate\"]\n\n1. 炮二平五 馬８進７ 0-1\n", Xiangqi)
	chess := readOne(t, "[Termination \"resignation\"]\n[Round \"-\"]\n\n1. e4 0-1\n", Chess)
	tests := []struct {
		lang, xq, chess, event, termination, game, format string
	}{
		{"en", "stalemate", "resignation", "Event", "Termination", "Chinese Chess", "Chinese"},
		{"zh-TW", "困斃", "認輸", "賽事", "結束方式", "象棋", "中文記譜"},
		{"zh-CN", "困毙", "认输", "赛事", "结束方式", "中国象棋", "中文记谱"},
	}
	for _, tt := range tests {
		var data gamesData
		if err := json.Unmarshal([]byte(dataBlock(t, page(t, []Game{xq, chess}, Options{Lang: tt.lang}))), &data); err != nil {
			t.Fatal(err)
		}
		if got := tagValue(data.Games[0].Tags, "Termination"); got != tt.xq {
			t.Errorf("%s: xiangqi's stalemate reads %q, want %q", tt.lang, got, tt.xq)
		}
		if got, format := tagValue(data.Games[0].Tags, "Game"), tagValue(data.Games[0].Tags, "Format"); got != tt.game || format != tt.format {
			t.Errorf("%s: xqbase's Game and Format read %q, %q; want %q, %q", tt.lang, got, format, tt.game, tt.format)
		}
		if got := tagValue(data.Games[1].Tags, "Termination"); got != tt.chess {
			t.Errorf("%s: a resignation reads %q, want %q", tt.lang, got, tt.chess)
		}
		if data.Text["tag.Event"] != tt.event || data.Text["tag.Termination"] != tt.termination {
			t.Errorf("%s: tag names %q, %q; want %q, %q", tt.lang, data.Text["tag.Event"], data.Text["tag.Termination"], tt.event, tt.termination)
		}
	}
	if tagValue(chess.Tags, "Termination") != "resignation" {
		t.Error("writing a page in Chinese changed the caller's tags")
	}
	if !strings.Contains(script, "T['tag.' + t.name]") {
		t.Error("the page's script does not name the tags by the texts")
	}
}

func TestOptionsReachThePage(t *testing.T) {
	g := readOne(t, "1. h2e2 h9g7 *\n", Xiangqi)
	var data gamesData
	blob := dataBlock(t, page(t, []Game{g}, Options{Notation: NotationWXF, Flipped: true}))
	if err := json.Unmarshal([]byte(blob), &data); err != nil {
		t.Fatal(err)
	}
	if data.Notation != NotationWXF || !data.Flipped || len(data.Games) != 1 {
		t.Errorf("got notation %q, flipped %v, %d games", data.Notation, data.Flipped, len(data.Games))
	}
}
