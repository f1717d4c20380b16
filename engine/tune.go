package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/gambitchess/gambit/chess"
)

// Texel tuning. The evaluation is linear in the tunable weights (see
// trace.go) apart from the endgame scaling, the king-attack term and the
// tempo, which the tuner holds at their values for the start weights. Tune
// therefore minimises the mean squared error between each game result and
// sigmoid(K·eval) by full-batch gradient descent (Adam) with the analytical
// gradient of that linear form, rather than Texel's original ±1 local
// search: one pass over the data yields the whole gradient of all ~800
// weights, where local search needs two evaluations of the data set per
// weight per step. The result depends only on the data, the start weights
// and the configuration: the data are cut into a fixed number of chunks
// whose gradients are summed in order, whatever the number of workers.

// TuneConfig configures Tune.
type TuneConfig struct {
	Iterations int     // gradient steps over the whole data set (default 500)
	Rate       float64 // Adam step size in centipawns (default 1)
	K          float64 // sigmoid scale; 0 fits it to the start weights
	Workers    int     // goroutines computing the gradient (default 1)
	// Regularization is λ of the penalty λ·Σ(w − w_start)² (weights in
	// centipawns) added to the error: it keeps rarely seen terms, such as
	// the piece-square values of odd squares, near their start values.
	Regularization float64
	// FreezePST keeps the piece-square tables at their start values and
	// tunes only the other terms (about 40 pairs instead of 400): fewer
	// weights overfit less when the data come from few games.
	FreezePST bool
}

// TuneReport describes a Tune run. Errors are mean squared errors of the
// real evaluation (Evaluator.Evaluate), before and after.
type TuneReport struct {
	Positions   int
	K           float64
	ErrorBefore float64
	ErrorAfter  float64
}

// tuneChunks is the fixed number of pieces the gradient is summed from.
const tuneChunks = 64

// sigmoid maps a White-view score in centipawns to an expected result.
func sigmoid(k, score float64) float64 {
	return 1 / (1 + math.Pow(10, -k*score/400))
}

// whiteEval is ev's evaluation of p from White's view.
func whiteEval(ev *Evaluator, p *chess.Position) int {
	v := ev.Evaluate(p)
	if p.SideToMove() == chess.Black {
		return -v
	}
	return v
}

// TuningError is the mean squared error between the samples' results and
// sigmoid(k·eval) with ev's evaluation.
func TuningError(samples []Sample, ev *Evaluator, k float64) float64 {
	evals := make([]float64, len(samples))
	for i := range samples {
		evals[i] = float64(whiteEval(ev, &samples[i].Pos))
	}
	return meanError(samples, evals, k)
}

func meanError(samples []Sample, evals []float64, k float64) float64 {
	if len(samples) == 0 {
		return 0
	}
	sum := 0.0
	for i, s := range samples {
		d := s.Result - sigmoid(k, evals[i])
		sum += d * d
	}
	return sum / float64(len(samples))
}

// FitK returns the sigmoid scale K in [0.01, 5] that minimises TuningError
// for ev, by golden-section search.
func FitK(samples []Sample, ev *Evaluator) float64 {
	evals := make([]float64, len(samples))
	for i := range samples {
		evals[i] = float64(whiteEval(ev, &samples[i].Pos))
	}
	f := func(k float64) float64 { return meanError(samples, evals, k) }
	lo, hi := 0.01, 5.0
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(a), f(b)
	for range 60 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(b)
		}
	}
	return (lo + hi) / 2
}

// tuneEntry is one sample in linear form: eval = (Σ θ·coef·(mg or eg
// share) + constMG·phase/24 + constEG·(24-phase)/24)/div + offset.
type tuneEntry struct {
	first, end int     // its features in tuneSet.idx/coef
	mgShare    float64 // phase/24/div: weight of middlegame values
	egShare    float64 // (24-phase)/24/div
	offset     float64 // constMG·mgShare + constEG·egShare + mop-up bonus + tempo, White's view
	result     float64
}

// tuneSet is the data set in linear form, with sparse features.
type tuneSet struct {
	entries []tuneEntry
	idx     []int32
	coef    []float64
}

// newTuneSet traces every sample with ev (whose untuned terms and endgame
// scaling are held fixed). Dead draws are left out.
func newTuneSet(samples []Sample, ev *Evaluator, w *Weights) *tuneSet {
	ts := &tuneSet{}
	var tr evalTrace
	for i := range samples {
		p := &samples[i].Pos
		if insufficientMaterial(p) {
			continue
		}
		ev.trace(p, &tr)
		v := ev.traceEval(p, &tr, w) - whiteTempo(p, ev.tempo)
		div, bonus := endgameScale(p, v)
		e := tuneEntry{first: len(ts.idx), result: samples[i].Result}
		e.mgShare = float64(tr.phase) / 24 / float64(div)
		e.egShare = float64(24-tr.phase) / 24 / float64(div)
		e.offset = float64(tr.constMG)*e.mgShare + float64(tr.constEG)*e.egShare + float64(bonus) + float64(whiteTempo(p, ev.tempo))
		for j, c := range tr.coef {
			if c != 0 {
				ts.idx = append(ts.idx, int32(j))
				ts.coef = append(ts.coef, float64(c))
			}
		}
		e.end = len(ts.idx)
		ts.entries = append(ts.entries, e)
	}
	return ts
}

