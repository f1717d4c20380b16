package chess_test

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/internal/shareddata"
)

// referenceSAN is the SAN (long false) and LAN (long true) writer as it was
// before AppendSAN: it generates every legal move for the disambiguation
// and makes the move for the check sign. AppendSAN must agree with it byte
// for byte (TestAppendSANMatchesReference, FuzzAppendSAN).
func referenceSAN(p *chess.Position, m chess.Move, long bool) string {
	if !m.IsValid() {
		return "--"
	}
	letters := [7]string{"", "", "N", "B", "R", "Q", "K"}
	var sb strings.Builder
	from, to := m.From(), m.To()
	pt := p.PieceAt(from).Type()
	capture := p.PieceAt(to) != chess.NoPiece || m.Kind() == chess.EnPassant
	switch {
	case m.Kind() == chess.Castling:
		if to > from {
			sb.WriteString("O-O")
		} else {
			sb.WriteString("O-O-O")
		}
	case long:
		sb.WriteString(letters[pt] + from.String())
		if capture {
			sb.WriteByte('x')
		} else {
			sb.WriteByte('-')
		}
		sb.WriteString(to.String())
	case pt == chess.Pawn:
		if capture {
			sb.WriteString(from.File().String() + "x")
		}
		sb.WriteString(to.String())
	default:
		var ml chess.MoveList
		p.GenerateLegal(&ml)
		sb.WriteString(letters[pt] + chess.Disambiguation(p, m, pt, ml.Moves()))
		if capture {
			sb.WriteByte('x')
		}
		sb.WriteString(to.String())
	}
	if promo := m.Promotion(); promo != chess.NoPieceType {
		sb.WriteString("=" + letters[promo])
	}
	var after chess.Position
	p.MakeMove(m, &after)
	if after.InCheck() {
		if after.HasLegalMove() {
			sb.WriteByte('+')
		} else {
			sb.WriteByte('#')
		}
	}
	return sb.String()
}

// compareSAN checks every legal move of p in SAN, AppendSAN and LAN against
// referenceSAN, and returns how many moves it checked.
func compareSAN(t testing.TB, p *chess.Position, buf []byte) int {
	t.Helper()
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves() {
		want := referenceSAN(p, m, false)
		buf = p.AppendSAN(append(buf[:0], '<'), m)
		if got := p.SAN(m); got != want || string(buf[1:]) != want || buf[0] != '<' {
			t.Fatalf("%s: %s is %q (SAN) and %q (AppendSAN), want %q", p.FEN(), m, got, buf, want)
		}
		if got, want := p.LAN(m), referenceSAN(p, m, true); got != want {
			t.Fatalf("%s: %s is %q in LAN, want %q", p.FEN(), m, got, want)
		}
	}
	return ml.Len()
}

// perftRoots returns the positions of the shared perft files.
func perftRoots(t testing.TB) []chess.Position {
	t.Helper()
	var out []chess.Position
	for _, name := range []string{"cpw.epd", "perftsuite.epd", "tricky.epd", "chess960.epd", "chess960-tricky.epd"} {
		f, err := os.Open(shareddata.Path(t, filepath.Join("perft", name)))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fen := strings.TrimSpace(strings.Split(sc.Text(), ";")[0])
			if fen == "" {
				continue
			}
			p, err := chess.ParseFEN(fen)
			if err != nil {
				p, err = chess.ParseFEN960(fen)
			}
			if err != nil {
				t.Fatalf("%s: %q: %v", name, fen, err)
			}
			out = append(out, p)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestAppendSANMatchesReference compares SAN, AppendSAN and LAN with the
// reference writer for every legal move of every position of the perft files
// and one ply after each (Chess960 castling included), and of every
// position of the shared PGN games' mainlines.
func TestAppendSANMatchesReference(t *testing.T) {
	var buf []byte
	n := 0
	for _, root := range perftRoots(t) {
		var ml1 chess.MoveList
		root.GenerateLegal(&ml1)
		n += compareSAN(t, &root, buf)
		for _, m1 := range ml1.Moves() {
			var child chess.Position
			root.MakeMove(m1, &child)
			n += compareSAN(t, &child, buf)
		}
	}
	if n < 100_000 {
		t.Fatalf("only %d perft moves checked", n)
	}
	games, plies := 0, 0
	eachSharedMainline(t, func(_ string, _ int, g *pgn.Mainline) {
		games++
		pos := g.Start
		for _, m := range g.Moves {
			compareSAN(t, &pos, buf)
			pos.Play(m)
			plies++
		}
		compareSAN(t, &pos, buf)
	})
	if games < 1000 || plies < 50000 {
		t.Fatalf("only %d games, %d plies checked", games, plies)
	}
	t.Logf("%d perft moves, %d games, %d plies", n, games, plies)
}

// FuzzAppendSAN plays random legal moves from a FEN, comparing every legal
// move's SAN and LAN with the reference writer on the way.
func FuzzAppendSAN(f *testing.F) {
	for _, fen := range []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"4k3/1P6/8/3pP3/8/8/8/R3K2R w KQ d6 0 1",
	} {
		f.Add(fen, uint64(1))
	}
	f.Fuzz(func(t *testing.T, fen string, seed uint64) {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			if p, err = chess.ParseFEN960(fen); err != nil {
				return
			}
		}
		rng := rand.New(rand.NewPCG(seed, seed>>32))
		var buf []byte
		for ply := 0; ply < 200; ply++ {
			if compareSAN(t, &p, buf) == 0 {
				return
			}
			var ml chess.MoveList
			p.GenerateLegal(&ml)
			p.Play(ml.At(rng.IntN(ml.Len())))
		}
	})
}

// TestAppendSANAllocs checks that AppendSAN into a buffer with room
// allocates nothing, checks and mates included.
func TestAppendSANAllocs(t *testing.T) {
	p, err := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	buf := make([]byte, 0, 16)
	if n := testing.AllocsPerRun(100, func() {
		for _, m := range ml.Moves() {
			buf = p.AppendSAN(buf[:0], m)
		}
	}); n != 0 {
		t.Fatalf("AppendSAN allocates %v times per position", n)
	}
}
