package pgn

import (
	"bytes"
	"io"
	"testing"
	"time"
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
	data := loadGames(b)
	var ml Mainline
	b.ReportAllocs()
	plies := 0
	cpu0 := cpuTime()
	for b.Loop() {
		for _, d := range data {
			r := NewReader(bytes.NewReader(d))
			for {
				err := r.NextMainline(&ml)
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				plies += len(ml.Moves)
			}
		}
	}
	reportRate(b, plies, "plies", cpuTime()-cpu0)
}

// BenchmarkTree reads the same games as full trees.
func BenchmarkTree(b *testing.B) {
	data := loadGames(b)
	b.ReportAllocs()
	plies := 0
	cpu0 := cpuTime()
	for b.Loop() {
		for _, d := range data {
			r := NewReader(bytes.NewReader(d))
			for {
				g, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				for range g.Mainline() {
					plies++
				}
			}
		}
	}
	reportRate(b, plies, "plies", cpuTime()-cpu0)
}

// BenchmarkTags reads only the headers.
func BenchmarkTags(b *testing.B) {
	data := loadGames(b)
	b.ReportAllocs()
	games := 0
	cpu0 := cpuTime()
	for b.Loop() {
		for _, d := range data {
			r := NewReader(bytes.NewReader(d))
			for {
				_, err := r.NextTags()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				games++
			}
		}
	}
	reportRate(b, games, "games", cpuTime()-cpu0)
}
