package xiangqigame

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

// TestXiangqiDestsAgree checks the destinations grouped without allocating
// against the moves' own text, over random games.
func TestXiangqiDestsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for game := range 20 {
		p := xiangqi.StartPosition()
		for ply := range 150 {
			var ml xiangqi.MoveList
			p.GenerateLegal(&ml)
			moves := ml.Moves()
			want := map[string][]string{}
			for _, m := range moves {
				u := p.UCI(m)
				want[u[0:2]] = append(want[u[0:2]], u[2:4])
			}
			got := xiangqiDests(moves)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("game %d ply %d: xiangqiDests = %v, want %v", game, ply, got, want)
			}
			checkCapped(t, got)
			if len(moves) == 0 {
				break
			}
			var next xiangqi.Position
			p.MakeMove(moves[rng.IntN(len(moves))], &next)
			p = next
		}
	}
}

// checkCapped fails when a destination list could grow into the next.
func checkCapped(t *testing.T, d map[string][]string) {
	t.Helper()
	for from, to := range d {
		if cap(to) != len(to) {
			t.Fatalf("dests of %s: cap %d, len %d", from, cap(to), len(to))
		}
	}
}
