package chess

import "testing"

// FuzzParseFEN checks that any input parses or fails cleanly, and that a
// parsed position formats to a FEN that parses to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "8/8/8/8/8/8/8/K6k w - -", "", "////////", "8/8/8/8/8/8/8/8 w - - 0 1"} {
		f.Add(s, false)
	}
	f.Add("rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w CAca - 0 1", true)
	f.Fuzz(func(t *testing.T, s string, chess960 bool) {
		parse := ParseFEN
		if chess960 {
			parse = ParseFEN960
		}
		p, err := parse(s)
		if err != nil {
			return
		}
		q, err := parse(p.FEN())
		if err != nil {
			t.Fatalf("FEN %q of %q does not parse: %v", p.FEN(), s, err)
		}
		if q != p {
			t.Fatalf("round trip of %q: %q != %q", s, q.FEN(), p.FEN())
		}
		// Move generation must work on anything ParseFEN accepts.
		var ml MoveList
		p.GenerateLegal(&ml)
		if ml.Len() != p.CountLegal() {
			t.Fatalf("%q: %d moves listed, %d counted", s, ml.Len(), p.CountLegal())
		}
		for _, m := range ml.Moves() {
			var c Position
			p.MakeMove(m, &c)
			if c.computeKey() != c.Key() {
				t.Fatalf("%q: key drift after %v", s, m)
			}
		}
	})
}

// FuzzParseSAN checks that SAN parsing never panics and that any move it
// returns is legal and formats back to text that parses to the same move.
func FuzzParseSAN(f *testing.F) {
	fens := []string{StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"}
	for i, s := range []string{"e4", "Nf3", "O-O", "0-0-0+", "e8=Q", "exd6 e.p.", "Ng1f3", "N1f3", "Qh5!?", "--", "Z0", "e8(N)", "bxc8=Q+"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p, _ := ParseFEN(fens[int(which)%len(fens)])
		m, err := p.ParseSAN(s)
		if err != nil || m == MoveNull {
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("ParseSAN(%q) = illegal %v", s, m)
		}
		if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
			t.Fatalf("SAN %q of %q: %v %v", p.SAN(m), s, back, err)
		}
	})
}

// FuzzParseUCI checks that UCI move parsing never panics and returns only legal moves.
func FuzzParseUCI(f *testing.F) {
	for _, s := range []string{"e2e4", "g1f3", "e7e8q", "0000", "e1g1", "e1h1", "a1a1", "zzzz", ""} {
		f.Add(s)
	}
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := p.ParseUCI(s)
		if err != nil || m == MoveNull {
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("ParseUCI(%q) = illegal %v", s, m)
		}
		if back, err := p.ParseUCI(p.UCI(m)); err != nil || back != m {
			t.Fatalf("UCI %q of %q: %v %v", p.UCI(m), s, back, err)
		}
	})
}
