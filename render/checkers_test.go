package render

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

func TestXiangqiCheckers(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want []string
	}{
		{"start", xiangqi.StartFEN, nil},
		{"cannon over a screen", xqCannon, []string{"e6"}},
		{"chariot", "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1", []string{"d1"}},
		{"chariot blocked", "3k5/9/3a5/9/9/9/9/9/3R5/4K4 b - - 0 1", nil},
		{"horse, leg free", "3k5/9/4N4/9/9/9/9/9/9/4K4 b - - 0 1", []string{"e7"}},
		{"horse, leg blocked", "3k5/4a4/4N4/9/9/9/9/9/9/4K4 b - - 0 1", nil},
		{"soldier ahead", "9/4k4/4P4/9/9/9/9/9/9/3K5 b - - 0 1", []string{"e7"}},
		{"soldier beside", "9/9/3kP4/9/9/9/9/9/9/4K4 b - - 0 1", []string{"e7"}},
		{"double check", "3k5/9/4N4/9/9/9/9/9/3R5/4K4 b - - 0 1", []string{"d1", "e7"}},
		{"black soldier", "4k4/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1", []string{"e1"}},
		{"black horse", "4k4/9/9/9/9/9/9/3n5/4A4/4K4 w - - 0 1", []string{"d2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := xiangqi.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range XiangqiCheckers(&p) {
				got = append(got, s.String())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("checkers %v, want %v", got, tc.want)
			}
			if p.InCheck() != (len(got) > 0) {
				t.Errorf("InCheck %v, but checkers %v", p.InCheck(), got)
			}
		})
	}
}

// TestXiangqiCheckersAgreeWithRules plays random games and compares the
// checkers found with the rules library's InCheck at every ply.
func TestXiangqiCheckersAgreeWithRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ml xiangqi.MoveList
	checks := 0
	for game := 0; game < 40; game++ {
		p := xiangqi.StartPosition()
		for ply := 0; ply < 150; ply++ {
			n := len(XiangqiCheckers(&p))
			if p.InCheck() != (n > 0) {
				t.Fatalf("%s: InCheck %v, %d checkers", p.FEN(), p.InCheck(), n)
			}
			if n > 0 {
				checks++
			}
			ml.Clear()
			p.GenerateLegal(&ml)
			if ml.Len() == 0 {
				break
			}
			var child xiangqi.Position
			p.MakeMove(ml.At(rng.IntN(ml.Len())), &child)
			p = child
		}
	}
	if checks == 0 {
		t.Error("no check came up: the test checks nothing")
	}
}

func TestGlyphsCoverEveryDrawnRune(t *testing.T) {
	var runes []rune
	for pc := xiangqi.Piece(1); pc < 16; pc++ {
		if pc.Type() != xiangqi.NoPieceType && pc.Type() <= xiangqi.Soldier {
			runes = append(runes, []rune(pc.Hanzi())...)
		}
	}
	runes = append(runes, traditionalNumerals...)
	runes = append(runes, []rune("楚河漢界abcdefghi0123456789♔♕♖♗♘♙♚♛♜♝♞♟")...)
	for _, r := range runes {
		if _, ok := glyphs()[r]; !ok {
			t.Errorf("no outline for %q", r)
		}
	}
	for i, shapes := range cburnettPieces() {
		if len(shapes) == 0 {
			t.Errorf("cburnett piece %d has no shapes", i)
		}
	}
}
