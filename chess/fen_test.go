package chess

import (
	"errors"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	tests := []struct{ in, want string }{
		{StartFEN, StartFEN},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ""},
		// EPD-style FENs without counters get the defaults.
		{"4k3/8/8/8/8/8/8/4K3 w -", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"4k3/8/8/8/8/8/8/4K3 b - -", "4k3/8/8/8/8/8/8/4K3 b - - 0 1"},
		// An en-passant square no pawn can use is dropped; a usable one is kept.
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", ""},
		// Shredder-FEN letters for standard corners read as KQkq.
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 5 40", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 40"},
		// Extra spaces, full-move 0.
		{"  8/8/8/8/8/8/8/K6k   w  -  -  0  0 ", "8/8/8/8/8/8/8/K6k w - - 0 1"},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", tt.in, err)
			continue
		}
		want := tt.want
		if want == "" {
			want = tt.in
		}
		if got := p.FEN(); got != want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tt.in, got, want)
		}
	}
}

func TestFENErrors(t *testing.T) {
	tests := []struct {
		fen   string
		field int
		want  error
	}{
		{"", 0, ErrFENFields},
		{"8/8/8/8/8/8/8/8", 0, ErrFENFields},
		{StartFEN + " extra", 0, ErrFENFields},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", 1, ErrFENPlacement},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, ErrFENPlacement},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, ErrFENPlacement},
		{"rnbqkbnr/ppxppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, ErrFENPlacement},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", 1, ErrKings},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", 1, ErrKings},
		{StartFEN[:44] + " x KQkq - 0 1", 2, ErrFENSyntax},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", 3, ErrFENSyntax},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", 3, ErrCastlingRights},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", 3, ErrCastlingRights},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 4, ErrFENSyntax},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", 4, ErrEnPassant},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", 4, ErrEnPassant},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 5, ErrFENSyntax},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", 5, ErrFENSyntax},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 z", 6, ErrFENSyntax},
		// Whole-position problems (field 0).
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, ErrPawnOnBackRank},
		{"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", 0, ErrPawnOnBackRank},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", 0, ErrOppositeCheck},
		{"4k3/8/8/8/8/8/PPPPPPPP/PPPPK3 w - - 0 1", 0, ErrTooManyPieces},
		{"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", 0, ErrTooManyPieces},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("ParseFEN(%q) = %v, want a *FENError", tt.fen, err)
			continue
		}
		if fe.Field != tt.field || !errors.Is(err, tt.want) {
			t.Errorf("ParseFEN(%q) = %v (field %d), want field %d and %v", tt.fen, err, fe.Field, tt.field, tt.want)
		}
	}
}

func TestValidateImpossibleCheck(t *testing.T) {
	// Legal to parse (perft suites use such positions), flagged by Validate.
	for _, fen := range []string{
		"rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1", // e.p. square, but checked by f2
		"4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1",                                  // two pawn checkers
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		if err := p.Validate(); !errors.Is(err, ErrImpossibleCheck) {
			t.Errorf("Validate(%q) = %v, want ErrImpossibleCheck", fen, err)
		}
	}
	p := StartPosition()
	if err := p.Validate(); err != nil {
		t.Errorf("start position: %v", err)
	}
}

func TestChess960FEN(t *testing.T) {
	tests := []struct{ in, want string }{
		// X-FEN KQkq: the outermost rooks.
		{"rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w KQkq - 0 1", "rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w KQkq - 0 1"},
		// Shredder-FEN becomes X-FEN.
		{"rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w CAca - 0 1", "rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w KQkq - 0 1"},
		// An inner rook keeps its file letter.
		{"1r1k1r1r/8/8/8/8/8/8/1R1K1R1R w Fb - 0 1", "1r1k1r1r/8/8/8/8/8/8/1R1K1R1R w Fq - 0 1"},
	}
	for _, tt := range tests {
		p, err := ParseFEN960(tt.in)
		if err != nil {
			t.Errorf("ParseFEN960(%q): %v", tt.in, err)
			continue
		}
		if got := p.FEN(); got != tt.want {
			t.Errorf("ParseFEN960(%q).FEN() = %q, want %q", tt.in, got, tt.want)
		}
		if q, err := ParseFEN960(p.FEN()); err != nil || q != p {
			t.Errorf("re-parse of %q: %v", p.FEN(), err)
		}
	}
}

