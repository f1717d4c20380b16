package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Fragments of the viewer's pieces: render's cburnett set (drawn on 45
// units scaled to 100), render's xiangqi disc, and the viewer's built-in
// pictures (a text element), which the command replaces.
const (
	cburnettMark     = `scale(2.22222)`
	xiangqiDiscMark  = `<circle cx="50" cy="50" r="45" fill="#f6e7c8"`
	builtinPieceMark = `<text x="50"`
)

func TestRenderHTML(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.pgn", "[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. d4 {</script>} d5 *\n")
	bad := write("games.pgn", "1. e4 e5 *\n\n1. d4 d5 *\n\n1. e4 e5 2. Nf9 *\n")
	xq := write("xq.pgn", "[Game \"Chinese Chess\"]\n[Red \"许银川\"]\n\n1. 炮二平五 马8进7 *\n")
	tests := []struct {
		args       []string
		code       int
		errWant    string
		pageWant   []string
		pageAbsent []string
	}{
		{args: []string{"--pgn", good}, code: 0, pageWant: []string{`"value":"A"`, `"value":"B"`, cburnettMark}, pageAbsent: []string{builtinPieceMark}},
		{args: []string{"--pgn", good, "--game", "2"}, code: 0, pageWant: []string{`"value":"B"`}, pageAbsent: []string{`"value":"A"`}},
		{args: []string{"--pgn", xq}, code: 0, pageWant: []string{`"variant":"xiangqi"`, `"wxf":"C2.5"`, xiangqiDiscMark}, pageAbsent: []string{builtinPieceMark}},
		{args: []string{"--pgn", xq, "--lang", "zh-CN"}, code: 0, pageWant: []string{`<html lang="zh-CN">`, `"chinese":"马８进７"`, `"title":"棋谱查看器"`}, pageAbsent: []string{`馬８進７`, "Game viewer"}},
		{args: []string{"--pgn", xq, "--lang", "zh-TW"}, code: 0, pageWant: []string{`<html lang="zh-TW">`, `"chinese":"馬８進７"`, `"title":"棋譜檢視器"`}, pageAbsent: []string{`马８进７`, "Game viewer"}},
		{args: []string{"--pgn", xq}, code: 0, pageWant: []string{`<html lang="en">`, `"chinese":"馬８進７"`, `"title":"Game viewer"`}},
		{args: []string{"--pgn", xq, "--lang", "fr"}, code: 2, errWant: `gambit: render: --lang: unknown language "fr" (want en, zh-TW or zh-CN)`},
		{args: []string{"--pgn", xq, "--variant", "chess"}, code: 1, errWant: "gambit: render: xq.pgn: game 1: "},
		{args: []string{"--pgn", bad}, code: 1, errWant: `gambit: render: games.pgn: game 3: line 5, column 13, at "Nf9": `},
		{args: []string{"--pgn", good, "--game", "3"}, code: 1, errWant: "gambit: render: good.pgn: game 3: no such game (the file has 2)"},
		{args: []string{"--pgn", filepath.Join(dir, "missing.pgn")}, code: 1, errWant: "gambit: render: open "},
		{args: []string{"--pgn", good, "--variant", "shogi"}, code: 2, errWant: `gambit: render: --variant: unknown variant "shogi" (want chess, chess960 or xiangqi)`},
		{args: []string{"--fen", "8/8/8/8/8/8/8/K6k w - - 0 1"}, code: 2, errWant: "gambit: render: --html needs --pgn FILE"},
	}
	for i, tt := range tests {
		out := filepath.Join(dir, "out.html")
		os.Remove(out)
		args := append([]string{"render"}, tt.args...)
		if len(tt.args) > 0 {
			args = append(args, "--html", out)
		}
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		if code != tt.code || !strings.HasPrefix(stderr.String(), tt.errWant) || strings.Count(stderr.String(), "\n") > 1 {
			t.Errorf("%d: %v: got exit %d and %q, want %d and %q", i, tt.args, code, stderr.String(), tt.code, tt.errWant)
		}
		page, err := os.ReadFile(out)
		if tt.code != 0 {
			if err == nil {
				t.Errorf("%d: %v: failed but wrote %s", i, tt.args, out)
			}
			continue
		}
		for _, want := range tt.pageWant {
			if !bytes.Contains(page, []byte(want)) {
				t.Errorf("%d: %v: page lacks %s", i, tt.args, want)
			}
		}
		for _, absent := range tt.pageAbsent {
			if bytes.Contains(page, []byte(absent)) {
				t.Errorf("%d: %v: page has %s", i, tt.args, absent)
			}
		}
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".out.html*")); len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}