// eval is the linear evaluation of entry e with parameters theta
// (middlegame values at 2i, endgame values at 2i+1).
func (ts *tuneSet) eval(e *tuneEntry, theta []float64) float64 {
	mg, eg := 0.0, 0.0
	for j := e.first; j < e.end; j++ {
		i, c := ts.idx[j], ts.coef[j]
		mg += theta[2*i] * c
		eg += theta[2*i+1] * c
	}
	return mg*e.mgShare + eg*e.egShare + e.offset
}

// gradient adds to grad the gradient of the summed squared error over
// entries [lo, hi) and returns that sum.
func (ts *tuneSet) gradient(theta, grad []float64, k float64, lo, hi int) float64 {
	sum := 0.0
	dsig := k * math.Ln10 / 400
	for n := lo; n < hi; n++ {
		e := &ts.entries[n]
		s := sigmoid(k, ts.eval(e, theta))
		d := s - e.result
		sum += d * d
		g := 2 * d * s * (1 - s) * dsig
		gm, ge := g*e.mgShare, g*e.egShare
		for j := e.first; j < e.end; j++ {
			i, c := ts.idx[j], ts.coef[j]
			grad[2*i] += gm * c
			grad[2*i+1] += ge * c
		}
	}
	return sum
}

// fullGradient computes the mean error and its gradient over all entries on
// the given number of workers, deterministically.
func (ts *tuneSet) fullGradient(theta, grad []float64, bufs [][]float64, k float64, workers int) float64 {
	n := len(ts.entries)
	sums := make([]float64, tuneChunks)
	var wg sync.WaitGroup
	next := make(chan int, tuneChunks)
	for c := range tuneChunks {
		next <- c
	}
	close(next)
	for range workers {
		wg.Go(func() {
			for c := range next {
				clear(bufs[c])
				sums[c] = ts.gradient(theta, bufs[c], k, c*n/tuneChunks, (c+1)*n/tuneChunks)
			}
		})
	}
	wg.Wait()
	clear(grad)
	total := 0.0
	for c := range tuneChunks {
		total += sums[c]
		for i, v := range bufs[c] {
			grad[i] += v / float64(n)
		}
	}
	return total / float64(n)
}

// Tune fits the tunable weights of start to the samples (Texel's method) and
// returns the tuned weights, rounded to whole centipawns, with a report.
// progress, if not nil, is called after each step with the model's error
// (regularization penalty included).
func Tune(ctx context.Context, samples []Sample, start Weights, cfg TuneConfig, progress func(iter int, mse float64)) (Weights, TuneReport, error) {
	if cfg.Iterations <= 0 {
		cfg.Iterations = 500
	}
	if cfg.Rate <= 0 {
		cfg.Rate = 1
	}
	cfg.Workers = max(cfg.Workers, 1)
	ev := NewEvaluator(start)
	rep := TuneReport{K: cfg.K}
	if rep.K <= 0 {
		rep.K = FitK(samples, ev)
	}
	ts := newTuneSet(samples, ev, &start)
	rep.Positions = len(ts.entries)
	if rep.Positions == 0 {
		return start, rep, errors.New("tune: no usable positions")
	}
	rep.ErrorBefore = TuningError(samples, ev, rep.K)

	pairs := tunablePairs(&start)
	theta := make([]float64, 2*len(pairs))
	for i, p := range pairs {
		theta[2*i], theta[2*i+1] = float64(p.MG), float64(p.EG)
	}
	if err := adam(ctx, ts, theta, rep.K, cfg, progress); err != nil {
		return start, rep, err
	}
	tuned := start
	for i, p := range tunablePairs(&tuned) {
		*p = Pair{int(math.Round(theta[2*i])), int(math.Round(theta[2*i+1]))}
	}
	rep.ErrorAfter = TuningError(samples, NewEvaluator(tuned), rep.K)
	return tuned, rep, nil
}

// adam runs cfg.Iterations Adam steps on theta.
func adam(ctx context.Context, ts *tuneSet, theta []float64, k float64, cfg TuneConfig, progress func(int, float64)) error {
	const beta1, beta2, eps = 0.9, 0.999, 1e-12
	grad := make([]float64, len(theta))
	m := make([]float64, len(theta))
	v := make([]float64, len(theta))
	bufs := make([][]float64, tuneChunks)
	for c := range bufs {
		bufs[c] = make([]float64, len(theta))
	}
	start := slices.Clone(theta)
	for it := 1; it <= cfg.Iterations; it++ {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("tune: stopped at iteration %d: %w", it, err)
		}
		mse := ts.fullGradient(theta, grad, bufs, k, cfg.Workers)
		if cfg.FreezePST {
			clear(grad[2*tpPST : 2*(tpPST+6*64)])
		}
		for i, t := range theta {
			d := t - start[i]
			mse += cfg.Regularization * d * d
			grad[i] += 2 * cfg.Regularization * d
		}
		c1 := 1 - math.Pow(beta1, float64(it))
		c2 := 1 - math.Pow(beta2, float64(it))
		for i, g := range grad {
			m[i] = beta1*m[i] + (1-beta1)*g
			v[i] = beta2*v[i] + (1-beta2)*g*g
			theta[i] -= cfg.Rate * (m[i] / c1) / (math.Sqrt(v[i]/c2) + eps)
		}
		if progress != nil {
			progress(it, mse)
		}
	}
	return nil
}
