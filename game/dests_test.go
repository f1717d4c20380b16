package game

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// refChessDests is the plain construction ChessDests must agree with: each
// move's UCI text cut in two, queen promotions only.
func refChessDests(p *chess.Position, moves []chess.Move) map[string][]string {
	out := map[string][]string{}
	for _, m := range moves {
		if m.Kind() == chess.Promotion && m.Promotion() != chess.Queen {
			continue
		}
		u := p.UCI(m)
		out[u[0:2]] = append(out[u[0:2]], u[2:4])
	}
	return out
}

// TestChessDestsAgree plays random games from starts with castling (both
// rules), promotions and Chess960 and compares ChessDests with the plain
// construction at every ply; appending to one square's list must leave the
// others as they were.
func TestChessDestsAgree(t *testing.T) {
	starts := map[string]func() (chess.Position, error){
		"standard": func() (chess.Position, error) { return chess.StartPosition(), nil },
		"castling and promotions": func() (chess.Position, error) {
			return chess.ParseFEN("r3k2r/pPppppp1/8/8/8/8/PpPPPPP1/R3K2R w KQkq - 0 1")
		},
		"chess960 518": func() (chess.Position, error) { return chess.StartPosition960(518) },
		"chess960 0":   func() (chess.Position, error) { return chess.StartPosition960(0) },
		"chess960 959": func() (chess.Position, error) { return chess.StartPosition960(959) },
	}
	for name, start := range starts {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			for game := range 20 {
				p, err := start()
				if err != nil {
					t.Fatal(err)
				}
				for ply := range 120 {
					var ml chess.MoveList
					p.GenerateLegal(&ml)
					moves := ml.Moves()
					got, want := ChessDests(&p, moves), refChessDests(&p, moves)
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("game %d ply %d (%s): ChessDests = %v, want %v", game, ply, p.FEN(), got, want)
					}
					checkCapped(t, got)
					if len(moves) == 0 {
						break
					}
					var next chess.Position
					p.MakeMove(moves[rng.IntN(len(moves))], &next)
					p = next
				}
			}
		})
	}
}

// checkCapped appends to every list of d in turn and checks that no other
// list changed.
func checkCapped(t *testing.T, d map[string][]string) {
	t.Helper()
	before := map[string][]string{}
	for k, v := range d {
		before[k] = append([]string(nil), v...)
	}
	for k := range d {
		_ = append(d[k], "zz")
	}
	if !reflect.DeepEqual(before, d) {
		t.Fatalf("appending to one square's destinations changed another's: %v, was %v", d, before)
	}
}

func BenchmarkChessDests(b *testing.B) {
	p, err := chess.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	if err != nil {
		b.Fatal(err)
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	b.ReportAllocs()
	for b.Loop() {
		ChessDests(&p, ml.Moves())
	}
}
