package bombbot

import (
	"context"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/bomb"
	"github.com/gambitchess/gambit/variant/fair"
)

const allSafe = ^chess.Bitboard(0)

func mustFEN(t *testing.T, fen string) chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCapturesFreeQueen(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1")
	want := chess.NewMove(chess.D2, chess.D5)
	for level := 1; level <= 2; level++ {
		// Once with no mine risk at all, once with the opening's risk: a
		// quarter of a rook is less than a queen.
		for _, safe := range []chess.Bitboard{allSafe, bomb.BackRanks} {
			if got := Choose(context.Background(), p, 0, safe, bomb.NumMines, level); got != want {
				t.Errorf("level %d, safe %v: %v, want %v", level, safe, got, want)
			}
		}
	}
}

// TestPrefersSafeSquare takes the move the bot plays when every square is
// safe, makes its destination the one square that may hold the one mine
// left, and checks that the bot moves elsewhere, to a safe square; with no
// mine left the risk is gone and the first choice is back.
func TestPrefersSafeSquare(t *testing.T) {
	ctx := context.Background()
	for _, fen := range []string{chess.StartFEN, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"} {
		p := mustFEN(t, fen)
		for level := 1; level <= 2; level++ {
			first := Choose(ctx, p, 0, allSafe, 0, level)
			safe := allSafe &^ first.To().Bitboard()
			got := Choose(ctx, p, 0, safe, 1, level)
			if got == first || !safe.Has(got.To()) {
				t.Errorf("%s level %d: %v with a mine sure on %v", fen, level, got, first.To())
			}
			if again := Choose(ctx, p, 0, safe, 0, level); again != first {
				t.Errorf("%s level %d: %v with no mine left, want %v", fen, level, again, first)
			}
		}
	}
}

func TestRisk(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/8/2PP4/1N6/4K3 w - - 0 1")
	m := chess.NewMove(chess.B2, chess.D1) // not risky: rank 1
	var child chess.Position
	p.MakeMove(m, &child)
	r := newRisk(0, bomb.BackRanks, 8)
	if got := r.of(&p, &child, m); got != 0 {
		t.Errorf("risk of a back-rank move %d", got)
	}
	m = chess.NewMove(chess.B2, chess.C4) // lands next to both pawns
	p.MakeMove(m, &child)
	// 8 mines on 32 squares: a quarter of knight and two pawns.
	if got, want := r.of(&p, &child, m), (320+100+100)/4; got != want {
		t.Errorf("risk %d, want %d", got, want)
	}
	if got := newRisk(0, bomb.BackRanks|chess.C4.Bitboard(), 8).of(&p, &child, m); got != 0 {
		t.Errorf("risk on a known safe square %d", got)
	}
	// Exploded squares and known safe ones leave fewer unknown squares:
	// the chance of each rises.
	r = newRisk(chess.A3.Bitboard(), bomb.BackRanks|chess.RankBB(chess.Rank3), 2)
	if got, want := r.of(&p, &child, m), 520*2/24; got != want {
		t.Errorf("risk %d, want %d", got, want)
	}
	// A blast that would leave the own king to a rook costs the game.
	p = mustFEN(t, "4r2k/8/8/8/8/8/4B3/4K1N1 w - - 0 1")
	m = chess.NewMove(chess.G1, chess.F3)
	p.MakeMove(m, &child)
	if got, want := newRisk(0, bomb.BackRanks, 32).of(&p, &child, m), lostScore; got != want {
		t.Errorf("risk %d, want %d", got, want)
	}
}

func TestDeterministic(t *testing.T) {
	ctx := context.Background()
	for _, fen := range []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	} {
		p := mustFEN(t, fen)
		for level := 1; level <= 2; level++ {
			a := Choose(ctx, p, 0, bomb.BackRanks, 8, level)
			b := Choose(ctx, p, 0, bomb.BackRanks, 8, level)
			if a != b || !p.IsLegal(a) {
				t.Errorf("%s level %d: %v then %v", fen, level, a, b)
			}
		}
	}
}

