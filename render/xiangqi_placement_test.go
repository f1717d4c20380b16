package render

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

func TestParseXiangqiPlacement(t *testing.T) {
	pl, err := ParseXiangqiPlacement("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	down := 0
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		if _, ok := pl.FaceDown(s); ok {
			down++
		}
	}
	if down != 30 || pl.Side != xiangqi.Black || pl.KingSquare(xiangqi.Red) != xiangqi.E0 {
		t.Errorf("%d face down, side %v, red general on %v", down, pl.Side, pl.KingSquare(xiangqi.Red))
	}
	if c, ok := pl.FaceDown(xiangqi.A0); !ok || c != xiangqi.Red {
		t.Errorf("a0: %v %v, want a red piece face down", c, ok)
	}
	for _, tt := range []struct{ fen, want string }{
		{"", "empty FEN"},
		{"9/9/9", "3 ranks"},
		{"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXXX w", "rank 0: more than 9"},
		{"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/8/XXXXKXXXX w", "rank 1: 8 points"},
		{"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXQ w", `rank 0: piece "Q"`},
		{"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX z", "side to move"},
	} {
		if _, err := ParseXiangqiPlacement(tt.fen); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseXiangqiPlacement(%q) = %v, want an error saying %q", tt.fen, err, tt.want)
		}
	}
}

// TestDrawXiangqiPlacement: face-down pieces are drawn as backs, without a
// character; a placement of face-up pieces only draws as the position does.
func TestDrawXiangqiPlacement(t *testing.T) {
	pl, _ := ParseXiangqiPlacement("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w")
	d, err := DrawXiangqiPlacement(&pl, Options{Size: 360})
	if err != nil {
		t.Fatal(err)
	}
	svg := svgOf(t, d)
	if n := strings.Count(svg, "face-down"); n != 30 {
		t.Errorf("%d face-down pieces drawn, want 30", n)
	}
	if n := strings.Count(svg, "king"); n != 2 {
		t.Errorf("%d generals drawn, want 2", n)
	}
	p := xiangqi.StartPosition()
	want, _ := Xiangqi(&p, Options{Size: 360})
	up, _ := ParseXiangqiPlacement(p.FEN())
	got, _ := DrawXiangqiPlacement(&up, Options{Size: 360})
	if svgOf(t, got) != svgOf(t, want) {
		t.Error("the start position drawn as a placement differs from the position")
	}
}

func FuzzParseXiangqiPlacement(f *testing.F) {
	f.Add("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1")
	f.Add("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
	f.Fuzz(func(t *testing.T, fen string) {
		pl, err := ParseXiangqiPlacement(fen)
		if err != nil {
			return
		}
		if _, err := DrawXiangqiPlacement(&pl, Options{Size: 90}); err != nil {
			t.Errorf("a placement that parsed does not draw: %v", err)
		}
	})
}

// svgOf writes d as SVG text.
func svgOf(t *testing.T, d *Drawing) string {
	t.Helper()
	var sb strings.Builder
	if err := d.WriteSVG(&sb); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}
