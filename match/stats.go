package match

import (
	"fmt"

	"github.com/gambitchess/gambit/internal/elo"
)

// Summary is a match score from engine 0's point of view.
type Summary struct {
	Names               [2]string
	Wins, Draws, Losses int
	// Pairs counts the finished pairs of games (one opening, colours
	// swapped) by engine 0's points in the pair; the first Resumed of
	// them are a stopped test's (Config.Resumed), not played by this match.
	Pairs   elo.Pentanomial
	Resumed int
	// SPRT is the test the match ran, if any, and Verdict its outcome.
	SPRT    *elo.SPRT
	Verdict elo.Verdict
	pending float64 // engine 0's points in the unfinished pair
}

// add counts a game; game is its number from 1, so even numbers end pairs.
func (s *Summary) add(game int, points float64) {
	s.pending += points
	if game%2 == 0 {
		s.Pairs[int(2*s.pending)]++
		s.pending = 0
		if s.SPRT != nil {
			s.Verdict = s.SPRT.Decide(s.Pairs)
		}
	}
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
func (s Summary) Score() float64 { return elo.Score(s.Wins, s.Draws, s.Losses) }

// Elo returns the Elo difference (engine 0 minus engine 1) and the half-width
// of its 95% confidence interval (see EloInterval). Scores of 0 or 1, or an
// interval that reaches them, give an infinite margin.
func (s Summary) Elo() (diff, margin float64) {
	lo, hi := s.EloInterval()
	return eloOf(s.Score()), (hi - lo) / 2
}

// EloInterval returns the 95% confidence interval of the Elo difference, from
// the trinomial (win/draw/loss) variance of the per-game score. A bound whose
// score interval reaches 0 or 1 is infinite (elo.Interval).
func (s Summary) EloInterval() (lo, hi float64) { return elo.Interval(s.Wins, s.Draws, s.Losses) }

// eloOf converts an expected score to an Elo difference.
func eloOf(score float64) float64 { return elo.FromScore(score) }

// String reports the summary as "A vs B: +W =D -L, score 55.0%, Elo +34.9
// ± 60.2 (95%: -25.3 .. +95.1), N games". The interval is printed as well
// because it is not symmetric, and may be unbounded on one side. A second
// line gives the finished pairs and their interval, and the SPRT's state
// when the match ran one.
func (s Summary) String() string {
	diff, margin := s.Elo()
	lo, hi := s.EloInterval()
	line := fmt.Sprintf("%s vs %s: +%d =%d -%d, score %.1f%%, Elo %+.1f ± %.1f (95%%: %+.1f .. %+.1f), %d games",
		s.Names[0], s.Names[1], s.Wins, s.Draws, s.Losses, 100*s.Score(), diff, margin, lo, hi, s.Games())
	if s.SPRT != nil {
		lower, upper := s.SPRT.Bounds()
		plo, phi := s.Pairs.Interval()
		resumed := ""
		if s.Resumed > 0 {
			resumed = fmt.Sprintf(", %d of them resumed", s.Resumed)
		}
		line += fmt.Sprintf("\npairs %v%s (95%% over pairs: %+.1f .. %+.1f); SPRT [%g, %g] α=%g β=%g: LLR %.2f (%.2f, %.2f): %v",
			s.Pairs, resumed, plo, phi, s.SPRT.Elo0, s.SPRT.Elo1, s.SPRT.Alpha, s.SPRT.Beta, s.SPRT.LLR(s.Pairs), lower, upper, s.Verdict)
	} else if s.Pairs.Pairs() > 0 {
		// The pairs' interval is the honest one when openings are played
		// twice (each pair's two games are not independent).
		plo, phi := s.Pairs.Interval()
		line += fmt.Sprintf("\npairs %v (95%% over pairs: %+.1f .. %+.1f)", s.Pairs, plo, phi)
	}
	return line
}
