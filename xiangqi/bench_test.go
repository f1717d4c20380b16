package xiangqi

import (
	"testing"
	"time"
)

func benchPerft(b *testing.B, depth int, perft func(*Position, int) uint64) {
	p := StartPosition()
	b.ReportAllocs()
	var nodes uint64
	start := time.Now()
	for b.Loop() {
		nodes += perft(&p, depth)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds()/1e6, "Mnps")
}

// BenchmarkPerft runs a bulk-counting perft 5 from the start position
// (133,312,995 leaves).
func BenchmarkPerft(b *testing.B) { benchPerft(b, 5, Perft) }

// BenchmarkPerft4 is the same at depth 4 (3,290,240 leaves).
func BenchmarkPerft4(b *testing.B) { benchPerft(b, 4, Perft) }

// BenchmarkPerftUndo4 uses make/unmake instead of copy-make.
func BenchmarkPerftUndo4(b *testing.B) { benchPerft(b, 4, PerftUndo) }

func BenchmarkGenerateLegal(b *testing.B) {
	p := StartPosition()
	var ml MoveList
	b.ReportAllocs()
	for b.Loop() {
		p.GenerateLegal(&ml)
	}
}

func BenchmarkMakeMove(b *testing.B) {
	p := StartPosition()
	var ml MoveList
	p.GenerateLegal(&ml)
	var child Position
	b.ReportAllocs()
	for b.Loop() {
		for i := 0; i < ml.Len(); i++ {
			p.MakeMove(ml.At(i), &child)
		}
	}
}

// BenchmarkClassify classes every legal move of a middlegame position by
// the repetition rules (check, chase, and for the Chinese rules a threat
// of mate), as the search does for the moves of a cycle it meets; it
// allocates nothing.
func BenchmarkClassify(b *testing.B) {
	p, err := ParseFEN("2bakab2/9/1cn1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	after := make([]Position, ml.Len())
	for i, m := range ml.Moves() {
		p.MakeMove(m, &after[i])
	}
	for _, r := range []Rules{RulesWXF, RulesChinese} {
		b.Run(r.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i, m := range ml.Moves() {
					_ = Classify(&p, &after[i], m, r)
				}
			}
		})
	}
}
