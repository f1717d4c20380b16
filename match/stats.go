package match

import (
	"fmt"
	"math"
)

// Summary is a match score from engine 0's point of view.
type Summary struct {
	Names               [2]string
	Wins, Draws, Losses int
}

func (s *Summary) add(points float64) {
	switch points {
	case 1:
		s.Wins++
	case 0:
		s.Losses++
	default:
		s.Draws++
	}
}

// Games returns the number of games played.
func (s Summary) Games() int { return s.Wins + s.Draws + s.Losses }

// Score returns engine 0's share of the points, 0 to 1.
func (s Summary) Score() float64 {
	if s.Games() == 0 {
		return 0.5
	}
	return (float64(s.Wins) + 0.5*float64(s.Draws)) / float64(s.Games())
}

// Elo returns the Elo difference (engine 0 minus engine 1) and the half-width
// of its 95% confidence interval (see EloInterval). Scores of 0 or 1, or an
// interval that reaches them, give an infinite margin.
func (s Summary) Elo() (diff, margin float64) {
	lo, hi := s.EloInterval()
	return eloOf(s.Score()), (hi - lo) / 2
}

// EloInterval returns the 95% confidence interval of the Elo difference, from
// the trinomial (win/draw/loss) variance of the per-game score. A bound whose
// score interval reaches 0 or 1 is infinite.
func (s Summary) EloInterval() (lo, hi float64) {
	n := float64(s.Games())
	if n == 0 {
		return math.Inf(-1), math.Inf(1)
	}
	mu := s.Score()
	w, d, l := float64(s.Wins)/n, float64(s.Draws)/n, float64(s.Losses)/n
	variance := w*(1-mu)*(1-mu) + d*(0.5-mu)*(0.5-mu) + l*mu*mu
	se := math.Sqrt(variance / n)
	if se == 0 { // all wins, all draws or all losses
		if mu == 0.5 {
			return math.Inf(-1), math.Inf(1)
		}
		return min(eloOf(mu), 0), max(eloOf(mu), 0)
	}
	return eloOf(mu - 1.959964*se), eloOf(mu + 1.959964*se)
}

// eloOf converts an expected score to an Elo difference.
func eloOf(score float64) float64 {
	if score <= 0 {
		return math.Inf(-1)
	}
	if score >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

// String reports the summary as "A vs B: +W =D -L, score 55.0%, Elo +34.9
// ± 60.2 (95%: -25.3 .. +95.1), N games". The interval is printed as well
// because it is not symmetric, and may be unbounded on one side.
func (s Summary) String() string {
	diff, margin := s.Elo()
	lo, hi := s.EloInterval()
	return fmt.Sprintf("%s vs %s: +%d =%d -%d, score %.1f%%, Elo %+.1f ± %.1f (95%%: %+.1f .. %+.1f), %d games",
		s.Names[0], s.Names[1], s.Wins, s.Draws, s.Losses, 100*s.Score(), diff, margin, lo, hi, s.Games())
}
