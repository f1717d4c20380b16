package review

import (
	"context"
	"os"
	"testing"

	"github.com/gambitchess/gambit/uci"
)

// bench40 reads testdata/bench40.pgn: a 40-move game (80 plies, Hansen -
// Carlsen, Oslo 2002), the game of BENCH.md's review figures.
func bench40(b *testing.B) *Game {
	b.Helper()
	text, err := os.ReadFile("testdata/bench40.pgn")
	if err != nil {
		b.Fatal(err)
	}
	g := openGame(b, "chess", string(text))
	if g.Plies() != 80 {
		b.Fatalf("%d plies, want 80", g.Plies())
	}
	return g
}

// BenchmarkReview40 reviews a 40-move game at the default budget with
// Gambit's engine and with Stockfish (BENCH.md; not a timed test):
//
//	go test -run XXX -bench Review40 -benchtime 1x ./review/
func BenchmarkReview40(b *testing.B) {
	g := bench40(b)
	for _, e := range []struct {
		name string
		ev   func() Evaluator
	}{
		{"gambit", func() Evaluator { return NewBuiltin() }},
		{"stockfish", func() Evaluator {
			return NewUCI(uci.ClientConfig{Path: stockfishPath, Options: []uci.EngineOption{{Name: "Threads", Value: "1"}}})
		}},
	} {
		b.Run(e.name, func(b *testing.B) {
			for b.Loop() {
				ev := e.ev()
				r, err := Run(context.Background(), g, ev, Options{Budget: DefaultBudget})
				ev.Close()
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(r.White.Accuracy, "white-acc")
				b.ReportMetric(r.Black.Accuracy, "black-acc")
			}
		})
	}
}