func TestNoMove(t *testing.T) {
	p := mustFEN(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if got := Choose(context.Background(), p, 0, bomb.BackRanks, 8, 2); got != chess.MoveNone {
		t.Errorf("stalemate: %v", got)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if got := Choose(ctx, p, 0, bomb.BackRanks, 8, 2); !p.IsLegal(got) {
		t.Errorf("cancelled search returned %v", got)
	}
}

// TestBounded checks that a level-2 move in a busy middlegame stays well
// within a second (generously, for a loaded machine: the node limit is what
// bounds it).
func TestBounded(t *testing.T) {
	p := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	start := time.Now()
	Choose(context.Background(), p, 0, bomb.BackRanks, 8, 2)
	d := time.Since(start)
	t.Logf("level 2 on Kiwipete: %v", d)
	if d > 3*time.Second {
		t.Errorf("level 2 took %v", d)
	}
}

// TestHiddenMinesIrrelevant plays pairs of games whose seeds lay
// different mines, with the bot on both sides. As long as the public
// information (position, exploded mines, known safe squares, mines left) is
// the same in both games, so are Choose's inputs, and its moves must be too:
// it has no other input through which the hidden mines could reach it. The
// test looks for a second seed under which the games stay alike for at
// least 6 plies, then checks every ply of them.
func TestHiddenMinesIrrelevant(t *testing.T) {
	seedA := fair.Seed{1}
	for level := 1; level <= 2; level++ {
		longest := 0
		for i := 2; i < 200 && longest < 6; i++ {
			seedB := fair.Seed{byte(i)}
			if bomb.Mines(seedA) == bomb.Mines(seedB) {
				continue
			}
			longest = max(longest, sameGames(t, seedA, seedB, level))
		}
		if longest < 6 {
			t.Errorf("level %d: the games stayed alike for %d plies at most", level, longest)
		}
	}
}

// sameGames plays the bot at level against itself under two seeds while
// the public information stays the same, checking that it plays the same
// moves, and returns how many plies that lasted (at most 12).
func sameGames(t *testing.T, seedA, seedB fair.Seed, level int) int {
	t.Helper()
	ctx := context.Background()
	a := bomb.NewGame(chess.StartPosition(), seedA)
	b := bomb.NewGame(chess.StartPosition(), seedB)
	for ply := 0; ply < 12; ply++ {
		pa, pb := a.Position(), b.Position()
		if a.Outcome().Over() || pa.FEN() != pb.FEN() || a.Exploded() != b.Exploded() ||
			a.KnownSafe() != b.KnownSafe() || a.Hidden().Count() != b.Hidden().Count() {
			return ply // a mine in one game only: the public information differs from here
		}
		ma := Choose(ctx, pa, a.Exploded(), a.KnownSafe(), a.Hidden().Count(), level)
		mb := Choose(ctx, pb, b.Exploded(), b.KnownSafe(), b.Hidden().Count(), level)
		if ma != mb {
			t.Fatalf("level %d ply %d: %v in game A, %v in game B with the same public information", level, ply, ma, mb)
		}
		if _, err := a.Push(ma); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Push(mb); err != nil {
			t.Fatal(err)
		}
	}
	return 12
}

// TestSearchAllocs checks that level 2 allocates per move, not per node:
// the search is the engine's, which allocates nothing per node
// (engine.TestSearchZeroAlloc); what remains is the engine and its table,
// the root moves and their penalties, a few hundred allocations for a
// search of up to nodeLimit nodes.
func TestSearchAllocs(t *testing.T) {
	p := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	allocs := testing.AllocsPerRun(2, func() {
		Choose(context.Background(), p, 0, bomb.BackRanks, 8, 2)
	})
	t.Logf("%v allocations per level-2 move", allocs)
	if allocs > 200 {
		t.Errorf("%v allocations per level-2 move, want a few hundred at most", allocs)
	}
}
