package review

import (
	"context"
	"fmt"
	"strconv"
)

// Budget is how much an evaluator searches each position: to a depth, or
// a number of nodes (Nodes wins when both are set). Fixed budgets, not
// time, so that a review does not depend on the machine's load.
type Budget struct {
	Depth int
	Nodes uint64
}

// DefaultBudget is the built-in engine's budget for a review: what
// reviews a 40-move game in under 30 s on a 2-core machine (BENCH.md).
var DefaultBudget = Budget{Nodes: 200000}

// String writes the budget as the review's JSON and UCI "go" say it:
// "nodes 200000" or "depth 12".
func (b Budget) String() string {
	if b.Nodes > 0 {
		return "nodes " + strconv.FormatUint(b.Nodes, 10)
	}
	return "depth " + strconv.Itoa(b.Depth)
}

// Check returns an error for a budget with no limit.
func (b Budget) Check() error {
	if b.Nodes == 0 && b.Depth <= 0 {
		return fmt.Errorf("review: a budget needs a depth or a number of nodes")
	}
	return nil
}

// Line is one principal variation of an evaluation.
type Line struct {
	Score Score    // from White's (Red's) side
	Moves []string // coordinate text (UCI; ICCS in xiangqi), best first
	Depth int
}

// Evaluator evaluates the position of a game after a number of plies.
// Implementations: Builtin (Gambit's engines in process) and UCI (an
// engine process). An Evaluator is used by one goroutine at a time.
type Evaluator interface {
	// Name names the engine in a review ("gambit", or the engine's name).
	Name() string
	// Evaluate searches the position of g after ply plies (the moves
	// before it count for repetitions) within budget and returns its best
	// lines, best first: up to multiPV of them (at least 1), their scores
	// from White's (Red's) side. The position has a legal move.
	Evaluate(ctx context.Context, g *Game, ply int, budget Budget, multiPV int) ([]Line, error)
	// Close releases the evaluator (an engine process quits).
	Close() error
}
