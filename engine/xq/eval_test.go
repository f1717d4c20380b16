package xq

import (
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

var evalFENs = []string{
	xiangqi.StartFEN,
	"r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w",
	"3k5/r8/9/9/9/9/9/9/4A4/3AK4 b",
	"2bak4/4a4/4b4/9/9/9/9/9/4C4/R3K4 w",
	"3akab2/9/4b4/p3p3p/2pn2R2/9/P3c1P1P/4B4/4A4/2BAK4 w",
	"4k4/4a4/4P4/9/9/9/9/9/9/4K4 w",
}

// TestEvaluateSymmetry: the evaluation of a position equals that of the
// same position with colours swapped and the board turned.
func TestEvaluateSymmetry(t *testing.T) {
	for _, fen := range evalFENs {
		p := mustFEN(t, fen)
		m := mustFEN(t, mirrorFEN(fen))
		if a, b := Evaluate(&p), Evaluate(&m); a != b {
			t.Errorf("%s: %d, mirrored %d", fen, a, b)
		}
	}
}

// TestEvaluateStart: the start position is balanced apart from the tempo
// of nothing: both sides have the same terms.
func TestEvaluateStart(t *testing.T) {
	p := xiangqi.StartPosition()
	if v := Evaluate(&p); v != 0 {
		t.Errorf("start position: %d, want 0", v)
	}
}

// TestEvaluateMaterial: material dominates the evaluation.
func TestEvaluateMaterial(t *testing.T) {
	for _, tc := range []struct {
		fen    string
		lo, hi int
	}{
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w", -1200, -700}, // Red without a chariot
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R w", -550, -300},  // without a horse
		{"3k5/9/9/9/9/9/9/9/9/4K4 w", 0, 0},
		{"3k5/9/9/9/4P4/9/9/9/9/4K4 w", 150, 300}, // a crossed soldier
	} {
		p := mustFEN(t, tc.fen)
		if v := Evaluate(&p); v < tc.lo || v > tc.hi {
			t.Errorf("%s: %d, want %d..%d", tc.fen, v, tc.lo, tc.hi)
		}
	}
}
