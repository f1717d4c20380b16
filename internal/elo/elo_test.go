package elo

import (
	"fmt"
	"math"
	"testing"
)

// The wanted values are worked out by hand (and checked with a calculator):
// FromScore(s) = -400·log10(1/s - 1); se = sqrt(Σ p_i (x_i - mu)² / n).

func TestFromScore(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		score, want float64
	}{
		{0.5, 0},
		{0.75, 190.848502},  // 400·log10(3)
		{0.25, -190.848502}, // symmetric
		{0.7, 147.190714},   // 400·log10(7/3)
		{10.0 / 11, 400},    // 1/s - 1 = 0.1
		{1.0 / 11, -400},    //
		{0, -inf}, {-0.1, -inf},
		{1, inf}, {1.5, inf},
	}
	for _, tt := range tests {
		got := FromScore(tt.score)
		if !near(got, tt.want) {
			t.Errorf("FromScore(%v) = %v, want %v", tt.score, got, tt.want)
		}
	}
}

func TestScoreAndStdErr(t *testing.T) {
	tests := []struct {
		w, d, l       int
		score, stdErr float64
	}{
		{0, 0, 0, 0.5, 0},
		{60, 20, 20, 0.7, 0.04},             // var 0.6·0.09 + 0.2·0.04 + 0.2·0.49 = 0.16; sqrt(0.16/100)
		{10, 0, 10, 0.5, 0.111803399},       // var 0.25; sqrt(0.25/20)
		{1, 2, 7, 0.2, 0.104880885},         // var 0.1·0.64 + 0.2·0.09 + 0.7·0.04 = 0.11; sqrt(0.011)
		{0, 10, 0, 0.5, 0}, {3, 0, 0, 1, 0}, // no spread
	}
	for _, tt := range tests {
		if got := Score(tt.w, tt.d, tt.l); !near(got, tt.score) {
			t.Errorf("Score(+%d =%d -%d) = %v, want %v", tt.w, tt.d, tt.l, got, tt.score)
		}
		if got := StdErr(tt.w, tt.d, tt.l); !near(got, tt.stdErr) {
			t.Errorf("StdErr(+%d =%d -%d) = %v, want %v", tt.w, tt.d, tt.l, got, tt.stdErr)
		}
	}
}

func TestInterval(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		w, d, l int
		lo, hi  float64
	}{
		{60, 20, 20, 86.225015, 218.251778},  // FromScore(0.7 ∓ 1.959964·0.04)
		{10, 0, 10, -163.321369, 163.321369}, // FromScore(0.5 ∓ 1.959964·0.1118034)
		{1, 2, 7, -inf, -66.419177},          // 0.2 - 0.2056 < 0: unbounded below
		{0, 0, 0, -inf, inf},
		{0, 5, 0, -inf, inf},
		{3, 0, 0, 0, inf},
		{0, 0, 4, -inf, 0},
	}
	for _, tt := range tests {
		lo, hi := Interval(tt.w, tt.d, tt.l)
		if !near(lo, tt.lo) || !near(hi, tt.hi) {
			t.Errorf("Interval(+%d =%d -%d) = %v .. %v, want %v .. %v", tt.w, tt.d, tt.l, lo, hi, tt.lo, tt.hi)
		}
	}
}

// near compares to 6 decimals; infinities must match exactly.
func near(got, want float64) bool {
	if math.IsInf(want, 0) {
		return got == want
	}
	return math.Abs(got-want) < 1e-6
}

func Example() {
	w, d, l := 60, 20, 20
	lo, hi := Interval(w, d, l)
	fmt.Printf("%+.1f (95%%: %+.1f .. %+.1f)\n", FromScore(Score(w, d, l)), lo, hi)
	// Output: +147.2 (95%: +86.2 .. +218.3)
}
