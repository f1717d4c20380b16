package pgn

import (
	"bytes"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/gambitchess/gambit/internal/cputime"
)

// reportRate reports n units per second of wall time and, where the CPU
// time is known, per second of CPU time: other processes on the machine
// slow the first, hardly the second.
func reportRate(b *testing.B, n int, unit string, cpu time.Duration) {
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), unit+"/s")
	if cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), unit+"/cpu-s")
	}
}

func loadGames(b *testing.B) [][]byte {
	var data [][]byte
	for _, f := range dataFiles(b, "games") {
		data = append(data, readData(b, f))
	}
	return data
}

// BenchmarkMainline parses and checks every mainline move of the 5,186 real
// games (the bulk fast path).
func BenchmarkMainline(b *testing.B) {
	var ml Mainline
	benchGames(b, "plies", func(r *Reader) (int, error) {
		err := r.NextMainline(&ml)
		return len(ml.Moves), err
	})
}

// BenchmarkTree reads the same games as full trees.
func BenchmarkTree(b *testing.B) {
	benchGames(b, "plies", func(r *Reader) (int, error) {
		g, err := r.Next()
		if err != nil {
			return 0, err
		}
		n := 0
		for range g.Mainline() {
			n++
		}
		return n, nil
	})
}

// BenchmarkTags reads only the headers.
func BenchmarkTags(b *testing.B) {
	benchGames(b, "games", func(r *Reader) (int, error) {
		_, err := r.NextTags()
		return 1, err
	})
}

// benchGames calls read for every game of the data files until io.EOF and
// reports the rate of what read counts (plies or games), per wall-clock and
// per CPU second.
func benchGames(b *testing.B, unit string, read func(*Reader) (int, error)) {
	data := loadGames(b)
	b.ReportAllocs()
	count := 0
	cpu0 := cputime.Process()
	for b.Loop() {
		for _, d := range data {
			r := NewReader(bytes.NewReader(d))
			for {
				n, err := read(r)
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				count += n
			}
		}
	}
	reportRate(b, count, unit, cputime.Process()-cpu0)
}

// BenchmarkCheck runs Check, as gambit pgn check does, over the data files
// concatenated, with one worker (the sequential reader) and with
// GOMAXPROCS workers (the pipeline).
func BenchmarkCheck(b *testing.B) { benchCommand(b, Check, Options{}) }

// BenchmarkStats runs Stats the same way.
func BenchmarkStats(b *testing.B) { benchCommand(b, Stats, Options{}) }

// BenchmarkCat runs Cat the same way.
func BenchmarkCat(b *testing.B) { benchCommand(b, Cat, Options{}) }

// BenchmarkCatMainline runs Cat with Mainline set, which streams each
// mainline without building the tree.
func BenchmarkCatMainline(b *testing.B) { benchCommand(b, Cat, Options{Mainline: true}) }

func benchCommand(b *testing.B, command func(string, io.Reader, io.Writer, Options) (Summary, error), opt Options) {
	all := bytes.Join(loadGames(b), nil)
	for _, workers := range []int{1, 0} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.ReportAllocs()
			plies := 0
			cpu0 := cputime.Process()
			opt.Workers = workers
			for b.Loop() {
				s, err := command("all", bytes.NewReader(all), io.Discard, opt)
				if err != nil || len(s.Errors) > 0 {
					b.Fatal(err, s.Errors)
				}
				plies += s.Plies
			}
			reportRate(b, plies, "plies", cputime.Process()-cpu0)
		})
	}
}
