package fog

import (
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// mustFEN parses fen or fails the test.
func mustFEN(tb testing.TB, fen string) Position {
	tb.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// played returns the position after the UCI moves, checked by Game.
func played(tb testing.TB, fen string, moves ...string) Position {
	tb.Helper()
	g := NewGame(mustFEN(tb, fen))
	for _, m := range moves {
		if err := g.PushUCI(m); err != nil {
			tb.Fatal(err)
		}
	}
	return g.Position()
}

// TestPerftStart checks the start position. Depths 1 to 3 equal chess's
// (20, 400, 8902): after one move each, no Black piece can reach White's
// king or pin a White piece against it (every line to e1 is still closed by
// White's own pawns and pieces, and opening one with a first move still
// leaves Black needing a second move to aim along it), so on ply 3 every
// pseudo-legal move is legal, none captures a king, and castling is not yet
// possible. Depth 4 differs: after a check on ply 3 (1.e4 d6 2.Bb5+) Black
// may ignore it, or leave a piece pinned to its king. 197742 is 461 above
// chess's 197281; it is not derived by hand, but TestLegalSubset checks the
// difference move by move against package chess.
func TestPerftStart(t *testing.T) {
	for depth, want := range []uint64{1, 20, 400, 8902, 197742} {
		if got := Perft(StartPosition(), depth); got != want {
			t.Errorf("depth %d: got %d, want %d", depth, got, want)
		}
	}
}

// TestPerftDiffers counts positions where king-capture chess and chess part.
func TestPerftDiffers(t *testing.T) {
	tests := []struct {
		name  string
		pos   Position
		depth int
		want  uint64
		chess uint64 // chess's legal count, for contrast (0: not compared)
	}{
		{
			// King e1 may step to d2, e2 and f2 on the a2 rook's rank: 5
			// king moves (d1 d2 e2 f1 f2); chess allows only d1 and f1.
			name: "king moves into check", depth: 1, want: 5, chess: 2,
			pos: mustFEN(t, "4k3/8/8/8/8/8/r7/4K3 w - - 0 1"),
		},
		{
			// The f8 rook attacks f1 and f2. Rook h1: g1 f1 and h2-h8 = 9.
			// King: d1 d2 e2 f1 f2 and O-O through the attacked f1 = 6.
			// Total 15; chess has 9 + d1 d2 e2 = 12, no castling.
			name: "castling through an attacked square", depth: 1, want: 15, chess: 12,
			pos: mustFEN(t, "5rk1/8/8/8/8/8/8/4K2R w K - 0 1"),
		},
		{
			// After 1...Kb8 into the b1 rook's file: rook b2-b8 (Rxb8 takes
			// the king) = 7, a1 c1 d1 = 3; king d1 d2 e2 f1 f2 = 5. Total 15.
			name: "capture of the king", depth: 1, want: 15,
			pos: played(t, "k7/8/8/8/8/8/8/1R2K3 b - - 0 1", "a8b8"),
		},
		{
			// bxc6 e.p. opens the h5 rook's rank onto the a5 king; Ka5-b4
			// steps next to the c5 pawn. King a4 a6 b4 b6 + b6 + bxc6 = 6;
			// chess has a4 a6 b6 + b6 = 4.
			name: "en passant exposing the king", depth: 1, want: 6, chess: 4,
			pos: mustFEN(t, "7k/8/8/KPp4r/8/8/8/8 w - c6 0 2"),
		},
		{
			// Depth 2 after 1...Kb8: each of White's 15 moves but Rxb8 leaves
			// Black its king moves from b8 (a7 a8 b7 c7 c8 = 5): 14 * 5 = 70;
			// Rxb8 ends the game, adding nothing.
			name: "no move after a king capture", depth: 2, want: 70,
			pos: played(t, "k7/8/8/8/8/8/8/1R2K3 b - - 0 1", "a8b8"),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Perft(tt.pos, tt.depth); got != tt.want {
				t.Errorf("Perft = %d, want %d", got, tt.want)
			}
			if tt.chess != 0 {
				b := tt.pos.Board()
				if got := chess.Perft(&b, tt.depth); got != tt.chess {
					t.Errorf("chess.Perft = %d, want %d", got, tt.chess)
				}
			}
		})
	}
}

// TestLegalSubset checks Generate against package chess's legal generator:
// filtering out the moves that leave the mover's king attacked, and castling
// out of or through check, must give exactly chess's legal moves, in every
// position of a few trees.
func TestLegalSubset(t *testing.T) {
	fens := []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // Kiwipete
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	}
	for _, fen := range fens {
		walkLegal(t, mustFEN(t, fen), 3)
	}
}

func walkLegal(t *testing.T, p Position, depth int) {
	t.Helper()
	b := p.Board()
	var legal, pseudo chess.MoveList
	b.GenerateLegal(&legal)
	p.Generate(&pseudo)
	n := 0
	for _, m := range pseudo.Moves() {
		if isLegal(p, m) {
			n++
			if !legal.Contains(m) {
				t.Fatalf("%s: %s passes the filter but chess rejects it", p.FEN(), p.UCI(m))
			}
		}
	}
	if n != legal.Len() {
		t.Fatalf("%s: %d filtered moves, chess has %d", p.FEN(), n, legal.Len())
	}
	if depth > 1 {
		for _, m := range legal.Moves() {
			walkLegal(t, p.Play(m), depth-1)
		}
	}
}

// isLegal is chess's legality written independently of its generator: the
// mover's king is not attacked afterwards, and castling (standard chess
// only) neither starts in check nor crosses an attacked square.
func isLegal(p Position, m chess.Move) bool {
	b := p.Board()
	us, them := b.SideToMove(), b.SideToMove().Other()
	if m.Kind() == chess.Castling {
		from, to := m.From(), chess.NewSquare(chess.FileG, m.From().Rank())
		if m.To() < from {
			to = chess.NewSquare(chess.FileC, m.From().Rank())
		}
		for s := min(from, to); s <= max(from, to); s++ {
			if b.IsAttacked(s, them, b.Occupied()) {
				return false
			}
		}
	}
	child := p.Play(m)
	after := child.Board()
	return !after.IsAttacked(after.KingSquare(us), them, after.Occupied())
}

// BenchmarkPerft shows that Generate and Play allocate nothing.
func BenchmarkPerft(b *testing.B) {
	p := mustFEN(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	b.ReportAllocs()
	for b.Loop() {
		Perft(p, 3)
	}
}

func TestPerftAllocs(t *testing.T) {
	p := StartPosition()
	if n := testing.AllocsPerRun(5, func() { Perft(p, 3) }); n != 0 {
		t.Errorf("Perft allocates %v times per run, want 0", n)
	}
}
