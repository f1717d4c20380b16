package review

import (
	"math"
	"slices"
	"testing"
)

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// TestWinPercent: the logistic curve, its clamp at ±1000 cp and mates.
func TestWinPercent(t *testing.T) {
	tests := []struct {
		cp   int
		want float64
	}{
		{0, 50},
		{100, 59.10},  // 50 + 50·(2/(1+e^−0.368208) − 1)
		{-100, 40.90}, // symmetric
		{300, 75.11},
		{1000, 97.54},
		{5000, 97.54},       // clamped as lila's Cp.ceiled
		{MateCP - 3, 97.54}, // a mate counts as 1000 cp (lila WinPercent.fromMate)
		{-MateCP, 2.46},
	}
	for _, tt := range tests {
		if got := WinPercent(tt.cp); !near(got, tt.want, 0.01) {
			t.Errorf("WinPercent(%d) = %.3f, want %.2f", tt.cp, got, tt.want)
		}
	}
}

// TestMoveAccuracy: lila's curve with its +1 uncertainty bonus (values of
// the formula worked by hand); lila fitted it to the points 0 → 100,
// 5 → 75, 10 → 60, 20 → 42, 40 → 20, 60 → 5, 80 → 0 of Win% lost.
func TestMoveAccuracy(t *testing.T) {
	tests := []struct {
		before, after, want float64
	}{
		{50, 50, 100},
		{50, 60, 100}, // a gain is perfect
		{50, 45, 80.82},
		{60, 50, 64.58},
		{70, 50, 41.02},
		{90, 50, 15.91},
		{100, 40, 5.40},
		{100, 0, 0},
	}
	for _, tt := range tests {
		if got := MoveAccuracy(tt.before, tt.after); !near(got, tt.want, 0.01) {
			t.Errorf("MoveAccuracy(%v, %v) = %.2f, want %v", tt.before, tt.after, got, tt.want)
		}
	}
}

// TestGameAccuracy: lila's own worked values (modules/analyse/src/test/
// AccuracyPercentTest.scala), each with its tolerance.
func TestGameAccuracy(t *testing.T) {
	rep := func(n int, cps ...int) []int {
		var out []int
		for range n {
			out = append(out, cps...)
		}
		return out
	}
	tests := []struct {
		name         string
		whiteFirst   bool
		cps          []int
		ok           bool
		white, black float64
		wTol, bTol   float64
	}{
		{"empty game", true, nil, false, 0, 0, 0, 0},
		{"single move", true, []int{15}, false, 0, 0, 0, 0},
		{"two good moves", true, []int{15, 15}, true, 100, 100, 1, 1},
		{"white blunders on first move", true, []int{-900, -900}, true, 10, 100, 5, 1},
		{"black blunders on first move", true, []int{15, 900}, true, 100, 10, 1, 5},
		{"both blunder on first move", true, []int{-900, 0}, true, 10, 10, 5, 5},
		{"20 perfect moves", true, rep(20, 15), true, 100, 100, 1, 1},
		{"20 perfect moves and a white blunder", true, append(rep(20, 15), -900), true, 50, 100, 5, 1},
		{"21 perfect moves and a black blunder", true, append(rep(21, 15), 900), true, 100, 50, 1, 5},
		{"5 average moves (65 cpl) on each side", true, rep(5, -50, 15), true, 76, 76, 8, 8},
		{"50 average moves (65 cpl) on each side", true, rep(50, -50, 15), true, 76, 76, 8, 8},
		{"50 mediocre moves (150 cpl) on each side", true, rep(50, -135, 15), true, 54, 54, 8, 8},
		{"50 terrible moves (500 cpl) on each side", true, rep(50, -435, 15), true, 20, 20, 8, 8},
		{"black first: two good moves", false, []int{15, 15}, true, 100, 100, 1, 1},
		{"black first: black blunders on first move", false, []int{900, 900}, true, 100, 10, 1, 5},
		{"black first: white blunders on first move", false, []int{15, -900}, true, 10, 100, 5, 1},
		{"black first: both blunder on first move", false, []int{900, 0}, true, 10, 10, 5, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, b, ok := GameAccuracy(tt.whiteFirst, tt.cps, nil)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v", ok, tt.ok)
			}
			if !ok {
				return
			}
			if !near(w, tt.white, tt.wTol) || !near(b, tt.black, tt.bTol) {
				t.Errorf("white %.2f black %.2f, want %v ± %v and %v ± %v", w, b, tt.white, tt.wTol, tt.black, tt.bTol)
			}
		})
	}
}

