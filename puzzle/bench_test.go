package puzzle_test

import (
	"context"
	"errors"
	"io"
	"os"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/cputime"
	"github.com/gambitchess/gambit/internal/shareddata"
	"github.com/gambitchess/gambit/puzzle"
)

// benchGames are the first n games of a real PGN file (TWIC's), as the
// registry's games.
func benchGames(b *testing.B, n int) []*game.Game {
	f, err := os.Open(shareddata.Path(b, "pgn/games/twic0920.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	rd := pgn.NewReader(f)
	var ml pgn.Mainline
	var out []*game.Game
	for len(out) < n {
		err := rd.NextMainline(&ml)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			continue
		}
		g := chess.NewGameFrom(ml.Start)
		var moves []string
		for _, m := range ml.Moves {
			p := g.Position()
			moves = append(moves, p.UCI(m))
			if g.Push(m) != nil {
				break
			}
		}
		live, err := game.New(game.Options{ID: "b", StartFEN: ml.Start.FEN(), MoveText: moves})
		if err != nil {
			continue
		}
		out = append(out, live)
	}
	return out
}

// BenchmarkFind finds the puzzles of ten real games at the command's
// budget: ns/op is the time for the ten, puzzles/CPU-minute the yield
// (one core).
func BenchmarkFind(b *testing.B) {
	games := benchGames(b, 10)
	found := 0
	start := cputime.Process()
	for b.Loop() {
		for _, g := range games {
			e, _ := g.Engine()
			ps, err := puzzle.Find(context.Background(), e, puzzle.DefaultBudget)
			if err != nil {
				b.Fatal(err)
			}
			found += len(ps)
		}
	}
	if cpu := cputime.Process() - start; cpu > 0 {
		b.ReportMetric(float64(found)/cpu.Minutes(), "puzzles/CPU-minute")
	}
	b.ReportMetric(float64(found)/float64(b.N*len(games)), "puzzles/game")
}
