package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	css := filepath.Join(dir, "board.css")
	if err := os.WriteFile(css, []byte(".square.dark { fill: #8ca2ad }"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  string // prefix of stdout
		wantErr  string // exact stderr
	}{
		{"svg to stdout", []string{"render", "--coords", "--lastmove", "e2e4", "--arrows", "Ge2e4,Rb1c3", "--squares", "Ga4"}, 0, `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"`, ""},
		{"css", []string{"render", "--css", css}, 0, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"400\" viewBox=\"0 0 400 400\">\n<style><![CDATA[\n.square.dark { fill: #8ca2ad }\n]]></style>", ""},
		{"xiangqi", []string{"render", "--variant", "xiangqi", "--size", "450", "--coords", "--coord-style", "traditional", "--flip"}, 0, `<svg xmlns="http://www.w3.org/2000/svg" width="450" height="495"`, ""},
		{"text", []string{"render", "--text", "--ascii", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "--flip"}, 0, "1 . . . K . . . .\n", ""},
		{"text xiangqi", []string{"render", "--text", "--variant", "xiangqi", "--coord-style", "traditional"}, 0, "１２３４５６７８９\n車馬象士將士象馬車\n", ""},
		{"bad fen", []string{"render", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"}, 2, "",
			"gambit: render: --fen: field 2 (side to move): malformed field: \"x\", want w or b (see gambit help)\n"},
		{"bad xiangqi fen", []string{"render", "--variant", "xiangqi", "--fen", "9/9 w"}, 2, "", "gambit: render: --fen: field 1: "},
		{"arrow off the board", []string{"render", "--arrows", "Ge2e9"}, 2, "", "gambit: render: --arrows: arrow Ge2e9: e9 is not a chess square (see gambit help)\n"},
		{"bad arrow colour", []string{"render", "--arrows", "Xe2e4"}, 2, "", "gambit: render: --arrows: bad mark: colour 'X' (want G, R, Y or B) (see gambit help)\n"},
		{"square off the board", []string{"render", "--squares", "Ga9"}, 2, "", "gambit: render: --squares: square Ga9: a9 is not a chess square (see gambit help)\n"},
		{"bad last move", []string{"render", "--lastmove", "e2"}, 2, "", "gambit: render: --lastmove: last move \"e2\": want UCI text like e2e4 (see gambit help)\n"},
		{"text xiangqi simplified", []string{"render", "--text", "--variant", "xiangqi", "--coord-style", "traditional", "--script", "simplified"}, 0, "１２３４５６７８９\n车马象士将士象马车\n", ""},
		{"bad script", []string{"render", "--variant", "xiangqi", "--script", "hanzi"}, 2, "", "gambit: render: --script: unknown script \"hanzi\" (want traditional or simplified) (see gambit help)\n"},
		{"bad coord style", []string{"render", "--coord-style", "wxf"}, 2, "", "gambit: render: --coord-style: unknown style \"wxf\" (want iccs or traditional) (see gambit help)\n"},
		{"bad pieces", []string{"render", "--pieces", "alpha"}, 2, "", "gambit: render: --pieces: unknown set \"alpha\" (want cburnett or glyph) (see gambit help)\n"},
		{"bad format", []string{"render", "-o", filepath.Join(dir, "b.jpg")}, 2, "", "unknown format \".jpg\" (want .svg, .png or .gif)"},
		{"too large", []string{"render", "--size", "100000"}, 2, "", "gambit: render: --size: 100000 is too large (at most 4096) (see gambit help)\n"},
		{"missing css", []string{"render", "--css", filepath.Join(dir, "none.css")}, 2, "", "gambit: render: --css: open "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tc.args, strings.NewReader(""), &out, &errOut)
			if code != tc.wantCode {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.wantCode, errOut.String())
			}
			if !strings.HasPrefix(out.String(), tc.wantOut) {
				t.Errorf("stdout begins %q, want %q", clipText(out.String()), tc.wantOut)
			}
			e := errOut.String()
			if tc.wantErr == "" && e != "" || !strings.Contains(e, tc.wantErr) || strings.Count(e, "\n") > 1 {
				t.Errorf("stderr %q, want one line containing %q", e, tc.wantErr)
			}
		})
	}
}

