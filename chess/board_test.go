package chess

import "testing"

func TestDraw(t *testing.T) {
	p := StartPosition()
	want := "8 r n b q k b n r\n7 p p p p p p p p\n6 . . . . . . . .\n5 . . . . . . . .\n4 . . . . . . . .\n3 . . . . . . . .\n2 P P P P P P P P\n1 R N B Q K B N R\n  a b c d e f g h\n"
	if got := p.Draw(DrawOptions{}); got != want {
		t.Errorf("Draw:\n%s\nwant\n%s", got, want)
	}
	flipped := p.Draw(DrawOptions{Unicode: true, Flip: true})
	if want := "1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖\n"; flipped[:len(want)] != want {
		t.Errorf("flipped unicode first line %q, want %q", flipped[:len(want)], want)
	}
}

func TestMirror(t *testing.T) {
	for _, p := range allPerftPositions(t)[:200] {
		m := p.Mirror()
		if err := m.Validate(); err != nil && p.Validate() == nil {
			t.Fatalf("mirror of %s is invalid: %v", p.FEN(), err)
		}
		if m.CountLegal() != p.CountLegal() || Perft(&m, 2) != Perft(&p, 2) {
			t.Fatalf("mirror of %s (%s) has other moves", p.FEN(), m.FEN())
		}
		if back := m.Mirror(); back != p {
			t.Fatalf("mirroring twice changed %s into %s", p.FEN(), back.FEN())
		}
	}
}

func TestMoveQueries(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	tests := []struct {
		uci              string
		capture, zeroing bool
	}{
		{"e5f7", true, true}, {"d5d6", false, true}, {"e1g1", false, false}, {"c3b1", false, false}, {"d5e6", true, true},
	}
	for _, tt := range tests {
		m, err := p.ParseUCI(tt.uci)
		if err != nil {
			t.Fatal(err)
		}
		if p.IsCapture(m) != tt.capture || p.IsZeroing(m) != tt.zeroing {
			t.Errorf("%s: capture %v zeroing %v, want %v %v", tt.uci, p.IsCapture(m), p.IsZeroing(m), tt.capture, tt.zeroing)
		}
	}
	if got := p.AttacksFrom(E5); got != KnightAttacks(E5) {
		t.Errorf("AttacksFrom(e5) = %v", got.Squares())
	}
	if got := p.AttacksFrom(E3); got != 0 {
		t.Errorf("AttacksFrom(empty e3) = %v", got.Squares())
	}
}
