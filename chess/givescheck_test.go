package chess

import "testing"

// checkTestFENs have a check of every kind among their moves: a castling
// rook's, one uncovered by en passant, a promotion's through the square
// the pawn left, a knight uncovering a rook, double checks.
var checkTestFENs = []string{
	"5k2/8/8/8/8/8/8/4K2R w K - 0 1",                               // O-O checks with the rook
	"8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 1",                           // exd6 e.p. uncovers the rook
	"n7/1P6/2k5/8/8/8/8/4K3 w - - 0 1",                             // bxa8=Q and =B check through b7
	"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",                            // the knight uncovers the rook
	"rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", // Bb5+
}

// TestGivesCheckEveryMove checks GivesCheck, which does not make the move,
// against the position after it, on every legal move of the positions of
// legalTestFENs and checkTestFENs and of those one and two plies after
// them, and that checks of every kind were among them.
func TestGivesCheckEveryMove(t *testing.T) {
	var kinds struct{ castling, enPassant, promotion, uncovered, double, total int }
	var walk func(p *Position, plies int)
	walk = func(p *Position, plies int) {
		var ml MoveList
		p.GenerateLegal(&ml)
		ci := p.CheckInfo()
		for _, m := range ml.Moves() {
			var child Position
			p.MakeMove(m, &child)
			if got, want := p.GivesCheck(m), child.InCheck(); got != want {
				t.Fatalf("%s: GivesCheck(%s) = %v, the position after it says %v", p.FEN(), p.UCI(m), got, want)
			}
			if got, want := ci.GivesCheck(p, m), child.InCheck(); got != want {
				t.Fatalf("%s: CheckInfo.GivesCheck(%s) = %v, the position after it says %v", p.FEN(), p.UCI(m), got, want)
			}
			if child.InCheck() {
				kinds.total++
				switch {
				case m.Kind() == Castling:
					kinds.castling++
				case m.Kind() == EnPassant:
					kinds.enPassant++
				case m.Kind() == Promotion:
					kinds.promotion++
				}
				if child.Checkers().More() {
					kinds.double++
				}
				if child.Checkers()&^m.To().Bitboard() != 0 {
					kinds.uncovered++
				}
			}
			if plies > 1 {
				walk(&child, plies-1)
			}
		}
	}
	for _, fen := range append(append([]string{}, legalTestFENs...), checkTestFENs...) {
		p, err := ParseFEN960(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		walk(&p, 3)
	}
	// A variant's position whose side not to move is already attacked:
	// every move leaving the attack standing checks.
	p, err := ParseFENKingEnPrise("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	walk(&p, 1)
	if kinds.castling == 0 || kinds.enPassant == 0 || kinds.promotion == 0 || kinds.uncovered == 0 || kinds.double == 0 {
		t.Errorf("checks met: %+v; want every kind", kinds)
	}
	t.Logf("checks met: %+v", kinds)
}

// FuzzGivesCheck checks GivesCheck against the position after the move on
// every legal move of positions reached by fuzzed walks.
func FuzzGivesCheck(f *testing.F) {
	f.Add(uint8(0), []byte{12, 28})
	f.Add(uint8(1), []byte{})
	f.Add(uint8(3), []byte{7, 1, 9})
	f.Fuzz(func(t *testing.T, which uint8, path []byte) {
		fens := append(append([]string{}, legalTestFENs...), checkTestFENs...)
		p, err := ParseFEN960(fens[int(which)%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		walk(&p, path)
		var ml MoveList
		p.GenerateLegal(&ml)
		ci := p.CheckInfo()
		for _, m := range ml.Moves() {
			var child Position
			p.MakeMove(m, &child)
			if p.GivesCheck(m) != child.InCheck() || ci.GivesCheck(&p, m) != child.InCheck() {
				t.Fatalf("%s: GivesCheck(%s) = %v, CheckInfo says %v, the position after it says %v",
					p.FEN(), p.UCI(m), p.GivesCheck(m), ci.GivesCheck(&p, m), child.InCheck())
			}
		}
	})
}

// BenchmarkGivesCheck asks of every legal move of an Italian opening
// where two captures on f7 check whether it checks: by Position.GivesCheck
// and by a CheckInfo computed once each time.
func BenchmarkGivesCheck(b *testing.B) {
	p, err := ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3")
	if err != nil {
		b.Fatal(err)
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, bm := range []struct {
		name   string
		checks func() int
	}{
		{"Position", func() (n int) {
			for _, m := range ml.Moves() {
				if p.GivesCheck(m) {
					n++
				}
			}
			return n
		}},
		{"CheckInfo", func() (n int) {
			ci := p.CheckInfo()
			for _, m := range ml.Moves() {
				if ci.GivesCheck(&p, m) {
					n++
				}
			}
			return n
		}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			checks := 0
			for b.Loop() {
				checks += bm.checks()
			}
			if checks == 0 {
				b.Fatal("no check among the moves")
			}
		})
	}
}
