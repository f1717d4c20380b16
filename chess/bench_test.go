package chess

import (
	"path/filepath"
	"testing"
)

// TestNoAllocations guards the hot path: generating and making moves must
// not touch the heap.
func TestNoAllocations(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml MoveList
	var child Position
	allocs := testing.AllocsPerRun(100, func() {
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			p.MakeMove(m, &child)
			_ = child.CountLegal()
		}
		p.Generate(Captures, &ml)
		_ = Perft(&p, 2)
	})
	if allocs != 0 {
		t.Fatalf("movegen + make-move allocate: %v allocations per run", allocs)
	}
}

// BenchmarkPerft runs perft on the six chessprogramming.org positions with
// bulk counting and reports leaf nodes per second. Compare runs with benchstat.
func BenchmarkPerft(b *testing.B) {
	depths := []int{5, 4, 5, 4, 4, 4, 4} // about 2-5 million leaves each
	for i, c := range readPerftFile(b, filepath.Join(dataDir(b), "perft", "cpw.epd")) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes += Perft(&p, depths[i])
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
		})
	}
}

func BenchmarkGenerateLegal(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml MoveList
	b.ReportAllocs()
	for b.Loop() {
		p.GenerateLegal(&ml)
	}
}

func BenchmarkMakeMove(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml MoveList
	p.GenerateLegal(&ml)
	var child Position
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range ml.Moves() {
			p.MakeMove(m, &child)
		}
	}
}
