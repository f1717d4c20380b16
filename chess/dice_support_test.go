package chess

import "testing"

func TestPlayAgain(t *testing.T) {
	tests := []struct {
		fen, uci, want string
	}{
		{StartFEN, "g1f3", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 1"},
		// the double step would leave an en-passant square for Black: cleared
		{"4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 7", "e2e4", "4k3/8/8/8/3pP3/8/8/4K3 w - - 0 7"},
		// Black's move advanced the fullmove number; PlayAgain takes it back
		{"4k3/8/8/8/8/8/8/R3K3 b Q - 3 12", "e8d7", "8/3k4/8/8/8/8/8/R3K3 b Q - 4 12"},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCI(tt.uci)
		if err != nil {
			t.Fatal(err)
		}
		p.Play(m)
		p.PlayAgain()
		if got := p.FEN(); got != tt.want {
			t.Errorf("%s then %s: got %s, want %s", tt.fen, tt.uci, got, tt.want)
		}
		want, _ := ParseFEN(tt.want)
		if p.Key() != want.Key() {
			t.Errorf("%s then %s: key %x, want %x", tt.fen, tt.uci, p.Key(), want.Key())
		}
		if err := p.Validate(); err != nil {
			t.Errorf("%s then %s: %v", tt.fen, tt.uci, err)
		}
		if p.InCheck() {
			t.Errorf("%s then %s: in check", tt.fen, tt.uci)
		}
	}
}
