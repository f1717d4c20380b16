package xq_test

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/xiangqi"
)

// A mate in two with two chariots: the engine finds it and reports the
// mate score.
func ExampleEngine_Search() {
	pos, err := xiangqi.ParseFEN("4k4/9/9/9/9/9/9/9/R8/1R1K5 w")
	if err != nil {
		panic(err)
	}
	e := xq.New(xq.DefaultOptions())
	res := e.Search(context.Background(), pos, nil, xq.Limits{Depth: 6}, nil)
	fmt.Println(res.Score, res.Score.MateIn())
	fmt.Println(len(res.PV), "plies")
	// Output:
	// mate 2 2
	// 3 plies
}

// SearchGame judges repetitions through the moves already played.
func ExampleEngine_SearchGame() {
	g := xiangqi.NewGame()
	for _, m := range []string{"h2e2", "h9g7"} {
		if _, err := g.PushUCI(m); err != nil {
			panic(err)
		}
	}
	e := xq.New(xq.DefaultOptions())
	res := e.SearchGame(context.Background(), g, xq.Limits{Depth: 4}, nil)
	fmt.Println(g.Push(res.BestMove) == nil)
	// Output: true
}

// Fairy-Stockfish's UCI counts ranks from 1; ICCS (xiangqi.Position.UCI) from 0.
func ExampleFormatFairy() {
	pos := xiangqi.StartPosition()
	m, err := pos.ParseUCI("h2e2")
	if err != nil {
		panic(err)
	}
	fmt.Println(xq.FormatFairy(m), pos.UCI(m))
	back, err := xq.ParseFairy(&pos, "h3e3")
	fmt.Println(back == m, err)
	// Output:
	// h3e3 h2e2
	// true <nil>
}

func ExampleFairyToICCS() {
	s, ok := xq.FairyToICCS("a10a9")
	fmt.Println(s, ok)
	// Output: a9a8 true
}

func ExampleEvaluate() {
	pos := xiangqi.StartPosition()
	fmt.Println(xq.Evaluate(&pos))
	// Output: 0
}

func ExampleEngine_SetOption() {
	e := xq.New(xq.DefaultOptions())
	fmt.Println(e.SetOption("Hash", "64"))
	fmt.Println(e.SetOption("Skill Level", "30"))
	// Output:
	// <nil>
	// xq: invalid option value: Skill Level = "30" (want 0 to 20)
}

func ExampleScore_String() {
	fmt.Println(xq.Score(35), xq.Score(xq.Mate-3), xq.Score(-xq.Mate+2))
	// Output: cp 35 mate 2 mate -1
}

func ExampleBench() {
	res, err := xq.Bench(3, nil)
	fmt.Println(err == nil, res.Nodes > 0)
	// Output: true true
}