func TestPolyglotKeys(t *testing.T) {
	// Key values published with the Polyglot book format description.
	tests := []struct {
		moves []string
		key   uint64
	}{
		{nil, 0x463b96181691fc9c},
		{[]string{"e2e4"}, 0x823c9b50fd114196},
		{[]string{"e2e4", "d7d5"}, 0x0756b94461c50fb0},
		{[]string{"e2e4", "d7d5", "e4e5"}, 0x662fafb965db29d4},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5"}, 0x22a48b5a8e47ff78},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}, 0x652a607ca3f242c1},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}, 0x00fdd303c946bdd9},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}, 0x3c8123ea7b067637},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}, 0x5c3f9b829b279560},
	}
	for _, tt := range tests {
		g := NewGame()
		for _, m := range tt.moves {
			if _, err := g.PushUCI(m); err != nil {
				t.Fatal(err)
			}
		}
		p := g.Position()
		if p.Key() != tt.key {
			t.Errorf("after %v: key %016x, want %016x", tt.moves, p.Key(), tt.key)
		}
		if p.computeKey() != p.Key() {
			t.Errorf("after %v: incremental key %016x != recomputed %016x", tt.moves, p.Key(), p.computeKey())
		}
	}
}

func TestParseFENKingEnPrise(t *testing.T) {
	const enPrise = "3k4/8/8/8/8/8/8/3QK3 w - - 0 1" // Black's king attacked, White to move
	if _, err := ParseFEN(enPrise); !errors.Is(err, ErrOppositeCheck) {
		t.Fatalf("ParseFEN = %v, want ErrOppositeCheck", err)
	}
	p, err := ParseFENKingEnPrise(enPrise)
	if err != nil {
		t.Fatalf("ParseFENKingEnPrise: %v", err)
	}
	if p.FEN() != enPrise || p.Key() == 0 {
		t.Fatalf("FEN = %q, key %x", p.FEN(), p.Key())
	}
	for _, bad := range []string{"8/8/8/8/8/8/8/3QK3 w - - 0 1", "3k4/8/8/8/8/8/8/3QKP2 w - - 0 1 x"} {
		if _, err := ParseFENKingEnPrise(bad); err == nil {
			t.Errorf("ParseFENKingEnPrise(%q) accepted", bad)
		}
	}

	// The side to move's king taken on the last move: accepted here alone.
	const taken = "3k4/8/8/8/8/8/8/3qR3 w - - 0 2"
	if _, err := ParseFEN(taken); !errors.Is(err, ErrKings) {
		t.Errorf("ParseFEN(%q) = %v, want ErrKings", taken, err)
	}
	if p, err := ParseFENKingEnPrise(taken); err != nil || p.FEN() != taken || p.Checkers() != 0 {
		t.Errorf("ParseFENKingEnPrise(%q) = %q, checkers %v, %v", taken, p.FEN(), p.Checkers(), err)
	} else if err := p.Validate(); !errors.Is(err, ErrKings) {
		t.Errorf("Validate = %v, want ErrKings", err)
	}

	// Taking a king on its square takes its side's castling rights.
	p, err = ParseFENKingEnPrise("r3k2r/8/8/8/8/8/4q3/R3K2R b KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p.Play(NewMove(E2, E1))
	if got, want := p.FEN(), "r3k2r/8/8/8/8/8/8/R3q2R w kq - 0 2"; got != want {
		t.Errorf("after Rxe1: %q, want %q", got, want)
	}
	if back, err := ParseFENKingEnPrise(p.FEN()); err != nil || back.Key() != p.Key() {
		t.Errorf("%q reads back with key %x, want %x: %v", p.FEN(), back.Key(), p.Key(), err)
	}
}

func TestEPDKey(t *testing.T) {
	tests := []struct {
		name, fen, same string // same: a FEN whose EPDKey must be equal
		keepsEP         bool   // the en-passant square counts in EPDKey
	}{
		{"legal capture", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "", true},
		{"pawn pinned along the rank", "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1", "8/8/8/K2pP2q/8/8/8/7k w - - 0 1", false},
		{"pawn pinned on a diagonal", "8/8/8/2pP4/8/8/8/k1K1b3 w - c6 0 1", "", true},
		{"no en passant", StartFEN, "", false},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if tt.same != "" && p.EnPassant() == NoSquare {
			t.Errorf("%s: the en-passant square was dropped on reading: the case tests nothing", tt.name)
		}
		if got := p.EPDKey() == p.Key(); got != (tt.keepsEP || p.EnPassant() == NoSquare) {
			t.Errorf("%s: EPDKey == Key is %v", tt.name, got)
		}
		if tt.same != "" {
			q, err := ParseFEN(tt.same)
			if err != nil {
				t.Fatal(err)
			}
			if p.EPDKey() != q.EPDKey() {
				t.Errorf("%s: EPDKey %016x, want %016x as for %s", tt.name, p.EPDKey(), q.EPDKey(), tt.same)
			}
		}
		if n := testing.AllocsPerRun(10, func() { p.EPDKey() }); n != 0 {
			t.Errorf("%s: EPDKey allocates %v times", tt.name, n)
		}
	}
}
