package review

import (
	"math"
)

// The lichess formulas. Sources (lichess-org/lila, modules/analyse/src/main):
//   - WinPercent.scala: Win% = 50 + 50·(2/(1+exp(−0.00368208·cp)) − 1), cp
//     clamped to ±1000 first (Eval.Cp.ceiled, CEILING = 1000); a mate counts
//     as ±1000 (fromMate: Cp.ceilingWithSignum). The multiplier is from
//     lila pull request 11148.
//   - AccuracyPercent.scala: a move's accuracy = 103.1668100711649 ·
//     exp(−0.04354415386753951 · (Win%before − Win%after)) − 3.166924740191411,
//     plus 1 ("uncertainty bonus"), clamped to 0..100; 100 when the move
//     did not lose; the game's accuracy per side is the mean of a
//     volatility-weighted mean and a harmonic mean (GameAccuracy below).
//   - Accuracy.scala: the centipawn loss of a move is the mover's drop in
//     cp, each cp clamped to ±1000 (a mate ±1000), at least 0; ACPL is the
//     integer mean.
//   - Advice.scala: a move is an inaccuracy, mistake or blunder when the
//     mover's winning chances (Win% rescaled to −1..+1) drop by 0.1, 0.2 or
//     0.3, that is by 5, 10 or 15 points of Win%; moves that let a mate in
//     or lose one are judged by MateAdvice (see Classify).

// CPCeiling is lichess's clamp of a centipawn score (Eval.Cp.CEILING).
const CPCeiling = 1000

// winMultiplier is lichess's logistic slope (lila PR 11148).
const winMultiplier = -0.00368208

// InitialCP is the evaluation lichess assumes for the start position before
// any move (Eval.Cp.initial), used by GameAccuracy.
const InitialCP = 15

// Thresholds of the classes in points of Win% (lichess's 0.1, 0.2, 0.3 of
// winning chances on the −1..+1 scale, which is 50 points of Win% a unit).
const (
	InaccuracyDrop = 5.0
	MistakeDrop    = 10.0
	BlunderDrop    = 15.0
)

// clampCP clamps cp to ±CPCeiling (lichess Cp.ceiled).
func clampCP(cp int) int { return min(max(cp, -CPCeiling), CPCeiling) }

// WinPercent returns the winning percentage (0..100) of the side whose
// centipawn score is cp (lila WinPercent.fromCentiPawns). Mates are given
// as a large cp (Score.CP); they clamp to ±1000 as lichess's do.
func WinPercent(cp int) float64 {
	c := float64(clampCP(cp))
	wc := 2/(1+math.Exp(winMultiplier*c)) - 1
	return 50 + 50*min(max(wc, -1), 1)
}

// MoveAccuracy returns the accuracy (0..100) of a move that took the
// mover's Win% from before to after (lila AccuracyPercent.fromWinPercents,
// with its uncertainty bonus of 1).
func MoveAccuracy(before, after float64) float64 {
	if after >= before {
		return 100
	}
	raw := 103.1668100711649*math.Exp(-0.04354415386753951*(before-after)) - 3.166924740191411
	return min(max(raw+1, 0), 100)
}

// GameAccuracy returns each side's accuracy over a game (lila
// AccuracyPercent.gameAccuracy): cps are the evaluations from White's
// (Red's) side after each ply, the first mover being white when
// whiteFirst. Each move's accuracy is weighted by the volatility of the
// game around it: the standard deviation of Win% over a window of
// len(cps)/10 positions (2 to 8), clamped to 0.5..12; a side's accuracy is
// the mean of its weighted mean and its harmonic mean. skip, when not nil,
// leaves out the moves it marks (book moves) from both means. ok is false
// when a side has no move counted.
func GameAccuracy(whiteFirst bool, cps []int, skip []bool) (white, black float64, ok bool) {
	wins := make([]float64, 0, len(cps)+1)
	wins = append(wins, WinPercent(InitialCP))
	for _, cp := range cps {
		wins = append(wins, WinPercent(cp))
	}
	weights := volatilityWeights(wins, min(max(len(cps)/10, 2), 8))
	var sides [2]struct {
		weighted, weights, inverse float64
		n                          int
	}
	for i := range cps {
		if skip != nil && skip[i] {
			continue
		}
		whiteMoves := (i%2 == 0) == whiteFirst
		before, after := wins[i], wins[i+1]
		side := 0
		if !whiteMoves {
			before, after, side = 100-before, 100-after, 1
		}
		acc := MoveAccuracy(before, after)
		s := &sides[side]
		s.weighted += acc * weights[i]
		s.weights += weights[i]
		s.inverse += 1 / max(acc, 1) // lila Maths.harmonicMean counts an accuracy under 1 as 1
		s.n++
	}
	if sides[0].n == 0 || sides[1].n == 0 || sides[0].weights == 0 || sides[1].weights == 0 {
		return 0, 0, false
	}
	mean := func(i int) float64 {
		s := sides[i]
		return (s.weighted/s.weights + float64(s.n)/s.inverse) / 2
	}
	return mean(0), mean(1), true
}

// volatilityWeights returns one weight per move (len(wins)-1 of them): the
// standard deviation of the window of size Win% values ending at the
// move's position, the first moves sharing the first window (lila pads
// the start with copies of it), clamped to 0.5..12.
func volatilityWeights(wins []float64, size int) []float64 {
	size = min(size, len(wins))
	var windows [][]float64
	for range size - 2 {
		windows = append(windows, wins[:size])
	}
	for i := 0; i+size <= len(wins); i++ {
		windows = append(windows, wins[i:i+size])
	}
	out := make([]float64, len(wins)-1)
	for i := range out {
		if i < len(windows) {
			out[i] = min(max(stddev(windows[i]), 0.5), 12)
		}
	}
	return out
}

// stddev is the population standard deviation (lila Maths.standardDeviation).
func stddev(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	var v float64
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return math.Sqrt(v / float64(len(xs)))
}

// CPLoss returns the centipawn loss of a move from the mover's side (lila
// Accuracy.diffsList): before and after from the mover's side, each
// clamped to ±1000, the drop, at least 0.
func CPLoss(before, after int) int {
	return max(clampCP(before)-clampCP(after), 0)
}
