package chess

import (
	"errors"
	"path/filepath"
	"testing"
)

// allPerftPositions returns every position of the perft files.
func allPerftPositions(t testing.TB) []Position {
	t.Helper()
	var out []Position
	for _, name := range []string{"cpw.epd", "perftsuite.epd", "tricky.epd", "chess960.epd", "chess960-tricky.epd"} {
		for _, c := range readPerftFile(t, filepath.Join(dataDir(t), "perft", name)) {
			p, err := ParseFEN(c.fen)
			if err != nil {
				p, err = ParseFEN960(c.fen)
			}
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			out = append(out, p)
		}
	}
	return out
}

// TestNotationRoundTrip formats every legal move of every perft position (and
// of the positions one move later) in SAN, LAN and UCI, and parses it back.
func TestNotationRoundTrip(t *testing.T) {
	n := 0
	for _, root := range allPerftPositions(t) {
		var ml MoveList
		root.GenerateLegal(&ml)
		positions := []Position{root}
		for _, m := range ml.Moves() {
			var child Position
			root.MakeMove(m, &child)
			positions = append(positions, child)
		}
		for _, p := range positions {
			var moves MoveList
			p.GenerateLegal(&moves)
			for _, m := range moves.Moves() {
				n++
				for _, form := range []struct {
					name  string
					text  string
					parse func(string) (Move, error)
				}{
					{"SAN", p.SAN(m), p.ParseSAN},
					{"LAN", p.LAN(m), p.ParseSAN},
					{"UCI", p.UCI(m), p.ParseUCI},
				} {
					got, err := form.parse(form.text)
					if err != nil || got != m {
						t.Fatalf("%s %q in %s: got %v, %v; want %v", form.name, form.text, p.FEN(), got, err, m)
					}
				}
			}
		}
	}
	if n < 100000 {
		t.Fatalf("only %d moves checked", n)
	}
}

func TestSAN(t *testing.T) {
	tests := []struct {
		fen, uci, want string
	}{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "Rxa8+"},
		// Disambiguation by file, by rank, and by both.
		{"4k3/8/8/8/8/8/6K1/R6R w - - 0 1", "a1d1", "Rad1"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
		{"7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1", "c4d3", "Qc4d3"},
		// A pinned piece does not need disambiguating against.
		{"4k3/8/8/8/8/2N1N3/8/4K3 w - - 0 1", "e3d5", "Ned5"},
		{"4k3/4r3/8/8/8/2N1N3/8/4K3 w - - 0 1", "c3d5", "Nd5"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"},
		{"k4r2/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7f8n", "exf8=N"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"7k/8/6QK/8/8/8/8/8 w - - 0 1", "g6g7", "Qg7#"},
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCI(tt.uci)
		if err != nil {
			t.Fatalf("%s: %v", tt.uci, err)
		}
		if got := p.SAN(m); got != tt.want {
			t.Errorf("SAN(%s) in %s = %q, want %q", tt.uci, tt.fen, got, tt.want)
		}
	}
}

func TestParseSANLenient(t *testing.T) {
	tests := []struct {
		fen, san, want string
	}{
		{StartFEN, "Ng1f3", "g1f3"},
		{StartFEN, "N1f3", "g1f3"},
		{StartFEN, "Ng1-f3", "g1f3"},
		{StartFEN, "e2-e4", "e2e4"},
		{StartFEN, "e2e4", "e2e4"},
		{StartFEN, "Pe4", "e2e4"},
		{StartFEN, "e4!?", "e2e4"},
		{StartFEN, "Nf3+", "g1f3"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O+", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", "e1g1"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8Q", "e7e8q"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=Q", "e7e8q"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=N", "e7e8n"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8(R)", "e7e8r"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=q", "e7e8q"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6e.p.", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "ed6", "e5d6"},
		{"r1bqkbnr/pppppppp/2n5/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "Nbd7", ""},
		{"rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "Nbd7", ""},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseSAN(tt.san)
		if tt.want == "" {
			if err == nil {
				t.Errorf("ParseSAN(%q) in %s = %v, want an error", tt.san, tt.fen, m)
			}
			continue
		}
		if err != nil || p.UCI(m) != tt.want {
			t.Errorf("ParseSAN(%q) in %s = %v, %v; want %s", tt.san, tt.fen, m, err, tt.want)
		}
	}
}

func TestParseSANErrors(t *testing.T) {
	tests := []struct {
		fen, san string
		want     error
	}{
		{StartFEN, "", ErrInvalidMove},
		{StartFEN, "Xe4", ErrInvalidMove},
		{StartFEN, "e9", ErrInvalidMove},
		{StartFEN, "Nf3f3f3", ErrInvalidMove},
		{StartFEN, "e5", ErrIllegalMove},
		{StartFEN, "O-O", ErrIllegalMove},
		{StartFEN, "Qh5", ErrIllegalMove},
		{"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "Rb2", ErrIllegalMove},
		{"4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "Rd1", ErrAmbiguousMove},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8", ErrAmbiguousMove},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=K", ErrInvalidMove},
	}
	for _, tt := range tests {
		p, _ := ParseFEN(tt.fen)
		if _, err := p.ParseSAN(tt.san); !errors.Is(err, tt.want) {
			t.Errorf("ParseSAN(%q) error = %v, want %v", tt.san, err, tt.want)
		}
	}
}

func TestUCIChess960Castling(t *testing.T) {
	p, err := ParseFEN960("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.FEN(), "4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1"; got != want {
		t.Errorf("FEN = %q, want %q (X-FEN)", got, want)
	}
	if got, want := p.ShredderFEN(), "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1"; got != want {
		t.Errorf("ShredderFEN = %q, want %q", got, want)
	}
	m, err := p.ParseUCI("e1g1")
	if err != nil || m.Kind() != Castling {
		t.Fatalf("e1g1: %v %v", m, err)
	}
	if got := p.UCI(m); got != "e1g1" {
		t.Errorf("UCI = %q, want e1g1", got)
	}
	var after Position
	p.MakeMove(m, &after)
	if got, want := after.FEN(), "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1"; got != want {
		t.Errorf("after O-O: %q, want %q", got, want)
	}
	if got := p.SAN(m); got != "O-O" {
		t.Errorf("SAN = %q, want O-O", got)
	}
	std := StartPosition()
	if _, err := std.ParseUCI("e1g1"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("castling through pieces: got %v", err)
	}
	for _, bad := range []string{"", "e2", "e2e9", "e2e4x", "e7e8k", "i2i4", "e2e2"} {
		if _, err := std.ParseUCI(bad); !errors.Is(err, ErrInvalidMove) {
			t.Errorf("ParseUCI(%q) error = %v, want ErrInvalidMove", bad, err)
		}
	}
}
