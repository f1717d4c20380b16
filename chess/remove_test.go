package chess

import "testing"

func TestRemovePieces(t *testing.T) {
	tests := []struct {
		name    string
		fen     string
		squares []Square
		want    string // FEN after the removal
	}{
		{"castling rook", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10", []Square{A1},
			"r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 10"},
		{"kings kept", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10", []Square{E1, E8, H8},
			"r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 10"},
		{"rook off its start square keeps the right", "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 3 10", []Square{H2},
			"r3k2r/8/8/8/8/8/8/R3K3 b Qkq - 0 10"},
		{"double-stepped pawn gone", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", []Square{E4},
			"4k3/8/8/8/3p4/8/8/4K3 b - - 0 1"},
		{"en-passant capturer gone", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", []Square{D4},
			"4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"},
		{"en passant survives", "4k3/8/8/8/3pP3/8/8/N3K3 b - e3 0 1", []Square{A1},
			"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"},
		{"discovered check", "4k3/8/8/8/4r3/8/4P3/4K3 w - - 5 20", []Square{E2},
			"4k3/8/8/8/4r3/8/8/4K3 w - - 0 20"},
		{"empty squares", "4k3/8/8/8/4r3/8/4P3/4K3 w - - 5 20", []Square{A1, H8},
			"4k3/8/8/8/4r3/8/4P3/4K3 w - - 0 20"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			want, err := ParseFEN(tt.want)
			if err != nil {
				t.Fatal(err)
			}
			var mask Bitboard
			for _, s := range tt.squares {
				mask |= s.Bitboard()
			}
			p.RemovePieces(mask)
			if got := p.FEN(); got != tt.want {
				t.Errorf("FEN %s, want %s", got, tt.want)
			}
			if p.Key() != want.Key() || p.Key() != p.computeKey() {
				t.Errorf("key %016x, want %016x (recomputed %016x)", p.Key(), want.Key(), p.computeKey())
			}
			if p.Castling() != want.Castling() || p.EnPassant() != want.EnPassant() {
				t.Errorf("castling %v, ep %v; want %v, %v", p.Castling(), p.EnPassant(), want.Castling(), want.EnPassant())
			}
			if p.Checkers() != want.Checkers() {
				t.Errorf("checkers %v, want %v", p.Checkers(), want.Checkers())
			}
			if err := p.Validate(); err != nil {
				t.Errorf("invalid after removal: %v", err)
			}
		})
	}
}

// TestRemovePiecesOppositeCheck covers a removal that leaves the side not
// to move in check, which ParseFEN would refuse: the position stays
// consistent and says so through AttackersOf.
func TestRemovePiecesOppositeCheck(t *testing.T) {
	p, err := ParseFEN("4k3/8/8/8/4r3/8/4P3/4K3 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p.RemovePieces(E2.Bitboard())
	if p.Key() != p.computeKey() {
		t.Errorf("key %016x, recomputed %016x", p.Key(), p.computeKey())
	}
	if p.InCheck() || p.AttackersOf(E1, Black) != E4.Bitboard() {
		t.Errorf("checkers %v, attackers of e1 %v", p.Checkers(), p.AttackersOf(E1, Black))
	}
}
