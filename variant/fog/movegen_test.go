package fog

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// The fog generator before it became chess.Position.GeneratePseudo, kept
// here as the reference TestGenerateMatchesReference compares with. It walks
// piece by piece with the exported attack tables and tests castling square
// by square, so it shares no code with the generator it checks.

// refGenerate fills ml as Generate did before it used GeneratePseudo.
func refGenerate(p *Position, ml *chess.MoveList) {
	ml.Clear()
	b := &p.board
	if b.Pieces(chess.White, chess.King) == 0 || b.Pieces(chess.Black, chess.King) == 0 {
		return
	}
	us := b.SideToMove()
	ours, theirs := b.ByColor(us), b.ByColor(us.Other())
	occ := ours | theirs
	for _, pt := range [...]chess.PieceType{chess.Knight, chess.Bishop, chess.Rook, chess.Queen, chess.King} {
		for pcs := b.Pieces(us, pt); pcs != 0; {
			from := pcs.PopFirst()
			for t := chess.Attacks(pt, us, from, occ) &^ ours; t != 0; {
				ml.Add(chess.NewMove(from, t.PopFirst()))
			}
		}
	}
	refPawns(b, us, theirs, occ, ml)
	for i := 0; i < 2; i++ {
		if ksq, rsq, ok := refCastlingOK(b, us, i, occ); ok {
			ml.Add(chess.NewCastling(ksq, rsq))
		}
	}
}

// refPawns adds the pawn moves of us one pawn at a time.
func refPawns(b *chess.Position, us chess.Color, theirs, occ chess.Bitboard, ml *chess.MoveList) {
	d, last := 8, chess.Rank8BB
	if us == chess.Black {
		d, last = -8, chess.Rank1BB
	}
	for pcs := b.Pieces(us, chess.Pawn); pcs != 0; {
		from := pcs.PopFirst()
		targets := chess.PawnAttacks(us, from) & theirs
		if one := chess.Square(int(from) + d); !occ.Has(one) {
			targets |= one.Bitboard()
			if two := chess.Square(int(one) + d); from.RelativeRank(us) == chess.Rank2 && !occ.Has(two) {
				targets |= two.Bitboard()
			}
		}
		for targets != 0 {
			to := targets.PopFirst()
			if !last.Has(to) {
				ml.Add(chess.NewMove(from, to))
				continue
			}
			for pt := chess.Queen; pt >= chess.Knight; pt-- {
				ml.Add(chess.NewPromotion(from, to, pt))
			}
		}
	}
	if ep := b.EnPassant(); ep != chess.NoSquare {
		for pcs := chess.PawnAttacks(us.Other(), ep) & b.Pieces(us, chess.Pawn); pcs != 0; {
			ml.Add(chess.NewEnPassant(pcs.PopFirst(), ep))
		}
	}
}

// refCastlingOK is fog's castling rule written out: colour c holds right i
// (0 king side, 1 queen side) and every square from the leftmost to the
// rightmost of king, rook and their targets is empty but for king and rook.
func refCastlingOK(b *chess.Position, c chess.Color, i int, occ chess.Bitboard) (ksq, rsq chess.Square, ok bool) {
	if b.Pieces(c, chess.King) == 0 {
		return 0, 0, false
	}
	rsq = b.CastlingRook(castlingRights[c][i])
	if rsq == chess.NoSquare {
		return 0, 0, false
	}
	ksq = b.KingSquare(c)
	r := chess.Rank1
	if c == chess.Black {
		r = chess.Rank8
	}
	kto, rto := chess.NewSquare(chess.FileC, r), chess.NewSquare(chess.FileD, r)
	if i == 0 {
		kto, rto = chess.NewSquare(chess.FileG, r), chess.NewSquare(chess.FileF, r)
	}
	for s := min(ksq, rsq, kto, rto); s <= max(ksq, rsq, kto, rto); s++ {
		if s != ksq && s != rsq && occ.Has(s) {
			return 0, 0, false
		}
	}
	return ksq, rsq, true
}

// TestGenerateMatchesReference plays random games of fog of war from
// positions rich in castling, promotions, en passant and king captures, and
// checks in every position that Generate gives the reference's move set,
// and that each colour's castling seen by Visible is the reference's.
func TestGenerateMatchesReference(t *testing.T) {
	fens := []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // Kiwipete
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		"7k/8/8/KPp4r/8/8/8/8 w - c6 0 2",
		"5rk1/8/8/8/8/8/8/4K2R w K - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	}
	var starts []Position
	for _, fen := range fens {
		starts = append(starts, mustFEN(t, fen))
	}
	for _, n := range []int{0, 1, 87, 200, 353, 518, 959} {
		b, err := chess.StartPosition960(n)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, FromChess(b))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	positions := 0
	var got, want chess.MoveList
	for _, start := range starts {
		for game := 0; game < 40; game++ {
			p := start
			for ply := 0; ply < 120; ply++ {
				positions++
				p.Generate(&got)
				refGenerate(&p, &want)
				if !sameMoves(&got, &want) {
					t.Fatalf("%s: Generate %v, reference %v", p.FEN(), got.Moves(), want.Moves())
				}
				checkCastlingSight(t, &p)
				if want.Len() == 0 {
					break
				}
				p = p.Play(want.At(rng.IntN(want.Len())))
			}
		}
	}
	t.Logf("%d positions", positions)
}

// sameMoves reports whether a and b hold the same moves, in any order.
func sameMoves(a, b *chess.MoveList) bool {
	x, y := slices.Clone(a.Moves()), slices.Clone(b.Moves())
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// checkCastlingSight checks, for both colours, that the castling targets
// Visible adds are those of the reference's castling rule.
func checkCastlingSight(t *testing.T, p *Position) {
	t.Helper()
	b := &p.board
	for c := chess.White; c <= chess.Black; c++ {
		for i, r := range castlingRights[c] {
			m, ok := b.PseudoCastling(r)
			ksq, rsq, wantOK := refCastlingOK(b, c, i, b.Occupied())
			if ok != wantOK || ok && m != chess.NewCastling(ksq, rsq) {
				t.Fatalf("%s: PseudoCastling(%v) = %v, %v; reference %v, %v",
					p.FEN(), r, m, ok, chess.NewCastling(ksq, rsq), wantOK)
			}
		}
	}
}

// TestGenerateAllocs: generation allocates nothing.
func TestGenerateAllocs(t *testing.T) {
	p := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml chess.MoveList
	if n := testing.AllocsPerRun(100, func() { p.Generate(&ml) }); n != 0 {
		t.Errorf("Generate allocates %v times per run, want 0", n)
	}
}
