package chess_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/internal/shareddata"
)

// playedMove is a move of a game with the position it was played in.
type playedMove struct {
	pos  chess.Position
	move chess.Move
}

// gameMoves returns the mainline moves of one shared games file, the
// workload of gambit pgn cat.
func gameMoves(b *testing.B) []playedMove {
	b.Helper()
	f, err := os.Open(filepath.Join(shareddata.Path(b, "pgn/games"), "twic0920.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var out []playedMove
	r := pgn.NewReader(f)
	var g pgn.Mainline
	for {
		err := r.NextMainline(&g)
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			b.Fatal(err)
		}
		pos := g.Start
		for _, m := range g.Moves {
			out = append(out, playedMove{pos, m})
			pos.Play(m)
		}
	}
}

// BenchmarkSAN writes every mainline move of a games file with SAN.
func BenchmarkSAN(b *testing.B) {
	moves := gameMoves(b)
	b.ReportAllocs()
	for b.Loop() {
		for i := range moves {
			_ = moves[i].pos.SAN(moves[i].move)
		}
	}
	b.ReportMetric(float64(b.N*len(moves))/b.Elapsed().Seconds()/1e6, "Mplies/s")
}

// BenchmarkAppendSAN writes the same moves with AppendSAN into one buffer.
func BenchmarkAppendSAN(b *testing.B) {
	moves := gameMoves(b)
	buf := make([]byte, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		for i := range moves {
			buf = moves[i].pos.AppendSAN(buf[:0], moves[i].move)
		}
	}
	b.ReportMetric(float64(b.N*len(moves))/b.Elapsed().Seconds()/1e6, "Mplies/s")
}
