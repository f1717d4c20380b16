package engine

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// randomPositions returns n quiet positions reached by seeded random games.
func randomPositions(n int, seed uint64) []chess.Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []chess.Position
	for len(out) < n {
		p := chess.StartPosition()
		plies := 4 + rng.IntN(60)
		for i := 0; i < plies; i++ {
			var ml chess.MoveList
			p.GenerateLegal(&ml)
			if ml.Len() == 0 {
				break
			}
			p.Play(ml.At(rng.IntN(ml.Len())))
		}
		if p.HasLegalMove() && isQuiet(&p) {
			out = append(out, p)
		}
	}
	return out
}

// otherWeights differ from the defaults in most kinds of term.
func otherWeights() Weights {
	w := DefaultWeights()
	w.PieceValue[chess.Knight] = Pair{300, 320}
	w.PST[chess.Knight][chess.E4] = Pair{40, 30}
	w.Mobility[chess.Bishop] = Pair{8, 2}
	w.PassedPawn[5] = Pair{50, 90}
	w.IsolatedPawn = Pair{-20, -5}
	w.DoubledPawn = Pair{-4, -30}
	w.BackwardPawn = Pair{-15, -3}
	w.BishopPair = Pair{60, 80}
	w.RookOpen = Pair{40, 20}
	w.RookSemiOpen = Pair{5, 15}
	w.ShelterNear = Pair{15, 5}
	w.ShelterFar = Pair{2, -3}
	w.ShelterNoPawn = Pair{-25, 4}
	return w
}

// TestTraceMatchesEvaluate: the linear form the tuner works on reproduces
// Evaluate exactly, for the default weights and for others.
func TestTraceMatchesEvaluate(t *testing.T) {
	positions := randomPositions(500, 1)
	for _, fen := range BenchPositions {
		positions = append(positions, mustFEN(t, fen))
	}
	for _, w := range []Weights{DefaultWeights(), otherWeights()} {
		ev := NewEvaluator(w)
		var tr evalTrace
		for i := range positions {
			p := &positions[i]
			if insufficientMaterial(p) {
				continue
			}
			ev.trace(p, &tr)
			if got, want := ev.traceEval(p, &tr, &w), whiteEval(ev, p); got != want {
				t.Fatalf("%s: trace gives %d, Evaluate %d", p.FEN(), got, want)
			}
		}
	}
}

// TestTuneRecoversWeights: positions labelled with sigmoid(K·eval) under
// known weights; tuning from the defaults finds those weights again.
func TestTuneRecoversWeights(t *testing.T) {
	const k = 1.0
	truth := otherWeights()
	evTrue := NewEvaluator(truth)
	var samples []Sample
	for _, p := range randomPositions(4000, 2) {
		if v := whiteEval(evTrue, &p); abs(v) < 600 {
			samples = append(samples, Sample{Pos: p, Result: sigmoid(k, float64(v))})
		}
	}
	start := DefaultWeights()
	tuned, rep, err := Tune(context.Background(), samples, start, TuneConfig{Iterations: 1500, Rate: 1, K: k, Workers: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d positions, error %.6f -> %.6f", rep.Positions, rep.ErrorBefore, rep.ErrorAfter)
	if rep.ErrorAfter > rep.ErrorBefore/20 {
		t.Errorf("error %.6f -> %.6f: want a 20-fold drop", rep.ErrorBefore, rep.ErrorAfter)
	}
	check := func(name string, got, want, was Pair) {
		if d := abs(got.MG-want.MG) + abs(got.EG-want.EG); d > 8 {
			t.Errorf("%s: tuned %v, true %v (started at %v)", name, got, want, was)
		}
	}
	check("bishop pair", tuned.BishopPair, truth.BishopPair, start.BishopPair)
	check("bishop mobility", tuned.Mobility[chess.Bishop], truth.Mobility[chess.Bishop], start.Mobility[chess.Bishop])
	check("rook open file", tuned.RookOpen, truth.RookOpen, start.RookOpen)
	check("isolated pawn", tuned.IsolatedPawn, truth.IsolatedPawn, start.IsolatedPawn)
	evTuned := NewEvaluator(tuned)
	diff := 0.0
	for i := range samples {
		diff += math.Abs(float64(whiteEval(evTuned, &samples[i].Pos) - whiteEval(evTrue, &samples[i].Pos)))
	}
	if diff /= float64(len(samples)); diff > 5 {
		t.Errorf("tuned evaluation differs from the true one by %.1f cp on average", diff)
	}
}

// TestTuneDeterministic: the same data give the same weights whatever the
// number of workers.
func TestTuneDeterministic(t *testing.T) {
	var samples []Sample
	for i, p := range randomPositions(300, 3) {
		samples = append(samples, Sample{Pos: p, Result: float64(i%3) / 2})
	}
	a, ra, err := Tune(context.Background(), samples, DefaultWeights(), TuneConfig{Iterations: 20, Workers: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, rb, _ := Tune(context.Background(), samples, DefaultWeights(), TuneConfig{Iterations: 20, Workers: 2}, nil)
	if a != b || ra != rb {
		t.Errorf("1 and 2 workers differ: %+v vs %+v", ra, rb)
	}
}

func TestFitK(t *testing.T) {
	ev := NewEvaluator(DefaultWeights())
	var samples []Sample
	for _, p := range randomPositions(500, 4) {
		samples = append(samples, Sample{Pos: p, Result: sigmoid(1.3, float64(whiteEval(ev, &p)))})
	}
	if k := FitK(samples, ev); math.Abs(k-1.3) > 0.01 {
		t.Errorf("FitK = %.4f, want 1.3", k)
	}
}
