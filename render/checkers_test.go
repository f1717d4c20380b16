package render

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
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
			runes = append(runes, []rune(pc.HanziIn(xiangqi.Traditional))...)
			runes = append(runes, []rune(pc.HanziIn(xiangqi.Simplified))...)
		}
	}
	runes = append(runes, traditionalNumerals...)
	runes = append(runes, []rune("楚河漢界汉abcdefghi0123456789♔♕♖♗♘♙♚♛♜♝♞♟")...)
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

// TestXiangqiScript: a board in simplified characters draws 帅 马 车 and
// 汉界 where the traditional one draws 帥 傌 俥 and 漢界, and the pieces
// both scripts share (炮 相 仕 兵) in each.
func TestXiangqiScript(t *testing.T) {
	p := xiangqi.StartPosition()
	uses := func(s xiangqi.Script) string {
		d, err := Xiangqi(&p, Options{Script: s})
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		if err := d.WriteSVG(&sb); err != nil {
			t.Fatal(err)
		}
		return sb.String()
	}
	id := func(r rune) string { return fmt.Sprintf(`"#glyph-%x"`, r) }
	for _, tc := range []struct {
		script     xiangqi.Script
		want, nots string
	}{
		{xiangqi.Traditional, "帥傌俥將馬車砲漢炮相仕兵", "帅马车将汉"},
		{xiangqi.Simplified, "帅马车将汉炮相仕兵卒", "帥傌俥將馬車砲漢"},
	} {
		svg := uses(tc.script)
		for _, r := range tc.want {
			if !strings.Contains(svg, id(r)) {
				t.Errorf("%v: no %q drawn", tc.script, r)
			}
		}
		for _, r := range tc.nots {
			if strings.Contains(svg, id(r)) {
				t.Errorf("%v: %q drawn", tc.script, r)
			}
		}
	}
}
