package rating

import "math"

// Glicko-2 as Mark E. Glickman, "Example of the Glicko-2 system" (Boston
// University, 2013; http://www.glicko.net/glicko/glicko2.pdf), describes it:
// the step numbers below are the paper's. The parameters are lichess's
// (lila modules/rating Glicko.scala): a new player is 1500 with deviation
// 500 and volatility 0.09, τ 0.75, the deviation kept within 45..500 and the
// volatility at most 0.1, the rating within 400..4000, and a rating is
// provisional while its deviation is 110 or more.
const (
	// DefaultRating is a new player's rating.
	DefaultRating = 1500.0
	// MaxDeviation is a new player's deviation, and the most it can be.
	MaxDeviation = 500.0
	// MinDeviation is the least a deviation can become.
	MinDeviation = 45.0
	// DefaultVolatility is a new player's volatility.
	DefaultVolatility = 0.09
	// MaxVolatility caps the volatility ("past this, it might not stabilize
	// ever again", lila's comment).
	MaxVolatility = 0.1
	// Tau constrains the change of volatility over time (the paper's τ).
	Tau = 0.75
	// ProvisionalDeviation is the deviation from which a rating is
	// provisional (shown with a "?").
	ProvisionalDeviation = 110.0
	// MinRating and MaxRating bound a rating.
	MinRating, MaxRating = 400.0, 4000.0

	// scale converts between the Glicko and the Glicko-2 scales (Step 2).
	scale = 173.7178
	// epsilon is the convergence tolerance of the volatility's iteration (Step 5).
	epsilon = 0.000001
)

// Glicko is one player's rating in one category: the rating, its deviation
// (RD) and its volatility, on the Glicko scale (1500 is average).
type Glicko struct {
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"rd"`
	Volatility float64 `json:"vol"`
}

// Default returns a new player's rating.
func Default() Glicko {
	return Glicko{Rating: DefaultRating, Deviation: MaxDeviation, Volatility: DefaultVolatility}
}

// Provisional reports whether the rating is still uncertain (its deviation
// is ProvisionalDeviation or more): it is shown with a "?".
func (g Glicko) Provisional() bool { return g.Deviation >= ProvisionalDeviation }

// Int is the rating as shown: its integer part, as lichess truncates it.
func (g Glicko) Int() int { return int(g.Rating) }

// Result is one game's result from one player's side, in points: 1 a win,
// 0.5 a draw, 0 a loss (the paper's s_j).
type Result float64

// The results.
const (
	Loss Result = 0
	Draw Result = 0.5
	Win  Result = 1
)

// Opponent is one game of a rating period: the opponent's rating before
// the period, and the score against them.
type Opponent struct {
	Glicko
	Score Result
}

// Tuning holds the system's constant τ; the zero value is lichess's τ.
type Tuning struct {
	Tau float64
}

// Update returns the rating after a rating period in which the player
// played the given games, computed with τ (0 means Tau). With no game the
// deviation grows as the paper's Step 6 says for a player who did not
// compete. The result is not bounded: Bound applies lichess's bounds.
func (t Tuning) Update(p Glicko, games []Opponent) Glicko {
	tau := t.Tau
	if tau == 0 {
		tau = Tau
	}
	// Step 2: to the Glicko-2 scale.
	mu := (p.Rating - DefaultRating) / scale
	phi := p.Deviation / scale
	sigma := p.Volatility
	if len(games) == 0 {
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Glicko{Rating: p.Rating, Deviation: phiStar * scale, Volatility: sigma}
	}
	// Steps 3 and 4: the estimated variance v and improvement Δ.
	var vInv, sum float64
	for _, o := range games {
		muJ := (o.Rating - DefaultRating) / scale
		g := gOf(o.Deviation / scale)
		e := expected(mu, muJ, g)
		vInv += g * g * e * (1 - e)
		sum += g * (float64(o.Score) - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility.
	sigma2 := volatility(phi, sigma, v, delta, tau)
	// Step 6: the pre-period deviation.
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	// Step 7: the new deviation and rating.
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	// Step 8: back to the Glicko scale.
	return Glicko{Rating: scale*mu2 + DefaultRating, Deviation: scale * phi2, Volatility: sigma2}
}

// gOf is the paper's g(φ), which weighs a game by the opponent's deviation.
func gOf(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// expected is the paper's E(μ, μj, φj): the expected score against an
// opponent, g being g(φj).
func expected(mu, muJ, g float64) float64 {
	return 1 / (1 + math.Exp(-g*(mu-muJ)))
}

// volatility is Step 5: the root of f(x) found by the Illinois algorithm
// (a regula falsi variant), as the paper gives it.
func volatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	// Step 5.2: the initial bracket.
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	// Steps 5.3 and 5.4: narrow the bracket until it is within epsilon.
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Bound returns g within lichess's bounds: the rating within
// MinRating..MaxRating, the deviation within MinDeviation..MaxDeviation, the
// volatility at most MaxVolatility.
func (g Glicko) Bound() Glicko {
	g.Rating = min(max(g.Rating, MinRating), MaxRating)
	g.Deviation = min(max(g.Deviation, MinDeviation), MaxDeviation)
	g.Volatility = min(g.Volatility, MaxVolatility)
	return g
}

// Outcome is a two-player game's result.
type Outcome int

// The outcomes.
const (
	WhiteWins Outcome = iota
	BlackWins
	Drawn
)

// Game returns both players' ratings after one rated game between them,
// the game being its own rating period, each bounded as lichess bounds it.
func Game(white, black Glicko, o Outcome) (Glicko, Glicko) {
	ws := Draw
	switch o {
	case WhiteWins:
		ws = Win
	case BlackWins:
		ws = Loss
	}
	var t Tuning
	w := t.Update(white, []Opponent{{Glicko: black, Score: ws}}).Bound()
	b := t.Update(black, []Opponent{{Glicko: white, Score: 1 - ws}}).Bound()
	return w, b
}
