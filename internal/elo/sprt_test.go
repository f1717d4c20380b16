package elo

import (
	"fmt"
	"math"
	"testing"
)

func TestSPRTBounds(t *testing.T) {
	lo, hi := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.Bounds()
	// ln(0.05/0.95) = -2.944439.
	if math.Abs(lo+2.944439) > 1e-6 || math.Abs(hi-2.944439) > 1e-6 {
		t.Errorf("bounds %.6f, %.6f; want ∓2.944439", lo, hi)
	}
}

func TestSPRTLLR(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name  string
		pairs Pentanomial
		want  float64
	}{
		{"no pairs", Pentanomial{}, 0},
		// Every outcome occurs, so none is regularised. 100 pairs: 20 of
		// 1½ and 20 of ½ around 58 of 1, one each of 0 and 2: mean ½,
		// variance (0.4·(1/4)² + 0.02·(1/2)²) = 0.03; s0 = ½, s1 = 0.514387;
		// LLR = 100·0.014387·(1 − ½ − 0.514387)/(2·0.03) = −0.34498.
		{"even", Pentanomial{1, 20, 58, 20, 1}, -0.34498},
		// Written out pair by pair (llrByHand).
		{"ahead", Pentanomial{1, 10, 48, 40, 1}, math.NaN()},
	}
	for _, tt := range tests {
		got := test.LLR(tt.pairs)
		want := tt.want
		if math.IsNaN(want) {
			want = llrByHand(test, tt.pairs)
		}
		if math.Abs(got-want) > 1e-4 {
			t.Errorf("%s: LLR %.5f, want %.5f", tt.name, got, want)
		}
	}
}

// llrByHand evaluates the GSPRT formula over the pairs written out one by
// one, a second way to the same number.
func llrByHand(test SPRT, p Pentanomial) float64 {
	var scores []float64
	for k, c := range p {
		for range c {
			scores = append(scores, float64(k)/4)
		}
	}
	var sum, sq float64
	for _, s := range scores {
		sum += s
	}
	n := float64(len(scores))
	m := sum / n
	for _, s := range scores {
		sq += (s - m) * (s - m)
	}
	v := sq / n
	s0 := 1 / (1 + math.Pow(10, -test.Elo0/400))
	s1 := 1 / (1 + math.Pow(10, -test.Elo1/400))
	return n * (s1 - s0) * (2*m - s0 - s1) / (2 * v)
}

func TestSPRTDecide(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		pairs Pentanomial
		want  Verdict
	}{
		{Pentanomial{}, Continue},
		{Pentanomial{0, 5, 10, 5, 0}, Continue},
		// Pairs that all score the same still decide: empty outcomes count
		// as a thousandth of a pair each (fishtest's regularisation).
		{Pentanomial{0, 0, 40, 0, 0}, AcceptH0},        // two engines that draw every pair
		{Pentanomial{0, 0, 0, 0, 10}, AcceptH1},        // one that wins every game
		{Pentanomial{0, 0, 0, 0, 9}, Continue},         // but not before MinPairs pairs
		{Pentanomial{10, 100, 300, 150, 40}, AcceptH1}, // about +35 Elo over 600 pairs
		{Pentanomial{40, 150, 300, 100, 10}, AcceptH0}, // about −35 Elo
		{Pentanomial{20, 200, 560, 200, 20}, AcceptH0}, // even over 1,000 pairs: not +10
	}
	for _, tt := range tests {
		if got := test.Decide(tt.pairs); got != tt.want {
			t.Errorf("%v: %v (LLR %.2f), want %v", tt.pairs, got, test.LLR(tt.pairs), tt.want)
		}
	}
}

func TestSPRTCheck(t *testing.T) {
	for _, bad := range []SPRT{{0, 5, 0, 0.05}, {0, 5, 0.05, 1}, {0, 5, 0.6, 0.6}, {5, 5, 0.05, 0.05}, {5, 0, 0.05, 0.05}, {0, math.Inf(1), 0.05, 0.05}} {
		if bad.Check() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if err := (SPRT{0, 5, 0.05, 0.05}).Check(); err != nil {
		t.Error(err)
	}
}

func ExampleSPRT() {
	test := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lower, upper := test.Bounds()
	// The singular-extension test of docs/engine.md: stopped by the end of
	// a session after 223 pairs, then resumed until it decided.
	for _, pairs := range []Pentanomial{{17, 46, 82, 55, 23}, {36, 111, 202, 139, 59}} {
		fmt.Printf("%d pairs: LLR %.2f in (%.2f, %.2f): %v\n", pairs.Pairs(), test.LLR(pairs), lower, upper, test.Decide(pairs))
	}
	// Output:
	// 223 pairs: LLR 0.72 in (-2.94, 2.94): undecided
	// 547 pairs: LLR 2.96 in (-2.94, 2.94): H1 accepted
}

func TestPentanomialInterval(t *testing.T) {
	// 10 pairs of 2 and 10 of 1: mean ¾, variance 1/16, se = 1/(4·√20).
	p := Pentanomial{0, 0, 10, 0, 10}
	lo, hi := p.Interval()
	se := 0.25 / math.Sqrt(20)
	// The two empty outcomes shift the estimate by a few thousandths.
	if math.Abs(lo-FromScore(0.75-Z95*se)) > 1 || math.Abs(hi-FromScore(0.75+Z95*se)) > 1 {
		t.Errorf("interval %.1f .. %.1f, want %.1f .. %.1f", lo, hi, FromScore(0.75-Z95*se), FromScore(0.75+Z95*se))
	}
	if lo, hi := (Pentanomial{}).Interval(); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("no pairs: %v .. %v", lo, hi)
	}
}
