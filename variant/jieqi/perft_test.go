package jieqi

import (
	"testing"

	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/xiangqi"
)

// identityLayout returns the start with every face-down piece being the
// piece of its own point: jieqi then plays as xiangqi until an advisor or
// elephant leaves where xiangqi would keep it, which takes more than three
// plies from the start.
func identityLayout(t *testing.T) Position {
	t.Helper()
	p := StartPosition()
	for s := Square(0); s < NumSquares; s++ {
		if p.IsFaceDown(s) {
			if err := p.SetIdentity(s, home[s].Type()); err != nil {
				t.Fatal(err)
			}
		}
	}
	return p
}

func mustFEN(t *testing.T, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func TestPerftStart(t *testing.T) {
	// From the start a face-down piece moves as the xiangqi piece of its
	// point, so ply 1 is xiangqi's 44 whatever the layout. Below that the
	// count depends on what Red's first mover turned out to be. With every
	// piece being the piece of its point (and in the public start, where
	// an unknown mover turns up as the piece of its point) it is
	// xiangqi's 1920 and 79666: no advisor or elephant can leave its
	// xiangqi ground in three plies. The layout of seed {1, 2, 3} gives
	// 1923: its b2 piece is a horse, so after b2b9 (taking the horse-point
	// piece) nothing stands as a cannon on b9, and the three black moves
	// xiangqi forbids there (c9a7, c9e7 and d9e8, each of which would leave
	// one screen between a cannon on b9 and the general on e9) are legal.
	// Its perft(3) is a regression value of this generator.
	xs := xiangqi.StartPosition()
	want := []uint64{1, 44, 1920, 79666}
	for d := 1; d <= 3; d++ {
		if got := xiangqi.Perft(&xs, d); got != want[d] {
			t.Fatalf("xiangqi perft(%d) = %d, want %d", d, got, want[d])
		}
	}
	id := identityLayout(t)
	seeded, err := Deal(StartPosition(), fair.Seed{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		p     Position
		depth int
		want  uint64
	}{
		{"public", StartPosition(), 1, 44},
		{"public", StartPosition(), 2, 1920},
		{"identity", id, 1, 44},
		{"identity", id, 2, 1920},
		{"identity", id, 3, 79666},
		{"seeded", seeded, 1, 44},
		{"seeded", seeded, 2, 1923},
		{"seeded", seeded, 3, seededPerft3},
	}
	for _, tt := range tests {
		fen := tt.p.FEN()
		if got := Perft(&tt.p, tt.depth); got != tt.want {
			t.Errorf("%s perft(%d) = %d, want %d", tt.name, tt.depth, got, tt.want)
		}
		if tt.p.FEN() != fen {
			t.Errorf("%s: perft changed the position", tt.name)
		}
	}
}

// seededPerft3 is perft(3) of the layout fair.Seed{1, 2, 3} deals: a
// regression value of this generator (no other program here counts
// jieqi).
const seededPerft3 = 75418

// Positions worked out by hand.
func TestPerftByHand(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		ids  map[Square]PieceType // identities of face-down pieces, when needed
		want []uint64             // perft(1), perft(2), ...
	}{
		{
			// A lone red face-down piece on b2, a cannon's point, with a
			// black soldier on b5 as its screen and a black face-down
			// piece on b7 behind it. Red: the b2 piece moves as a cannon:
			// along rank 2, a2 and c2-i2 (8); up b3, b4 (2), over the
			// screen b5 to take b7 (1), not b6 (a cannon moves without
			// capturing only up to the first piece); down b1, b0 (2):
			// 13. The general on e0: e1 and f0; d0 is not legal, it
			// would face the black general on d9 on an open d file: 2.
			// Total 15.
			name: "face-down cannon point, screen",
			fen:  "3k5/9/1x7/9/1p7/9/9/1X7/9/4K4 w - - 0 1",
			want: []uint64{15},
		},
		{
			// A red elephant face up on e5, across the river. Its four
			// points: c7, g7 (taking the black horse), g3, and c3, whose
			// eye d4 holds a red soldier: 3. The soldier on d4, on its
			// own side, moves forward to d5 only: 1. The general on e0:
			// d0, e1; f0 would face the black general on f9: 2. Total 6.
			name: "revealed elephant across the river",
			fen:  "5k3/9/6n2/9/4B4/3P5/9/9/9/4K4 w - - 0 1",
			want: []uint64{6},
		},
		{
			// A black advisor face up on c1, outside its palace, checks
			// the red general on d0 diagonally. A red advisor face up on
			// c5 cannot help. Red's only move is d0d1 (e0 faces the
			// black general on e9; c0 is outside the palace): 1. Black
			// then: general e9 to e8 or f9 (d9 would face d1): 2; the
			// advisor on c1 to b0, d0, b2, d2 (an advisor is free once
			// face up): 4. Total 6.
			name: "revealed advisor outside the palace",
			fen:  "4k4/9/9/9/2A6/9/9/9/2a6/3K5 w - - 0 1",
			want: []uint64{1, 6},
		},
		{
			// A red face-down piece on d0, an advisor's point, which is
			// in truth a chariot; the red general on f2, Black's on d9.
			// Red: the d0 piece moves as an advisor in the palace, to e1
			// only (c1 is outside): 1; the general f2f1 and f2e2 (g2 and
			// f3 are outside the palace): 2. Total 3. Black's general on
			// d9 has d8 and e9. After d0e1 the piece is a chariot on e1
			// seeing e9 up an open file: only d8, 1. After f2f1: both,
			// 2. After f2e2: e9 would face the red general: only d8, 1.
			// Perft(2) = 4.
			name: "face-down advisor point hiding a chariot",
			fen:  "3k5/9/9/9/9/9/9/5K3/9/3X5 w - - 0 1",
			ids:  map[Square]PieceType{xiangqi.D0: Chariot},
			want: []uint64{3, 4},
		},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		for s, pt := range tt.ids {
			if err := p.SetIdentity(s, pt); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
		}
		for i, want := range tt.want {
			if got := Perft(&p, i+1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d; divide: %v", tt.name, i+1, got, want, Divide(&p, i+1))
			}
		}
	}
}

func TestGenerateAllocs(t *testing.T) {
	p, err := Deal(StartPosition(), fair.Seed{9})
	if err != nil {
		t.Fatal(err)
	}
	var ml MoveList
	var child Position
	allocs := testing.AllocsPerRun(100, func() {
		p.GenerateLegal(&ml)
		for i := 0; i < ml.Len(); i++ {
			p.MakeMove(ml.At(i), &child)
			_ = child.InCheck()
		}
	})
	if allocs != 0 {
		t.Errorf("GenerateLegal and MakeMove allocate %v times a run, want 0", allocs)
	}
}

func BenchmarkPerft3(b *testing.B) {
	p, _ := Deal(StartPosition(), fair.Seed{1, 2, 3})
	b.ReportAllocs()
	for b.Loop() {
		Perft(&p, 3)
	}
}
