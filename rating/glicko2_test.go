package rating

import (
	"math"
	"testing"
	"time"
)

// TestPaperExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a 1500/200 player (volatility 0.06, τ 0.5) beats a
// 1400/30 player and loses to 1550/100 and 1700/300, and becomes 1464.06
// with deviation 151.52 and volatility 0.05999. The paper rounds its
// intermediate steps (μ' = -0.2069, then 173.7178 × μ' + 1500 = 1464.06);
// unrounded arithmetic gives 1464.0507 and 0.059996, hence the tolerances.
func TestPaperExample(t *testing.T) {
	p := Glicko{Rating: 1500, Deviation: 200, Volatility: 0.06}
	games := []Opponent{
		{Glicko{1400, 30, 0.06}, Win},
		{Glicko{1550, 100, 0.06}, Loss},
		{Glicko{1700, 300, 0.06}, Loss},
	}
	got := Tuning{Tau: 0.5}.Update(p, games)
	tests := []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"rating", got.Rating, 1464.06, 0.01},
		{"deviation", got.Deviation, 151.52, 0.005},
		{"volatility", got.Volatility, 0.05999, 0.00001},
	}
	for _, tt := range tests {
		if math.Abs(tt.got-tt.want) > tt.tol {
			t.Errorf("%s = %.5f, want %.5f", tt.name, tt.got, tt.want)
		}
	}
}

func TestNoGameWidensDeviation(t *testing.T) {
	p := Glicko{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got := Tuning{}.Update(p, nil)
	want := math.Sqrt(200*200 + (0.06*scale)*(0.06*scale))
	if got.Rating != 1500 || math.Abs(got.Deviation-want) > 1e-9 {
		t.Errorf("Update(no games) = %+v, want rating 1500 deviation %.4f", got, want)
	}
}

func TestGame(t *testing.T) {
	tests := []struct {
		name         string
		white, black Glicko
		o            Outcome
		whiteUp      bool
		blackUp      bool
	}{
		{"new players, white wins", Default(), Default(), WhiteWins, true, false},
		{"new players, black wins", Default(), Default(), BlackWins, false, true},
		{"stronger white draws", Glicko{1800, 60, 0.06}, Glicko{1500, 60, 0.06}, Drawn, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, b := Game(tt.white, tt.black, tt.o)
			if (w.Rating > tt.white.Rating) != tt.whiteUp || (b.Rating > tt.black.Rating) != tt.blackUp {
				t.Errorf("Game(%v, %v, %v) = %v, %v", tt.white, tt.black, tt.o, w, b)
			}
			for _, g := range []Glicko{w, b} {
				if g.Deviation < MinDeviation || g.Deviation > MaxDeviation || g.Volatility > MaxVolatility || g.Rating < MinRating || g.Rating > MaxRating {
					t.Errorf("out of bounds: %+v", g)
				}
			}
		})
	}
	// Symmetry: new players meeting move by the same amount.
	w, b := Game(Default(), Default(), WhiteWins)
	if d := (w.Rating - 1500) - (1500 - b.Rating); math.Abs(d) > 1e-9 {
		t.Errorf("new players' changes differ by %v", d)
	}
}

func TestBoundAndProvisional(t *testing.T) {
	g := Glicko{Rating: 100, Deviation: 10, Volatility: 0.5}.Bound()
	if g != (Glicko{MinRating, MinDeviation, MaxVolatility}) {
		t.Errorf("Bound low = %+v", g)
	}
	g = Glicko{Rating: 5000, Deviation: 900, Volatility: 0.05}.Bound()
	if g != (Glicko{MaxRating, MaxDeviation, 0.05}) {
		t.Errorf("Bound high = %+v", g)
	}
	tests := []struct {
		rd   float64
		want bool
	}{{500, true}, {110, true}, {109.9, false}, {45, false}}
	for _, tt := range tests {
		if got := (Glicko{1500, tt.rd, 0.06}).Provisional(); got != tt.want {
			t.Errorf("Provisional(rd %v) = %v, want %v", tt.rd, got, tt.want)
		}
	}
}

// TestSpeedOf checks lichess's boundaries on limit + 40 × increment:
// bullet below 180 s, blitz below 480 s, rapid below 1500 s.
func TestSpeedOf(t *testing.T) {
	tests := []struct {
		limit, inc time.Duration
		want       Speed
	}{
		{15 * time.Second, 0, Bullet},
		{time.Minute, 0, Bullet},
		{2 * time.Minute, time.Second, Bullet},      // 160 s
		{2 * time.Minute, 2 * time.Second, Blitz},   // 200 s
		{3 * time.Minute, 0, Blitz},                 // 180 s: the first blitz
		{179 * time.Second, 0, Bullet},              // the last bullet
		{5 * time.Minute, 3 * time.Second, Blitz},   // 420 s
		{7*time.Minute + 59*time.Second, 0, Blitz},  // 479 s
		{8 * time.Minute, 0, Rapid},                 // 480 s
		{10 * time.Minute, 5 * time.Second, Rapid},  // 800 s
		{15 * time.Minute, 10 * time.Second, Rapid}, // 1300 s
		{24*time.Minute + 59*time.Second, 0, Rapid}, // 1499 s
		{25 * time.Minute, 0, Classical},            // 1500 s
		{30 * time.Minute, 20 * time.Second, Classical},
		{180 * time.Minute, 180 * time.Second, Classical},
	}
	for _, tt := range tests {
		if got := SpeedOf(tt.limit, tt.inc); got != tt.want {
			t.Errorf("SpeedOf(%v, %v) = %v, want %v", tt.limit, tt.inc, got, tt.want)
		}
	}
}

func TestSpeedNames(t *testing.T) {
	for s := Bullet; s <= Correspondence; s++ {
		got, ok := ParseSpeed(s.String())
		if !ok || got != s {
			t.Errorf("ParseSpeed(%q) = %v, %v", s.String(), got, ok)
		}
	}
	if _, ok := ParseSpeed("ultraBullet"); ok {
		t.Error("ParseSpeed(ultraBullet) ok")
	}
}
