package pgn

import (
	"bytes"
	"io"
	"testing"
)

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
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkTree reads the same games as full trees.
func BenchmarkTree(b *testing.B) {
	data := loadGames(b)
	b.ReportAllocs()
	plies := 0
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
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkTags reads only the headers.
func BenchmarkTags(b *testing.B) {
	data := loadGames(b)
	b.ReportAllocs()
	games := 0
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
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}
