package engine

import (
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// TestPasserKings: the passed-pawn king race term, for both colours.
func TestPasserKings(t *testing.T) {
	tests := []struct {
		name, fen string
		sq        chess.Square
		want      int
	}{
		// e6 pawn, stop e7: black king a8 is 4 away, white king e5 2 away; rank 6 weighs 3.
		{"white passer, enemy king far", "k7/8/4P3/4K3/8/8/8/8 w - - 0 1", chess.E6, 3 * (5*4 - 2*2)},
		// The enemy king on the stop square: only our king's distance counts, negatively.
		{"enemy king blockades", "8/4k3/4P3/8/8/8/8/K7 w - - 0 1", chess.E6, 3 * (5*0 - 2*5)},
		// Distances are capped at 5 squares.
		{"distances capped", "7k/8/8/8/P7/8/8/7K w - - 0 1", chess.A4, 1 * (5*5 - 2*5)},
		// No bonus below the fourth rank.
		{"too far back", "k7/8/8/8/8/4P3/8/K7 w - - 0 1", chess.E3, 0},
		// The colour mirror of the first case scores the same for Black.
		{"black passer", "8/8/8/8/4k3/4p3/8/K7 b - - 0 1", chess.E3, 3 * (5*4 - 2*2)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			us := p.PieceAt(tc.sq).Color()
			if got := passerKings(us, tc.sq, p.KingSquare(us), p.KingSquare(us.Other())); got != tc.want {
				t.Errorf("passerKings(%s) = %d, want %d", tc.sq, got, tc.want)
			}
		})
	}
}