func clipText(s string) string {
	if len(s) > 200 {
		return s[:200]
	}
	return s
}

func TestRenderPNGFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "board.png")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"render", "--size", "240", "--pieces", "glyph", "-o", out}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 240 || b.Dy() != 240 {
		t.Errorf("image %v, want 240×240", b)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout %q, want nothing with -o", stdout.String())
	}
}

func TestRenderPGN(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "game.pgn")
	text := "[Event \"bad\"]\n\n1. e4 Ke7 2. Ke3 *\n\n" +
		"[Event \"fool\"]\n[Result \"0-1\"]\n\n1. f3 {[%csl Gf3]} e5 2. g4 {[%cal Rd8h4]} Qh4# 0-1\n"
	if err := os.WriteFile(game, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	gifFile := filepath.Join(dir, "game.gif")
	var out, errOut bytes.Buffer
	if code := run([]string{"render", "--pgn", game, "--game", "2", "--size", "160", "-o", gifFile}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	f, err := os.Open(gifFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 5 {
		t.Errorf("%d frames, want 5 (the start and 4 plies)", len(g.Image))
	}
	out.Reset()
	if code := run([]string{"render", "--pgn", game, "--game", "2"}, strings.NewReader(""), &out, &errOut); code != 0 || !strings.Contains(out.String(), `class="checker"`) {
		t.Errorf("final position as SVG: exit %d, checker marked: %v", code, strings.Contains(out.String(), `class="checker"`))
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--game", "1"}, 1, "game.pgn:3:7: game 1: \"Ke7\": chess: illegal move"},
		{[]string{"--game", "3"}, 1, "gambit: render: --game: " + game + " has 2 game(s), not 3\n"},
		{[]string{"--text"}, 2, "gambit: render: --text: not with --pgn (see gambit help)\n"},
	} {
		errOut.Reset()
		code := run(append([]string{"render", "--pgn", game}, tc.args...), strings.NewReader(""), io.Discard, &errOut)
		if code != tc.code || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut.String(), tc.code, tc.want)
		}
	}
}

// FuzzRenderInputs feeds the render command's inputs (variant, FEN, arrows,
// squares, last move) through the functions the CLI uses: they may refuse,
// never panic, and whatever they accept must draw.
func FuzzRenderInputs(f *testing.F) {
	f.Add(uint8(0), "", "Ge2e4,Rb1c3", "Ga4", "e2e4")
	f.Add(uint8(1), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "Ye1h1", "", "e1h1")
	f.Add(uint8(2), "rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2", "Gh2e2", "Ri9", "h2e6")
	f.Add(uint8(0), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "Gd8d8", "Bh8", "d8h4")
	f.Fuzz(func(t *testing.T, v uint8, fen, arrows, squares, lastMove string) {
		fl := renderFlags{
			variant:    []string{variantChess, variantChess960, variantXiangqi}[v%3],
			fen:        fen,
			size:       48,
			coords:     v&4 != 0,
			flip:       v&8 != 0,
			check:      true,
			coordStyle: []string{"iccs", "traditional"}[v>>4&1],
			pieces:     []string{"cburnett", "glyph"}[v>>5&1],
			arrows:     arrows,
			squares:    squares,
			lastMove:   lastMove,
		}
		o, err := renderOptions(fl)
		if err != nil {
			return
		}
		d, err := boardDrawing(fl.variant, fl.fen, o)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "render: --") {
				t.Fatalf("error %q does not name its flag", err)
			}
			return
		}
		if err := d.WriteSVG(io.Discard); err != nil {
			t.Fatal(err)
		}
		d.Rasterize(1)
	})
}
