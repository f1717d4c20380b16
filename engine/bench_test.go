package engine

import (
	"context"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/internal/benchrun"
)

// benchSignature is the node count of Bench(BenchDepth). Every change to
// search, evaluation or move ordering updates it, and its commit message
// says "Bench: N"; other commits say "No functional change".
const benchSignature = 10807476

func TestBenchSignature(t *testing.T) {
	r, err := Bench(BenchDepth, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Nodes != benchSignature {
		t.Errorf("bench signature: got %d nodes, want %d (update benchSignature if the change is intended)", r.Nodes, benchSignature)
	}
	t.Logf("bench: %d nodes, %v, %d nps", r.Nodes, r.Time, r.NPS)
}

// TestBenchDeterministic: two runs give the same signature (no map order, no
// unseeded randomness, no clock in the node count).
func TestBenchDeterministic(t *testing.T) {
	a, _ := Bench(6, nil)
	b, _ := Bench(6, nil)
	if a.Nodes != b.Nodes {
		t.Errorf("bench depth 6: %d then %d nodes", a.Nodes, b.Nodes)
	}
}

// TestTeachingAlgorithms: minimax and negamax are the same search written
// two ways (same score, same nodes); alpha-beta returns a move of the same
// score with fewer nodes; the full search needs fewer still.
func TestTeachingAlgorithms(t *testing.T) {
	fens := []string{
		chess.StartFEN,
		"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	}
	for _, fen := range fens {
		pos := mustFEN(t, fen)
		depth := 3
		run := func(a Algorithm) Result {
			r, err := RunAlgorithm(context.Background(), pos, a, depth)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		mm, nm, ab := run(AlgorithmMinimax), run(AlgorithmNegamax), run(AlgorithmAlphaBeta)
		if mm.Score != nm.Score || mm.Nodes != nm.Nodes || mm.BestMove != nm.BestMove {
			t.Errorf("%s: minimax %v %d (%d nodes), negamax %v %d (%d nodes): want identical", fen, mm.BestMove, mm.Score, mm.Nodes, nm.BestMove, nm.Score, nm.Nodes)
		}
		if ab.Score != mm.Score {
			t.Errorf("%s: alphabeta score %d, minimax %d: want equal", fen, ab.Score, mm.Score)
		}
		if ab.Nodes >= mm.Nodes {
			t.Errorf("%s: alphabeta %d nodes, minimax %d: want fewer", fen, ab.Nodes, mm.Nodes)
		}
		g := run(AlgorithmGreedy)
		if g.BestMove == chess.MoveNone {
			t.Errorf("%s: greedy found no move", fen)
		}
		t.Logf("%s depth %d: minimax %v %d nodes, alphabeta %v %d nodes", fen, depth, mm.BestMove, mm.Nodes, ab.BestMove, ab.Nodes)
	}
	greedy := []struct {
		name, fen, want string
		score           Score
	}{
		{"takes the hanging queen", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5", 950},
		{"mates rather than takes a bishop", "6k1/5ppp/8/8/8/8/8/Rb2K3 w - - 0 1", "a1a8", Mate - 1},
		{"mates rather than takes a queen", "6k1/5ppp/8/8/8/8/q7/R3R1K1 w - - 0 1", "e1e8", Mate - 1},
		{"promotes to a queen", "8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q", 850},
	}
	for _, tt := range greedy {
		r, _ := RunAlgorithm(context.Background(), mustFEN(t, tt.fen), AlgorithmGreedy, 1)
		if r.BestMove.String() != tt.want || r.Score != tt.score {
			t.Errorf("greedy %s: got %v score %d, want %s score %d", tt.name, r.BestMove, r.Score, tt.want, tt.score)
		}
	}
}

// TestSkillLevel: the weakest level is reproducible (seeded), still legal,
// and does not simply play the full-strength move everywhere.
func TestSkillLevel(t *testing.T) {
	opts := DefaultOptions()
	opts.SkillLevel = 0
	differs := 0
	for _, fen := range BenchPositions[:12] {
		pos := mustFEN(t, fen)
		a := New(opts).Search(context.Background(), pos, nil, Limits{Depth: 6}, nil)
		b := New(opts).Search(context.Background(), pos, nil, Limits{Depth: 6}, nil)
		if a.BestMove != b.BestMove {
			t.Errorf("%s: skill 0 not reproducible: %v then %v", fen, a.BestMove, b.BestMove)
		}
		if !pos.IsLegal(a.BestMove) {
			t.Errorf("%s: skill 0 played illegal %v", fen, a.BestMove)
		}
		full := New(DefaultOptions()).Search(context.Background(), pos, nil, Limits{Depth: 6}, nil)
		if full.BestMove != a.BestMove {
			differs++
		}
	}
	if differs < 4 {
		t.Errorf("skill 0 chose the full-strength move in %d of 12 positions; want real errors", 12-differs)
	}
}

// BenchmarkBench runs the whole bench signature (gambit bench) once per
// iteration: the number to profile and compare for speed.
func BenchmarkBench(b *testing.B) {
	for b.Loop() {
		res, err := Bench(BenchDepth, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(res.NPS), "nodes/s")
	}
}

// TestSPRTOpenings checks the openings that the SPRT tests of
// docs/engine.md play from: 200 legal positions, none repeated, each with
// a legal move.
func TestSPRTOpenings(t *testing.T) {
	fens, err := benchrun.ReadOpenings("testdata/sprt-openings.epd", benchrun.Playable(chess.ParseFEN, (*chess.Position).HasLegalMove))
	if err != nil {
		t.Fatal(err)
	}
	if len(fens) != 200 {
		t.Errorf("%d openings, want 200", len(fens))
	}
}
