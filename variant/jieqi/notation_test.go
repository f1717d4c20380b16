package jieqi

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/xiangqi"
)

var update = flag.Bool("update", false, "rewrite the browser's notation vectors (web/test/testdata/jieqi-notation.json)")

// TestNotation writes moves of public positions in Chinese notation in
// both scripts and in WXF: a face-down piece as the piece of its point,
// same pieces on a file (advisors and elephants too, up to six soldiers)
// told apart front to rear.
func TestNotation(t *testing.T) {
	tests := []struct {
		name, fen, move string
		hant, hans, wxf string
	}{
		{"face-down cannon point, Red", StartFEN, "h2e2", "炮二平五", "炮二平五", "C2.5"},
		{"face-down chariot point, Red", StartFEN, "a0a1", "俥九進一", "车九进一", "R9+1"},
		{"face-down horse point, Red", StartFEN, "b0c2", "傌八進七", "马八进七", "H8+7"},
		{"face-down elephant point", StartFEN, "g0e2", "相三進五", "相三进五", "E3+5"},
		{"face-down advisor point", StartFEN, "f0e1", "仕四進五", "仕四进五", "A4+5"},
		{"face-down soldier point", StartFEN, "c3c4", "兵七進一", "兵七进一", "P7+1"},
		{"face-down cannon point takes", StartFEN, "b2b9", "炮八進七", "炮八进七", "C8+7"},
		{"face-down horse point, Black", "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX b - - 0 1", "b9c7", "馬２進３", "马２进３", "H2+3"},
		{"face-down cannon point, Black", "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX b - - 0 1", "h7e7", "砲８平５", "炮８平５", "C8.5"},
		{"general", StartFEN, "e0e1", "帥五進一", "帅五进一", "K5+1"},
		// A revealed advisor and a face-down one on one file: both go 進五.
		{"front advisor", "5k3/9/9/9/9/3A5/9/9/9/3XK4 w - - 0 1", "d4e5", "前仕進五", "前仕进五", "A++5"},
		{"rear advisor, face down", "5k3/9/9/9/9/3A5/9/9/9/3XK4 w - - 0 1", "d0e1", "後仕進五", "后仕进五", "A-+5"},
		{"front elephant", "5k3/9/9/9/2B6/9/9/9/9/2X1K4 w - - 0 1", "c5e7", "前相進五", "前相进五", "E++5"},
		// Two face-up chariots and a face-down one on file a.
		{"front of three chariots", "5k3/9/9/9/R8/R8/9/9/9/X3K4 w - - 0 1", "a5a6", "前俥進一", "前车进一", "R++1"},
		{"middle of three chariots", "5k3/9/9/9/R8/R8/9/9/9/X3K4 w - - 0 1", "a4b4", "中俥平八", "中车平八", "R9.8"},
		{"rear of three chariots", "5k3/9/9/9/R8/R8/9/9/9/X3K4 w - - 0 1", "a0b0", "後俥平八", "后车平八", "R-.8"},
		// Five soldiers face up and one face down on file a.
		{"front of six soldiers", "5k3/P8/P8/P8/P8/P8/X8/9/9/4K4 w - - 0 1", "a8b8", "前兵平八", "前兵平八", "P9.8"},
		{"second of six soldiers", "5k3/P8/P8/P8/P8/P8/X8/9/9/4K4 w - - 0 1", "a7b7", "二兵平八", "二兵平八", "P9.8"},
		{"sixth of six soldiers", "5k3/P8/P8/P8/P8/P8/X8/9/9/4K4 w - - 0 1", "a3b3", "六兵平八", "六兵平八", "P9.8"},
		// Two files with two soldiers each: the file replaces the piece.
		{"soldiers on two files", "5k3/9/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1", "c7c8", "前七進一", "前七进一", "7++1"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		m, err := ParseUCI(tt.move)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := p.Chinese(m); got != tt.hant {
			t.Errorf("%s: Chinese(%s) = %q, want %q", tt.name, tt.move, got, tt.hant)
		}
		if got := p.ChineseIn(m, xiangqi.Simplified); got != tt.hans {
			t.Errorf("%s: ChineseIn(%s, Simplified) = %q, want %q", tt.name, tt.move, got, tt.hans)
		}
		if got := p.WXF(m); got != tt.wxf {
			t.Errorf("%s: WXF(%s) = %q, want %q", tt.name, tt.move, got, tt.wxf)
		}
	}
}

// TestPlayedNotation adds what a move showed: 翻 and the piece turned up,
// 吃 and the piece taken face down, 吃暗子 where the reader does not know
// it; nothing for a piece taken face up.
func TestPlayedNotation(t *testing.T) {
	start := StartPosition()
	b2b9 := mustMove(t, "b2b9")
	tests := []struct {
		name            string
		before          Position
		pl              Played
		hant, hans, wxf string
	}{
		{"reveal", start, Played{Color: Red, Move: mustMove(t, "h2e2"), Revealed: Chariot}, "炮二平五 翻俥", "炮二平五 翻车", "C2.5=R"},
		{"reveal, Black", mustFEN(t, "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX b - - 0 1"),
			Played{Color: Black, Move: mustMove(t, "h7e7"), Revealed: Horse}, "砲８平５ 翻馬", "炮８平５ 翻马", "C8.5=H"},
		{"takes face down, known", start, Played{Color: Red, Move: b2b9, Revealed: Cannon, Captured: xiangqi.BlackChariot, CapturedDown: true}, "炮八進七 翻炮 吃車", "炮八进七 翻炮 吃车", "C8+7=CxR"},
		{"takes face down, unknown", start, Played{Color: Red, Move: b2b9, Revealed: Soldier, CapturedDown: true}, "炮八進七 翻兵 吃暗子", "炮八进七 翻兵 吃暗子", "C8+7=Px?"},
		{"takes face up", mustFEN(t, "4k4/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1"), Played{Color: Red, Move: mustMove(t, "e0e1"), Captured: xiangqi.BlackChariot}, "帥五進一", "帅五进一", "K5+1"},
	}
	for _, tt := range tests {
		if got := tt.pl.ChineseIn(&tt.before, xiangqi.Traditional); got != tt.hant {
			t.Errorf("%s: ChineseIn(Traditional) = %q, want %q", tt.name, got, tt.hant)
		}
		if got := tt.pl.ChineseIn(&tt.before, xiangqi.Simplified); got != tt.hans {
			t.Errorf("%s: ChineseIn(Simplified) = %q, want %q", tt.name, got, tt.hans)
		}
		if got := tt.pl.WXF(&tt.before); got != tt.wxf {
			t.Errorf("%s: WXF = %q, want %q", tt.name, got, tt.wxf)
		}
	}
}

// TestNotationOfGames writes every move of random games in both scripts
// and WXF: never empty, four characters before the marks, the same text
// from the true position as from the public one, and one script never in
// the other's characters.
func TestNotationOfGames(t *testing.T) {
	for game := range 20 {
		g := NewGame(fair.Seed{byte(game), 'n'})
		for ply := 0; ply < 150 && !g.Outcome().Over(); ply++ {
			moves := g.LegalMoves()
			m := moves[(ply*7+game)%len(moves)]
			truth := g.Position()
			public := g.View(NoColor).Position
			pl, err := g.Push(m)
			if err != nil {
				t.Fatal(err)
			}
			hant, hans := pl.ChineseIn(&truth, xiangqi.Traditional), pl.ChineseIn(&public, xiangqi.Simplified)
			if pub := pl.ChineseIn(&public, xiangqi.Traditional); pub != hant {
				t.Fatalf("game %d ply %d: %q from the true position, %q from the public one", game, ply, hant, pub)
			}
			if r := []rune(hant); len(r) < 4 || len(r) != len([]rune(hans)) {
				t.Fatalf("game %d ply %d: %q / %q", game, ply, hant, hans)
			}
			for _, r := range hans {
				if containsRune("俥傌帥將車馬砲進後", r) {
					t.Fatalf("game %d ply %d: simplified %q has traditional %c", game, ply, hans, r)
				}
			}
			if w := pl.WXF(&truth); len(w) < 4 {
				t.Fatalf("game %d ply %d: WXF %q", game, ply, w)
			}
		}
	}
}

func containsRune(s string, r rune) bool {
	for _, c := range s {
		if c == r {
			return true
		}
	}
	return false
}

func mustMove(t *testing.T, s string) Move {
	t.Helper()
	m, err := ParseUCI(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// notationVector is one move as both notation writers read it: the
// server's (this package) and the browser's (web/src/notation.ts, whose
// unit test reads the same file).
type notationVector struct {
	FEN    string `json:"fen"`    // the public position before the move
	UCI    string `json:"uci"`    // the move
	Reveal string `json:"reveal"` // what a face-down mover turned up as (FEN letter), as the step's ext says
	Took   string `json:"took"`   // the piece taken as the reader knows it (FEN letter, "?" taken face down unknown)
	Hant   string `json:"hant"`
	Hans   string `json:"hans"`
	WXF    string `json:"wxf"`
}

// vectorsFile is where the vectors live: beside the browser's unit tests,
// which compare notation.ts with them.
const vectorsFile = "../../web/test/testdata/jieqi-notation.json"

// notationVectors writes the moves of a few fixed random games, each take
// of a face-down piece twice (its captor's reading and a spectator's).
func notationVectors(t *testing.T) []notationVector {
	var out []notationVector
	for game := range 4 {
		g := NewGame(fair.Seed{byte(game), 'v'})
		for ply := 0; ply < 100 && !g.Outcome().Over(); ply++ {
			moves := g.LegalMoves()
			m := moves[(ply*11+game*5)%len(moves)]
			public := g.View(NoColor).Position
			pl, err := g.Push(m)
			if err != nil {
				t.Fatal(err)
			}
			readers := []Played{pl}
			if pl.CapturedDown {
				readers = append(readers, pl.SeenBy(NoColor))
			}
			for _, r := range readers {
				v := notationVector{FEN: public.FEN(), UCI: r.UCI(), Hant: r.ChineseIn(&public, xiangqi.Traditional),
					Hans: r.ChineseIn(&public, xiangqi.Simplified), WXF: r.WXF(&public)}
				if r.Revealed != NoPieceType {
					v.Reveal = string(xiangqi.NewPiece(r.Color, r.Revealed).Char())
				}
				switch {
				case r.Captured != xiangqi.NoPiece:
					v.Took = string(r.Captured.Char())
				case r.CapturedDown:
					v.Took = "?"
				}
				out = append(out, v)
			}
		}
	}
	return out
}

// TestNotationVectors keeps the browser's vectors what this package
// writes (go test -run NotationVectors -update ./variant/jieqi rewrites
// them).
func TestNotationVectors(t *testing.T) {
	got := []byte("[\n")
	for i, v := range notationVectors(t) {
		line, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 {
			got = append(got, ",\n"...)
		}
		got = append(got, line...)
	}
	got = append(got, "\n]\n"...)
	if *update {
		if err := os.WriteFile(vectorsFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(vectorsFile)
	if err != nil {
		t.Fatalf("%v (go test -run NotationVectors -update ./variant/jieqi writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what this package writes: go test -run NotationVectors -update ./variant/jieqi", vectorsFile)
	}
}
