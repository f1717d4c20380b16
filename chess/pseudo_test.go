package chess

import "testing"

// TestGeneratePseudo checks GeneratePseudo against GenerateLegal in every
// position of a few perft trees, kind by kind: each kind holds the legal
// moves of that kind, Evasions equals All, and Captures and Quiets are
// disjoint parts of All. It also plays some pseudo-legal moves to check the
// king-capture positions they lead to.
func TestGeneratePseudo(t *testing.T) {
	fens := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		walkPseudo(t, &p, 2)
	}
}

func walkPseudo(t *testing.T, p *Position, depth int) {
	t.Helper()
	var all, ml, legal MoveList
	p.GeneratePseudo(All, &all)
	for _, kind := range []GenKind{All, Captures, Quiets, Evasions} {
		p.GeneratePseudo(kind, &ml)
		if kind == Evasions && !sameSet(&ml, &all) {
			t.Fatalf("%s: Evasions %v, All %v", p.FEN(), ml.Moves(), all.Moves())
		}
		for _, m := range ml.Moves() {
			if !all.Contains(m) {
				t.Fatalf("%s: kind %d has %s, All does not", p.FEN(), kind, p.UCI(m))
			}
		}
		if p.Pieces(p.side, King) == 0 || p.Pieces(p.side.Other(), King) == 0 {
			continue // no legal generation without both kings
		}
		p.Generate(kind, &legal)
		for _, m := range legal.Moves() {
			if !ml.Contains(m) {
				t.Fatalf("%s: legal %s missing from kind %d", p.FEN(), p.UCI(m), kind)
			}
		}
	}
	var caps, quiets MoveList
	p.GeneratePseudo(Captures, &caps)
	p.GeneratePseudo(Quiets, &quiets)
	for _, m := range caps.Moves() {
		if quiets.Contains(m) {
			t.Fatalf("%s: %s is in Captures and Quiets", p.FEN(), p.UCI(m))
		}
	}
	if depth == 0 || p.Pieces(p.side, King) == 0 {
		return
	}
	for _, m := range all.Moves() {
		child := *p
		child.Play(m)
		walkPseudo(t, &child, depth-1)
	}
}

// sameSet reports whether a and b hold the same moves.
func sameSet(a, b *MoveList) bool {
	if a.Len() != b.Len() {
		return false
	}
	for _, m := range a.Moves() {
		if !b.Contains(m) {
			return false
		}
	}
	return true
}

// TestGeneratePseudoNoKing: a side whose king was captured still has the
// moves of its other pieces, and no king move or castling.
func TestGeneratePseudoNoKing(t *testing.T) {
	p, err := ParseFENKingEnPrise("r3k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p.Play(NewMove(H1, H8)) // Rh8 pins nothing: it attacks the king
	p.Play(NewMove(A8, A1)) // Black ignores it
	p.Play(NewMove(H8, E8)) // and White takes the king
	var ml MoveList
	p.GeneratePseudo(All, &ml)
	if got, want := ml.Len(), 11; got != want {
		t.Errorf("%s: %d moves %v, want %d (the a1 rook's)", p.FEN(), got, ml.Moves(), want)
	}
}

func TestGeneratePseudoAllocs(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml MoveList
	allocs := testing.AllocsPerRun(100, func() {
		p.GeneratePseudo(All, &ml)
		p.GeneratePseudo(Captures, &ml)
		p.GeneratePseudo(Quiets, &ml)
		_, _ = p.PseudoCastling(WhiteKingSide)
	})
	if allocs != 0 {
		t.Fatalf("GeneratePseudo allocates %v times per run", allocs)
	}
}