// TestGameAccuracySkipsBook: a move marked as book counts for neither side.
func TestGameAccuracySkipsBook(t *testing.T) {
	cps := []int{-900, -900, -900, -900}
	w, _, _ := GameAccuracy(true, cps, nil)
	wBook, _, ok := GameAccuracy(true, cps, []bool{true, false, false, false})
	if !ok || w > 20 || wBook < 99 {
		t.Errorf("white %.1f without book, %.1f with its blunder as book (ok %v): want the blunder to count only when not book", w, wBook, ok)
	}
	if _, _, ok := GameAccuracy(true, cps, []bool{true, false, true, false}); ok {
		t.Error("every white move is book: want no accuracy")
	}
}

// TestCPLoss: the mover's drop, clamped at ±1000, never negative.
func TestCPLoss(t *testing.T) {
	tests := []struct{ before, after, want int }{
		{30, -20, 50},
		{-20, 30, 0},
		{2500, 0, 1000},
		{MateCP - 2, -MateCP + 4, 2000},
		{0, 0, 0},
	}
	for _, tt := range tests {
		if got := CPLoss(tt.before, tt.after); got != tt.want {
			t.Errorf("CPLoss(%d, %d) = %d, want %d", tt.before, tt.after, got, tt.want)
		}
	}
}

// TestClassify: lila's Advice: Win% drops of 5/10/15 between cp scores,
// and MateAdvice when a mate comes or goes.
func TestClassify(t *testing.T) {
	tests := []struct {
		name          string
		before, after Score
		want          Class
	}{
		{"nothing lost", CPScore(20), CPScore(25), ClassNone},
		{"a small loss", CPScore(20), CPScore(-15), ClassNone},          // 50.7 → 48.6
		{"inaccuracy", CPScore(40), CPScore(-20), ClassInaccuracy},      // 53.7 → 48.2: 5.5
		{"mistake", CPScore(100), CPScore(-20), ClassMistake},           // 59.1 → 48.2: 10.9
		{"blunder", CPScore(100), CPScore(-200), ClassBlunder},          // 59.1 → 32.4
		{"a won game stays won", CPScore(900), CPScore(700), ClassNone}, // 96.5 → 93.0
		{"mate let in", CPScore(0), MateScore(-3), ClassBlunder},        // MateCreated
		{"mate let in, already lost", CPScore(-800), MateScore(-3), ClassMistake},
		{"mate let in, long lost", CPScore(-1200), MateScore(-5), ClassInaccuracy},
		{"mate lost, little left", MateScore(2), CPScore(300), ClassBlunder}, // MateLost
		{"mate lost, still winning", MateScore(2), CPScore(800), ClassMistake},
		{"mate lost, still crushing", MateScore(4), CPScore(1500), ClassInaccuracy},
		{"mate turned around", MateScore(2), MateScore(-1), ClassBlunder},
		{"mate delayed", MateScore(2), MateScore(4), ClassNone},
		{"mate given", MateScore(1), Mated(false).For(true), ClassNone}, // mover is White: Black is mated
	}
	for _, tt := range tests {
		if got := Classify(tt.before, tt.after); got != tt.want {
			t.Errorf("%s: Classify(%+v, %+v) = %q, want %q", tt.name, tt.before, tt.after, got, tt.want)
		}
	}
}

// TestScorePGN: %eval values.
func TestScorePGN(t *testing.T) {
	tests := []struct {
		s    Score
		want string
	}{
		{CPScore(35), "0.35"}, {CPScore(-120), "-1.20"}, {CPScore(0), "0.00"},
		{MateScore(3), "#3"}, {MateScore(-2), "#-2"}, {Mated(true), "#-0"}, {Mated(false), "#0"},
	}
	for _, tt := range tests {
		if got := tt.s.PGN(); got != tt.want {
			t.Errorf("%+v.PGN() = %q, want %q", tt.s, got, tt.want)
		}
	}
	if got := []uint8{ClassInaccuracy.NAG(), ClassMistake.NAG(), ClassBlunder.NAG(), ClassNone.NAG()}; !slices.Equal(got, []uint8{6, 2, 4, 0}) {
		t.Errorf("NAGs %v", got)
	}
}
