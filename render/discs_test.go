package render

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

// discMidgame is a board of 8×4 squares in play: face-up pieces of both
// sides, face-down ones and empty squares.
const discMidgame = "xpxxxxxx/1Rxx2xx/xxxxcxxx/xxxAxxkx b r 3 12"

func TestParseDiscPlacement(t *testing.T) {
	pl, err := ParseDiscPlacement(discMidgame)
	if err != nil {
		t.Fatal(err)
	}
	down := 0
	for _, d := range pl.Down {
		if d {
			down++
		}
	}
	at := func(f, r int) xiangqi.Piece { return pl.Board[r*pl.Files+f] }
	if pl.Files != 8 || pl.Ranks != 4 || down != 24 || at(3, 0) != xiangqi.NewPiece(xiangqi.Red, xiangqi.Advisor) ||
		at(1, 2) != xiangqi.NewPiece(xiangqi.Red, xiangqi.Chariot) || at(1, 3) != xiangqi.NewPiece(xiangqi.Black, xiangqi.Soldier) || pl.Down[2*8+4] {
		t.Errorf("%d×%d, %d face down, d1 %v, b3 %v, b4 %v", pl.Files, pl.Ranks, down, at(3, 0), at(1, 2), at(1, 3))
	}
	for _, tt := range []struct{ fen, want string }{
		{"", "empty FEN"},
		{"8/8/8/8/8/8/8/8/8/8", "10 ranks"},
		{"8/8/7/8", "rank 2: 7 squares, want 8"},
		{"xxxxxxxxxx/8", "rank 2: more than 9"},
		{"8/8/8/Q7", `rank 1: piece "Q"`},
		{"8//8/8", "rank 3: 0 squares"},
	} {
		if _, err := ParseDiscPlacement(tt.fen); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseDiscPlacement(%q) = %v, want an error saying %q", tt.fen, err, tt.want)
		}
	}
}

// TestDrawDiscPlacement: every face-down piece drawn as a plain disc,
// every face-up one as xiangqi's; a flip's last move marks its one
// square; the board is twice as wide as high; marks off the board fail.
func TestDrawDiscPlacement(t *testing.T) {
	pl, _ := ParseDiscPlacement(discMidgame)
	d, err := DrawDiscPlacement(&pl, Options{Size: 400, LastMove: "e3e3"})
	if err != nil {
		t.Fatal(err)
	}
	svg := svgOf(t, d)
	if n := strings.Count(svg, `class="piece face-down"`); n != 24 {
		t.Errorf("%d face-down pieces drawn, want 24", n)
	}
	for _, want := range []string{"piece red advisor", "piece red chariot", "piece black soldier", "piece black cannon", "piece black king"} {
		if !strings.Contains(svg, want) {
			t.Errorf("no %q drawn", want)
		}
	}
	if n := strings.Count(svg, `class="lastmove"`); n != 2 {
		t.Errorf("%d last-move squares, want the flipped square twice", n)
	}
	if d.Width != 400 || d.Height != 200 {
		t.Errorf("drawn %v×%v, want 400×200", d.Width, d.Height)
	}
	if _, err := DrawDiscPlacement(&pl, Options{Marks: mustMarks(t, "[%csl Ga5]")}); err == nil {
		t.Error("a mark on a5, off a board of four ranks, was drawn")
	}
	if _, err := DrawDiscPlacement(&pl, Options{LastMove: "i1i1"}); err == nil {
		t.Error("a last move off the board was drawn")
	}
	var buf bytes.Buffer
	if err := PNG(&buf, d); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil || img.Bounds().Dx() != 400 || img.Bounds().Dy() != 200 {
		t.Errorf("PNG: %v, %v", img.Bounds(), err)
	}
}

func TestGoldenDiscs(t *testing.T) {
	for _, tc := range []struct {
		name string
		fen  string
		o    Options
	}{
		{"discs-start", "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx w - 0 1", Options{Coordinates: true}},
		{"discs-midgame", discMidgame, Options{Flipped: true, Coordinates: true, Script: xiangqi.Simplified, LastMove: "b2b3",
			Marks: mustMarks(t, "[%csl Gd1] [%cal Rb3b4]")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pl, err := ParseDiscPlacement(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			d, err := DrawDiscPlacement(&pl, tc.o)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tc.name, d)
		})
	}
}

func FuzzParseDiscPlacement(f *testing.F) {
	f.Add("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx w - 0 1")
	f.Add(discMidgame)
	f.Add("3/1x1/K2")
	f.Fuzz(func(t *testing.T, fen string) {
		pl, err := ParseDiscPlacement(fen)
		if err != nil {
			return
		}
		if _, err := DrawDiscPlacement(&pl, Options{Size: 90, Coordinates: true}); err != nil {
			t.Errorf("a placement that parsed does not draw: %v", err)
		}
	})
}
