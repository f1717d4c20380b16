package engine

import "testing"

// TestQsearchPromotes: quiescence tries a queen promotion by a push (a
// Captures move, as in Stockfish), so at the horizon a pawn about to queen
// counts as a queen, and a pawn the other side can queen first counts
// against us.
func TestQsearchPromotes(t *testing.T) {
	tests := []struct {
		fen     string
		atLeast int // qsearch score for the side to move, at least
		atMost  int
	}{
		// White to move queens on a8: about a queen up, not a pawn.
		{"7k/P7/8/8/8/8/8/K7 w - - 0 1", 600, infinity},
		// Black to move queens on a1, though White has a pawn more.
		{"7k/8/8/8/8/8/p3P3/7K b - - 0 1", 600, infinity},
	}
	for _, tc := range tests {
		w := newTestWorker(t, mustFEN(t, tc.fen))
		got := w.qsearch(-infinity, infinity, 0)
		if got < tc.atLeast || got > tc.atMost {
			t.Errorf("%s: qsearch %d, want in [%d, %d]", tc.fen, got, tc.atLeast, tc.atMost)
		}
	}
}
