package engine_test

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
)

func ExampleEngine_Search() {
	e := engine.New(engine.DefaultOptions())
	pos, _ := chess.ParseFEN("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
	res := e.Search(context.Background(), pos, nil, engine.Limits{Depth: 5}, nil)
	fmt.Println(res.BestMove, res.Score.IsMate(), res.Score.MateIn())
	// Output: d1d8 true 1
}

func ExampleEngine_SetOption() {
	e := engine.New(engine.DefaultOptions())
	fmt.Println(e.SetOption("Hash", "32"))
	fmt.Println(e.SetOption("Skill Level", "42"))
	fmt.Println(e.Options().Hash)
	// Output:
	// <nil>
	// engine: invalid option value: Skill Level "42" (want 0..20)
	// 32
}

func ExampleEvaluate() {
	pos := chess.StartPosition()
	fmt.Println(engine.Evaluate(&pos))
	// Output: 10
}

func ExampleRunAlgorithm() {
	pos, _ := chess.ParseFEN("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1")
	greedy, _ := engine.RunAlgorithm(context.Background(), pos, engine.AlgorithmGreedy, 1)
	fmt.Println(greedy.BestMove)
	mm, _ := engine.RunAlgorithm(context.Background(), pos, engine.AlgorithmMinimax, 2)
	ab, _ := engine.RunAlgorithm(context.Background(), pos, engine.AlgorithmAlphaBeta, 2)
	fmt.Println(mm.BestMove, ab.BestMove, mm.Score == ab.Score, ab.Nodes < mm.Nodes)
	// Output:
	// d2d5
	// d2d5 d2d5 true true
}

func ExampleScore_MateIn() {
	fmt.Println(engine.Score(engine.Mate-3).MateIn(), engine.Score(-engine.Mate+2).MateIn())
	// Output: 2 -1
}
