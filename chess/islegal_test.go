package chess

import "testing"

// legalTestFENs are positions with every kind of move and every reason a
// move is illegal: castling both ways (standard and Chess960), en passant
// (one that would expose the king along the rank), promotions by push and
// capture, pins, single and double checks.
var legalTestFENs = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",                                  // en passant would expose the king
	"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",                                // in check: no castling, blocks and king steps
	"4k3/8/8/1b6/8/8/4r3/4K3 w - - 0 1",                                 // single check
	"4k3/8/8/8/1b6/8/4r3/R3K3 w Q - 0 1",                                // double-check-like lines
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", // Chess960
	"2r1k2r/1P6/8/8/8/8/6p1/R3K2R b KQk - 0 1",                          // promotions by push and capture, both castlings
	"4k3/8/8/8/K6r/8/1P6/8 w - - 0 1",                                   // a pawn's push or double push blocks the check
	"4k3/8/8/8/8/2b5/1P6/K7 w - - 0 1",                                  // a pinned pawn takes its pinner
	"1r2k3/P7/8/8/8/8/8/1K6 w - - 0 1",                                  // a promotion by capture answers the check
}

// TestIsLegalEveryMove asks IsLegal of every 16-bit value in each position
// of legalTestFENs and one ply after it, and checks it against the move
// generator: IsLegal is true exactly of the generated moves.
func TestIsLegalEveryMove(t *testing.T) {
	positions := 0
	for _, fen := range legalTestFENs {
		p, err := ParseFEN960(fen) // reads standard FENs too
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		checkIsLegal(t, &p)
		positions++
		for _, m := range ml.Moves() {
			var child Position
			p.MakeMove(m, &child)
			checkIsLegal(t, &child)
			positions++
		}
	}
	// A side without its king (variants where a king is taken) has no
	// legal move, though it has pseudo-legal ones.
	p, err := ParseFENKingEnPrise("4k3/8/8/8/8/8/4P3/R7 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var pseudo MoveList
	p.GeneratePseudo(All, &pseudo)
	for v := range 1 << 16 {
		if p.IsLegal(Move(v)) {
			t.Fatalf("%s: IsLegal(%v) without the mover's king", p.FEN(), Move(v))
		}
	}
	if pseudo.Len() == 0 {
		t.Fatalf("%s: no pseudo-legal move either: the test position is wrong", p.FEN())
	}
	if positions < 200 {
		t.Errorf("checked %d positions, want at least 200", positions)
	}
}

// checkIsLegal fails unless IsLegal agrees with GenerateLegal on every
// 16-bit move in p.
func checkIsLegal(t *testing.T, p *Position) {
	t.Helper()
	var ml MoveList
	p.GenerateLegal(&ml)
	legal := map[Move]bool{}
	for _, m := range ml.Moves() {
		legal[m] = true
	}
	for v := range 1 << 16 {
		m := Move(v)
		if got := p.IsLegal(m); got != legal[m] {
			t.Fatalf("%s: IsLegal(%v, kind %d) = %v, the generator says %v", p.FEN(), m, m.Kind()>>14, got, legal[m])
		}
	}
}

// FuzzIsLegal checks IsLegal against the move generator on any move in
// positions reached by fuzzed moves from legalTestFENs.
func FuzzIsLegal(f *testing.F) {
	f.Add(uint8(0), []byte{12, 28}, uint16(NewMove(E2, E4)))
	f.Add(uint8(5), []byte{}, uint16(NewEnPassant(E5, D6)))
	f.Add(uint8(10), []byte{3}, uint16(NewPromotion(G2, G1, Queen)))
	f.Fuzz(func(t *testing.T, which uint8, path []byte, move uint16) {
		p, err := ParseFEN960(legalTestFENs[int(which)%len(legalTestFENs)])
		if err != nil {
			t.Fatal(err)
		}
		walk(&p, path)
		var ml MoveList
		p.GenerateLegal(&ml)
		m := Move(move)
		if got, want := p.IsLegal(m), ml.Contains(m); got != want {
			t.Fatalf("%s: IsLegal(%v) = %v, the generator says %v", p.FEN(), m, got, want)
		}
	})
}

// walk plays from p the legal moves path picks, a byte each, until the
// path or the legal moves run out: the fuzz targets' way to reach
// positions.
func walk(p *Position, path []byte) {
	var ml MoveList
	for _, b := range path {
		p.GenerateLegal(&ml)
		if ml.Len() == 0 {
			return
		}
		p.Play(ml.At(int(b) % ml.Len()))
	}
}

// BenchmarkIsLegal asks IsLegal of each legal move of Kiwipete and as many
// moves that are not.
func BenchmarkIsLegal(b *testing.B) {
	p, err := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	moves := ml.Moves()
	for _, m := range ml.Moves() {
		moves = append(moves, NewMove(m.To(), m.From())) // mostly not legal
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			if p.IsLegal(m) && m.Kind() == Castling && len(moves) == 0 {
				b.Fatal("unreachable")
			}
		}
	}
}
