package engine

import (
	"context"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// TestRootPenalty: a root move scores its search result less its penalty
// (Limits.RootPenalty), so a large enough penalty makes the search prefer
// another move, a small one does not, and a huge one leaves the score at
// the floor, not beyond it.
func TestRootPenalty(t *testing.T) {
	pos := mustFEN(t, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1") // Rxd5 wins the queen
	var ml chess.MoveList
	pos.GenerateLegal(&ml)
	moves := ml.Moves()
	take := chess.NewMove(chess.D2, chess.D5)
	search := func(pen int) Result {
		t.Helper()
		var pens []int
		if pen >= 0 {
			pens = make([]int, len(moves))
			for i, m := range moves {
				if m == take {
					pens[i] = pen
				}
			}
		}
		opts := DefaultOptions()
		opts.Hash = 1
		return New(opts).Search(context.Background(), pos, nil, Limits{Depth: 6, SearchMoves: moves, RootPenalty: pens}, nil)
	}
	plain := search(-1)
	if plain.BestMove != take {
		t.Fatalf("no penalty: %v, want %v", plain.BestMove, take)
	}
	if r := search(0); r.BestMove != take || r.Score != plain.Score || r.Nodes != plain.Nodes {
		t.Errorf("zero penalties: %v %d (%d nodes), want %v %d (%d nodes) as without", r.BestMove, r.Score, r.Nodes, take, plain.Score, plain.Nodes)
	}
	if r := search(300); r.BestMove != take || r.Score != plain.Score-300 {
		t.Errorf("penalty 300: %v %d, want %v %d", r.BestMove, r.Score, take, plain.Score-300)
	}
	if r := search(3000); r.BestMove == take {
		t.Errorf("penalty 3000: still %v (score %d)", take, r.Score)
	}
	// Every move of a side about to be mated penalised by a mate (2*Mate
	// counts as Mate): the scores stop at the floor.
	pos = mustFEN(t, "1r4k1/5ppp/8/8/8/8/r7/6K1 w - - 0 1") // Kf1 or Kh1, then Rb1#
	pos.GenerateLegal(&ml)
	moves = ml.Moves()
	pens := make([]int, len(moves))
	for i := range pens {
		pens[i] = 2 * Mate
	}
	r := New(DefaultOptions()).Search(context.Background(), pos, nil, Limits{Depth: 4, SearchMoves: moves, RootPenalty: pens}, nil)
	if r.Score != penaltyFloor || !pos.IsLegal(r.BestMove) {
		t.Errorf("all moves penalised 2*Mate: %v %d, want a legal move scoring %d", r.BestMove, r.Score, penaltyFloor)
	}
}
