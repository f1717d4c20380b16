package xq

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/internal/benchrun"
	"github.com/gambitchess/gambit/xiangqi"
)

// BenchDepth is the depth of the bench signature.
const BenchDepth = 10

// benchHash is the table size of the bench, in MB.
const benchHash = 16

// BenchPositions are the fixed positions of the bench signature: the start
// position, openings and middlegames reached by engine self-play from
// eight common first moves (central cannon, screen horses, pawn and
// elephant openings), and a few endgames. Changing this list changes the
// signature.
var BenchPositions = []string{
	xiangqi.StartFEN,
	"r1bakab1r/6R2/2n3c2/p5C1p/2p2np2/9/P1P1P1P1P/6N2/9/RNBAKAB2 b - - 4 9",
	"2bakab1r/9/4c4/R7C/2p6/5p3/P1r1n3P/4B4/3NA4/3RKAB2 b - - 1 22",
	"2bak2r1/4a4/4b4/4c3C/8P/P8/9/6R2/4A4/3K1A3 w - - 5 37",
	"3akab2/r8/2n1b1n1r/p1C1p3p/3R5/9/PcP1N1P1P/4C4/9/RNBAKAB2 b - - 0 10",
	"3akab2/4n4/2nRb4/p3pr2C/4c4/P2R5/2P3r2/2N1B3C/4A4/3K1AB2 b - - 6 23",
	"rnbakab1r/9/4c4/p3p3p/6p2/2PN5/P3n1P1P/4B1C2/9/R1BAKA1NR b - - 3 9",
	"1n1akabr1/2r6/b3c4/p1P6/9/6P1N/P1R6/4B1N1R/4A4/3AK4 b - - 2 22",
	"2b1k1b2/4a4/1P2ca3/4R4/9/9/P8/2r6/4A4/3AKN3 w - - 4 37",
	"r1baka1n1/6r2/n3c3b/2p1p3p/p8/4C1C2/P1c1P1P1P/2N1B4/9/R2AKABNR b - - 9 9",
	"r2akab2/9/4b4/2p4Rp/4p4/P4RC2/2crN1P1P/4B1N2/9/3AKA3 b - - 0 22",
	"r1baka2r/5n3/2n1b4/p3p1C1p/9/4P4/P1c3P1P/2N1C4/4N4/R1BAKAB1R b - - 0 9",
	"2bakar2/9/r3b4/p3R3p/1Nc1p4/n5P2/4N3P/9/8R/2BAKAB2 b - - 5 22",
	"1nbakabnr/3r5/2c3c2/p3p1p1p/9/1C3NP2/P3p3P/4B2C1/2N5R/R1BAKA3 w - - 0 10",
	"2baka2r/9/n2nb4/p7p/2c6/3N2P2/PR4C1P/4N2r1/4A1R2/2BAK4 w - - 1 23",
	"1n1akab2/1r7/1c2b1n2/p1p1p1N1r/c7p/C5P2/P1P1P3P/6C2/R8/1NBAKABR1 w - - 5 10",
	"1n1aka3/6C1r/c3b4/p1p1p1R2/8p/6P2/2P1P3P/1N2B4/9/3AKAB2 w - - 9 23",
	"rn1akab1r/9/4b2c1/p3p3p/2p4n1/6C2/P1P1P1P1P/2N5N/9/R1BAKAB1R b - - 4 9",
	"r2akab2/9/4bc3/8P/pnp2n3/3p5/P1P1P4/2N5R/3R5/2BAKAB2 b - - 0 22",
	"3ak1b2/4a4/4b2P1/9/2n1P4/6R2/2n1pc3/1rNR5/9/2BAKA3 w - - 14 37",
	"3k5/4a4/3a5/9/2p6/9/9/4B4/4A4/2BRK4 w - - 0 1",
	"4k4/9/4b4/9/2h6/9/4P4/9/9/3K5 w - - 0 1",
}

// BenchResult is the outcome of Bench.
type BenchResult = benchrun.Result

// Bench searches every BenchPositions entry to depth (BenchDepth if 0)
// with one thread, a 16 MB table cleared before each position and no time
// limit, and returns the node total ("gambit bench": print "Nodes
// searched: N"). progress, if not nil, is called after each position with
// its index, FEN and node count.
func Bench(depth int, progress func(i int, fen string, nodes uint64)) (BenchResult, error) {
	if depth <= 0 {
		depth = BenchDepth
	}
	o := DefaultOptions()
	o.Hash = benchHash
	e := New(o)
	return benchrun.Run(BenchPositions, func(i int, fen string) (uint64, error) {
		pos, err := xiangqi.ParseFEN(fen)
		if err != nil {
			return 0, fmt.Errorf("xq: bench position %d: %w", i, err)
		}
		e.NewGame()
		return e.Search(context.Background(), pos, nil, Limits{Depth: depth}, nil).Nodes, nil
	}, progress)
}
