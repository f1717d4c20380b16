package xiangqi

import (
	"testing"
)

// TestPlacementAgreesWithPosition: on a xiangqi position a Placement writes
// every legal move as the Position does, but for advisors and elephants
// sharing a file, which it tells apart.
func TestPlacementAgreesWithPosition(t *testing.T) {
	fens, _ := fuzzSeeds(t)
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			continue
		}
		b := PlacementOf(&p)
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			pt := p.PieceAt(m.From()).Type()
			if (pt == Advisor || pt == Elephant) && countOnFile(&p.board, p.PieceAt(m.From()), m.From().File()) > 1 {
				continue
			}
			for _, s := range []Script{Traditional, Simplified} {
				if got, want := b.ChineseIn(m, s), p.ChineseIn(m, s); got != want {
					t.Errorf("%s %v: Placement %q, Position %q", fen, m, got, want)
				}
			}
			if got, want := b.WXF(m), p.WXF(m); got != want {
				t.Errorf("%s %v: Placement WXF %q, Position %q", fen, m, got, want)
			}
		}
	}
}

// TestPlacementTandem: advisors and elephants on one file are told apart
// (a Position never needs to), three same pieces are front, middle and
// rear, and a move from an empty point or off the board is written "".
func TestPlacementTandem(t *testing.T) {
	var b Placement
	b[NewSquare(3, 0)] = RedAdvisor
	b[NewSquare(3, 2)] = RedAdvisor
	b[NewSquare(0, 4)] = BlackChariot
	b[NewSquare(0, 6)] = BlackChariot
	b[NewSquare(0, 8)] = BlackChariot
	tests := []struct {
		from, to   Square
		hant, hans string
		wxf        string
	}{
		{NewSquare(3, 2), NewSquare(4, 3), "前仕進五", "前仕进五", "A++5"},
		{NewSquare(3, 0), NewSquare(4, 1), "後仕進五", "后仕进五", "A-+5"},
		{NewSquare(0, 4), NewSquare(0, 3), "前車進１", "前车进１", "R++1"}, // Black's front is nearer Red
		{NewSquare(0, 6), NewSquare(1, 6), "中車平２", "中车平２", "R1.2"},
		{NewSquare(0, 8), NewSquare(0, 9), "後車退１", "后车退１", "R--1"},
		{NewSquare(5, 5), NewSquare(5, 6), "", "", ""},
		{NewSquare(3, 0), NewSquare(3, 0), "", "", ""},
	}
	for _, tt := range tests {
		m := NewMove(tt.from, tt.to)
		if got := b.ChineseIn(m, Traditional); got != tt.hant {
			t.Errorf("%v%v: ChineseIn(Traditional) = %q, want %q", tt.from, tt.to, got, tt.hant)
		}
		if got := b.ChineseIn(m, Simplified); got != tt.hans {
			t.Errorf("%v%v: ChineseIn(Simplified) = %q, want %q", tt.from, tt.to, got, tt.hans)
		}
		if got := b.WXF(m); got != tt.wxf {
			t.Errorf("%v%v: WXF = %q, want %q", tt.from, tt.to, got, tt.wxf)
		}
	}
}

// FuzzPlacementNotation: any placement and any move are written without a
// panic, "" exactly when the move moves no piece from a point to another.
func FuzzPlacementNotation(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15}, uint16(0x1234))
	f.Add([]byte{5, 0, 0, 5, 0, 0, 5, 16, 255}, uint16(27))
	f.Fuzz(func(t *testing.T, pieces []byte, raw uint16) {
		var b Placement
		for i := range min(len(pieces), NumSquares) {
			b[i] = Piece(pieces[i])
		}
		m := Move(raw)
		from, to := m.From(), m.To()
		moves := from.Valid() && to.Valid() && from != to && b[from] <= 15 && b[from].Type() != NoPieceType
		for _, s := range []Script{Traditional, Simplified, Script(7)} {
			if got := b.ChineseIn(m, s); (got != "") != moves {
				t.Fatalf("ChineseIn(%v) on %v = %q", m, b, got)
			}
		}
		if got := b.WXF(m); (got != "") != moves {
			t.Fatalf("WXF(%v) = %q", m, got)
		}
	})
}
