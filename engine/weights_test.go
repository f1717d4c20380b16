package engine

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// benchEvals are Evaluate's scores of BenchPositions before the weights
// became data (commit 2e379b2), which PeSTOWeights must reproduce, plus the
// passed-pawn king race added later (it changed the five positions with a
// passer on the fourth rank or beyond: -186→-184, -33→-37, 65→62, -66→-64,
// 353→352).
var benchEvals = []int{
	-184, 22, -57, 30, 31, 58, 91, -37, 208, 177, 159, -24, 62, 57, -51, 106, -31, 62, -67, 164,
	224, -27, -42, 149, 10, 70, 12, 173, 79, 10, -252, -69, -64, 352, 92, 40, 507, 550, 10, 122,
}

func TestPeSTOWeightsReproduceEvaluate(t *testing.T) {
	ev := NewEvaluator(PeSTOWeights())
	for i, fen := range BenchPositions {
		p := mustFEN(t, fen)
		if got := ev.Evaluate(&p); got != benchEvals[i] {
			t.Errorf("%s: NewEvaluator(PeSTOWeights()) %d, want %d", fen, got, benchEvals[i])
		}
	}
}

// TestEvaluateUsesDefaultWeights: Evaluate is NewEvaluator(DefaultWeights()).
func TestEvaluateUsesDefaultWeights(t *testing.T) {
	ev := NewEvaluator(DefaultWeights())
	for _, fen := range BenchPositions {
		p := mustFEN(t, fen)
		if a, b := Evaluate(&p), ev.Evaluate(&p); a != b {
			t.Errorf("%s: Evaluate %d, NewEvaluator(DefaultWeights()) %d", fen, a, b)
		}
	}
}

// TestSetWeights: an engine with other weights searches differently, and
// setting the defaults back restores the default search.
func TestSetWeights(t *testing.T) {
	pos := mustFEN(t, BenchPositions[4])
	e := New(DefaultOptions())
	base := e.Search(context.Background(), pos, nil, Limits{Depth: 6}, nil)
	w := DefaultWeights()
	w.PieceValue[1] = Pair{200, 200}
	e.SetWeights(w)
	e.NewGame()
	other := e.Search(context.Background(), pos, nil, Limits{Depth: 6}, nil)
	if other.Nodes == base.Nodes && other.Score == base.Score {
		t.Errorf("SetWeights had no effect: %d nodes, score %d", other.Nodes, other.Score)
	}
	e.SetWeights(DefaultWeights())
	e.NewGame()
	again := e.Search(context.Background(), pos, nil, Limits{Depth: 6}, nil)
	if again.Nodes != base.Nodes || again.Score != base.Score {
		t.Errorf("default weights again: %d nodes score %d, want %d nodes score %d", again.Nodes, again.Score, base.Nodes, base.Score)
	}
}

func TestWeightsJSONRoundTrip(t *testing.T) {
	w := otherWeights()
	var b bytes.Buffer
	if err := WriteWeightsJSON(&b, w); err != nil {
		t.Fatal(err)
	}
	got, err := ReadWeightsJSON(&b)
	if err != nil {
		t.Fatal(err)
	}
	if got != w {
		t.Error("weights changed in a JSON round trip")
	}
	if _, err := ReadWeightsJSON(strings.NewReader(`{"tempo": 10}`)); err == nil {
		t.Error("partial weights accepted")
	}
	var src bytes.Buffer
	if err := WriteWeightsGo(&src, "tunedWeights", "weights.", w); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(src.String(), "func tunedWeights() Weights {") {
		t.Errorf("generated Go:\n%.300s", src.String())
	}
}
