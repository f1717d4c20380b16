package elo

import (
	"fmt"
	"math"
)

// SPRT is a sequential probability ratio test of two hypotheses about the
// Elo difference of a match, the test fishtest runs on every patch: H0 says
// the difference is Elo0, H1 that it is Elo1. Games are played until the
// log-likelihood ratio (LLR) leaves the interval between the bounds: below
// it H0 is accepted (the change is not a gain of Elo1), above it H1.
// Alpha is the chance of accepting H1 when H0 holds, Beta that of
// accepting H0 when H1 holds.
//
// The LLR is the generalised SPRT's normal approximation over game pairs
// (the pentanomial model: each pair of games from one opening, colours
// swapped, scores 0, ¼, ½, ¾ or 1 a game), with logistic Elo, as Michel
// Van den Bergh derived it for fishtest ("GSPRT approximation",
// https://hardy.uhasselt.be/Fishtest/support_MLE_multinomial.pdf):
//
//	LLR ≈ N · (s1 − s0) · (2·m − s0 − s1) / (2·v)
//
// for N pairs with mean score m and variance v, s0 and s1 the scores
// Elo0 and Elo1 predict. Pairs remove the variance that the openings
// themselves add, so a test needs fewer games than one over single games.
// As fishtest does, m and v count each outcome no pair had as a thousandth
// of a pair, so that pairs which all scored the same still decide; and no
// test decides before MinPairs pairs.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Verdict is the state of an SPRT.
type Verdict int

const (
	Continue Verdict = iota // keep playing
	AcceptH0                // the difference is not Elo1: reject the change
	AcceptH1                // the difference is at least about Elo1: keep it
)

func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "undecided"
}

// Pentanomial counts game pairs by the points engine 0 scored in the pair:
// index 0 for 0 points, 1 for ½, 2 for 1, 3 for 1½, 4 for 2.
type Pentanomial [5]int

// Pairs returns the number of pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// emptyBin is the count an empty outcome is given when the mean and
// variance are estimated (fishtest's "regularize"): without it, pairs
// that all score the same have no variance, and no test could decide.
const emptyBin = 1e-3

// meanVar returns the mean and variance of the per-game score of a pair
// (points/2, so k/4 for k half-points), every empty outcome counted as
// emptyBin pairs; 0.5 and 0 with no pairs.
func (p Pentanomial) meanVar() (mean, variance float64) {
	if p.Pairs() == 0 {
		return 0.5, 0
	}
	var c [5]float64
	n := 0.0
	for k, x := range p {
		c[k] = float64(x)
		if x == 0 {
			c[k] = emptyBin
		}
		n += c[k]
	}
	for k := range c {
		mean += c[k] * float64(k) / 4
	}
	mean /= n
	for k := range c {
		d := float64(k)/4 - mean
		variance += c[k] * d * d
	}
	return mean, variance / n
}

// Interval returns the 95% confidence interval of the Elo difference from
// the pairs: the mean score ∓ Z95 standard errors of the pair scores,
// converted to Elo. It is narrower than the per-game Interval when the
// openings favour one side, since a pair cancels that.
func (p Pentanomial) Interval() (lo, hi float64) {
	n := p.Pairs()
	if n == 0 {
		return math.Inf(-1), math.Inf(1)
	}
	mean, variance := p.meanVar()
	se := math.Sqrt(variance / float64(n))
	return FromScore(mean - Z95*se), FromScore(mean + Z95*se)
}

// Check reports the parameters' errors: Alpha and Beta must be positive
// with a sum below 1 (else the bounds cross), and Elo1 must exceed Elo0,
// both finite.
func (t SPRT) Check() error {
	if !(t.Alpha > 0 && t.Beta > 0 && t.Alpha+t.Beta < 1) {
		return fmt.Errorf("sprt: alpha %g and beta %g must be positive with a sum below 1", t.Alpha, t.Beta)
	}
	if math.IsInf(t.Elo0, 0) || math.IsInf(t.Elo1, 0) {
		return fmt.Errorf("sprt: elo0 %g and elo1 %g must be finite", t.Elo0, t.Elo1)
	}
	if !(t.Elo1 > t.Elo0) {
		return fmt.Errorf("sprt: elo1 %g must exceed elo0 %g", t.Elo1, t.Elo0)
	}
	return nil
}

// Bounds returns the LLR's bounds, ln(β/(1−α)) and ln((1−β)/α): ±2.94
// for α = β = 0.05.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of H1 to H0 after the pairs p; 0
// before the first pair.
func (t SPRT) LLR(p Pentanomial) float64 {
	mean, variance := p.meanVar()
	if variance == 0 {
		return 0
	}
	s0, s1 := expected(t.Elo0), expected(t.Elo1)
	return float64(p.Pairs()) * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// MinPairs is the number of pairs before an SPRT decides: the normal
// approximation is poor for a handful of pairs, and with empty outcomes
// regularised a single won pair would otherwise look decisive.
const MinPairs = 10

// Decide returns the verdict after the pairs p (Continue before MinPairs).
func (t SPRT) Decide(p Pentanomial) Verdict {
	if p.Pairs() < MinPairs {
		return Continue
	}
	llr := t.LLR(p)
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// expected returns the score an Elo difference predicts: 1/(1+10^(−d/400)).
func expected(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }
