package banqi

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gambitchess/gambit/variant/fair"
)

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func mustDeal(t testing.TB, p Position, seed fair.Seed) Position {
	t.Helper()
	q, err := Deal(p, seed)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestPerftStart counts the start's tree with this package and with the
// plain reference of reference_test.go. The public start's counts hold
// whatever the layout: 32 flips; then each of 14 kinds, and the second
// player's 31 flips (it has no piece face up), 13888; at depth 3, the
// 192448 positions after two flips (32 × 31 × (2 × 13 + 12 × 14): a
// general turned up leaves 13 kinds) have 30 flips each and 6528 captures
// among them, 5779968. The layout of seed {1, 2, 3} turns up one piece
// per flip: 32, 992, then 992 × 30 flips and 32 captures.
func TestPerftStart(t *testing.T) {
	seeded := mustDeal(t, StartPosition(), fair.Seed{1, 2, 3})
	tests := []struct {
		name  string
		p     Position
		depth int
		want  uint64
	}{
		{"public", StartPosition(), 1, 32},
		{"public", StartPosition(), 2, 13888},
		{"public", StartPosition(), 3, 5779968},
		{"seeded", seeded, 1, 32},
		{"seeded", seeded, 2, 992},
		{"seeded", seeded, 3, 29792},
		{"seeded", seeded, 4, 866880},
	}
	for _, tt := range tests {
		if testing.Short() && tt.want > 1e6 {
			continue
		}
		fen, key := tt.p.FEN(), tt.p.Key()
		if got := Perft(&tt.p, tt.depth); got != tt.want {
			t.Errorf("%s perft(%d) = %d, want %d", tt.name, tt.depth, got, tt.want)
		}
		if tt.depth <= 3 {
			if got := refOf(&tt.p).perft(tt.depth); got != tt.want {
				t.Errorf("%s: the reference counts perft(%d) = %d, want %d", tt.name, tt.depth, got, tt.want)
			}
		}
		if tt.p.FEN() != fen || tt.p.Key() != key {
			t.Errorf("%s: perft changed the position", tt.name)
		}
	}
}

// Positions worked out by hand.
func TestPerftByHand(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		reach int
		want  []uint64 // perft(1), perft(2), ...
	}{
		{
			// A red cannon on a1, a face-down piece on c1, a black chariot
			// on e1. Red: the flip of c1; the cannon's steps to a2 and b1;
			// its jump over c1 onto e1, four squares off: 4.
			name: "cannon jumps a face-down screen",
			fen:  "8/8/8/C1x1r3 w r 0 1",
			want: []uint64{4},
		},
		{
			// The same with the short cannon (reach 2): e1 is out of reach: 3.
			name:  "short cannon",
			fen:   "8/8/8/C1x1r3 w r 0 1",
			reach: 2,
			want:  []uint64{3},
		},
		{
			// The red general on a1 beside a black soldier on b1 cannot take
			// it: only a1a2. Black then: the soldier b1 to a1, b2, c1: 3.
			name: "general cannot take a soldier",
			fen:  "8/8/8/Kp6 w r 0 1",
			want: []uint64{1, 3},
		},
		{
			// Black to move: the soldier takes the general, or steps to b2
			// or c1: 3.
			name: "soldier takes the general",
			fen:  "8/8/8/Kp6 b r 0 1",
			want: []uint64{3},
		},
		{
			// A red horse on b2 between a black chariot on a2 (of higher
			// rank: not to be taken) and a black cannon on c2 (lower: it
			// takes it). Red: the horse to b1, b3, and onto c2: 3.
			name: "horse takes a cannon, not a chariot",
			fen:  "8/8/rNc5/8 w r 0 1",
			want: []uint64{3},
		},
		{
			// Black to move with no piece left, face up or face down (the
			// red general alone): no move, it has lost.
			name: "no pieces",
			fen:  "8/8/8/K7 b r 0 1",
			want: []uint64{0},
		},
		{
			// Black has no piece face up, but the face-down h1 may be
			// black's: it flips it.
			name: "a face-down piece may be black's",
			fen:  "8/8/8/K6x b r 0 1",
			want: []uint64{1},
		},
		{
			// A face-down piece is never taken: the red chariot on a1 under
			// a face-down a2 steps to b1, and a2 may be flipped: 2.
			name: "face-down pieces are not taken",
			fen:  "8/8/x7/R7 w r 0 1",
			want: []uint64{2},
		},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		p.SetCannonReach(tt.reach)
		for i, want := range tt.want {
			if got := Perft(&p, i+1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d; divide: %v", tt.name, i+1, got, want, Divide(&p, i+1))
			}
			if got := refOf(&p).perft(i + 1); got != want {
				t.Errorf("%s: the reference counts perft(%d) = %d, want %d", tt.name, i+1, got, want)
			}
		}
	}
}

// TestMovesMatchReference plays random games and compares every
// position's moves with the reference's, in the true position and in the
// public one read back from its FEN, with a cannon of any reach and the
// short one; the incremental key must equal a recomputed one throughout.
func TestMovesMatchReference(t *testing.T) {
	for game := range 40 {
		rng := rand.New(rand.NewPCG(uint64(game), 7))
		p := mustDeal(t, StartPosition(), fair.Seed{byte(game), 9})
		p.SetCannonReach([]int{0, 2}[game%2])
		for ply := 0; ply < 300; ply++ {
			var ml MoveList
			p.GenerateLegal(&ml)
			got := make([]string, 0, ml.Len())
			for _, m := range ml.Moves() {
				got = append(got, m.String())
			}
			slices.Sort(got)
			if want := refOf(&p).moves(); !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d, %s: moves %v, the reference %v", game, ply, p.FEN(), got, want)
			}
			pub := mustFEN(t, p.FEN())
			pub.SetCannonReach(p.CannonReach())
			if pubMoves := refOf(&pub).moves(); len(pubMoves) != len(got) && p.ColorToMove() != NoColor && p.HasPieces(p.ColorToMove()) {
				t.Fatalf("game %d ply %d, %s: the public position has %d moves, the true one %d", game, ply, p.FEN(), len(pubMoves), len(got))
			}
			if p.Key() != p.computeKey() || pub.Key() != p.Key() {
				t.Fatalf("game %d ply %d: key %x, recomputed %x, public %x", game, ply, p.Key(), p.computeKey(), pub.Key())
			}
			if ml.Len() == 0 {
				break
			}
			var child Position
			p.MakeMove(ml.At(rng.IntN(ml.Len())), &child)
			p = child
		}
	}
}

func TestGenerateAllocs(t *testing.T) {
	p := mustDeal(t, StartPosition(), fair.Seed{9})
	var ml MoveList
	var child Position
	allocs := testing.AllocsPerRun(100, func() {
		p.GenerateLegal(&ml)
		for i := 0; i < ml.Len(); i++ {
			p.MakeMove(ml.At(i), &child)
			_ = child.Attacks(ml.At(i).To())
		}
		_ = Perft(&p, 2)
	})
	if allocs != 0 {
		t.Errorf("GenerateLegal, MakeMove and Perft allocate %v times a run, want 0", allocs)
	}
}

func BenchmarkPerft3Public(b *testing.B) {
	p := StartPosition()
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += Perft(&p, 3)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkGenerateLegal(b *testing.B) {
	p := mustDeal(b, StartPosition(), fair.Seed{9})
	var child Position
	for _, s := range []Square{0, 1, 9, 10, 17, 18} { // some face up, for moves as well as flips
		p.MakeMove(NewMove(s, s), &child)
		p = child
	}
	var ml MoveList
	b.ReportAllocs()
	for b.Loop() {
		p.GenerateLegal(&ml)
	}
}
