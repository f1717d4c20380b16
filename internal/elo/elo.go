// Package elo turns a match score (wins, draws, losses) into an Elo
// difference and its 95% confidence interval, for the self-play of
// package engine and the engine matches of package match, and runs the
// sequential probability ratio test (SPRT) that decides whether a change
// of an engine gains Elo.
//
// The model is the logistic one: a score s (0 to 1) means a difference of
// -400·log10(1/s - 1) Elo. The uncertainty comes from the trinomial
// variance of the per-game score (each game is worth 1, ½ or 0), so draws
// narrow the interval as they should; the interval is the normal one,
// mean ± Z95 standard errors, in score, converted to Elo (so it is not
// symmetric around the difference).
//
//	d := elo.FromScore(elo.Score(60, 20, 20)) // +147.2
//	lo, hi := elo.Interval(60, 20, 20)        // +86.2 .. +218.3
package elo

import "math"

// Z95 is the two-sided 95% quantile of the normal distribution.
const Z95 = 1.959964

// Score returns the share of the points of the side whose wins, draws and
// losses are given, 0 to 1; 0.5 when no game was played.
func Score(wins, draws, losses int) float64 {
	n := wins + draws + losses
	if n == 0 {
		return 0.5
	}
	return (float64(wins) + 0.5*float64(draws)) / float64(n)
}

// StdErr returns the standard error of the mean per-game score, from the
// trinomial (win/draw/loss) variance; 0 when no game was played.
func StdErr(wins, draws, losses int) float64 {
	n := float64(wins + draws + losses)
	if n == 0 {
		return 0
	}
	mu := Score(wins, draws, losses)
	w, d, l := float64(wins)/n, float64(draws)/n, float64(losses)/n
	variance := w*(1-mu)*(1-mu) + d*(0.5-mu)*(0.5-mu) + l*mu*mu
	return math.Sqrt(variance / n)
}

// FromScore converts an expected score to an Elo difference: 0.5 is 0,
// 0.75 is +190.8, 10/11 is +400; a score of 0 or less is -Inf and one of
// 1 or more +Inf.
func FromScore(score float64) float64 {
	if score <= 0 {
		return math.Inf(-1)
	}
	if score >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

// Interval returns the 95% confidence interval of the Elo difference:
// FromScore(mu ∓ Z95·se) for the score mu and its standard error se. A
// bound whose score reaches 0 or 1 is infinite. With no games, or only
// draws, nothing is known and the interval is unbounded; with only wins
// (only losses) it runs from 0 to +Inf (-Inf to 0).
func Interval(wins, draws, losses int) (lo, hi float64) {
	if wins+draws+losses == 0 {
		return math.Inf(-1), math.Inf(1)
	}
	mu, se := Score(wins, draws, losses), StdErr(wins, draws, losses)
	if se == 0 { // all wins, all draws or all losses
		if mu == 0.5 {
			return math.Inf(-1), math.Inf(1)
		}
		return min(FromScore(mu), 0), max(FromScore(mu), 0)
	}
	return FromScore(mu - Z95*se), FromScore(mu + Z95*se)
}
