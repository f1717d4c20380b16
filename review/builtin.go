package review

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/game"
)

// Builtin evaluates with Gambit's own engine for the game's board, in
// process (game.Engine.Search: package engine for chess and Chess960,
// engine/xq for xiangqi), at full strength, one thread, a small hash kept
// across the positions of a review: the game's engine keeps its search
// from one position to the next while the settings are the same, so each
// position's search starts from what the previous one learnt, as an
// engine analysing a game does.
type Builtin struct{}

// builtinHash is the hash of each engine in MB: enough for the default
// budget, small enough for a server running several reviews.
const builtinHash = 16

// NewBuiltin returns an evaluator over Gambit's engines.
func NewBuiltin() *Builtin { return &Builtin{} }

// Name implements Evaluator.
func (b *Builtin) Name() string { return "gambit" }

// Close implements Evaluator.
func (b *Builtin) Close() error { return nil }

// Evaluate implements Evaluator: the search of the position after ply
// plies (the positions before it count for repetitions; in xiangqi for
// perpetual check, judged as the referee judges it).
func (b *Builtin) Evaluate(ctx context.Context, g *Game, ply int, budget Budget, multiPV int) ([]Line, error) {
	lines := make([]Line, max(multiPV, 1))
	white := g.whiteToMove(ply)
	o := game.SearchOptions{Hash: builtinHash, Depth: budget.Depth, Nodes: budget.Nodes, MultiPV: len(lines)}
	best, err := g.engine.Search(ctx, ply, o, func(l game.SearchLine) {
		if l.MultiPV < 1 || l.MultiPV > len(lines) {
			return
		}
		lines[l.MultiPV-1] = lineOf(l, white)
	})
	if err != nil {
		return nil, fmt.Errorf("review: ply %d: %w", ply, err)
	}
	return settle(lines, lineOf(best, white)), nil
}

// lineOf is a search's line l as an evaluation's, its score from White's
// (Red's) side: white says whether White is to move.
func lineOf(l game.SearchLine, white bool) Line {
	return Line{Score: searchScore(l).For(white), Moves: l.Moves, Depth: l.Depth}
}

// searchScore is the score of a search's line, from the side to move's
// point of view as the line has it.
func searchScore(l game.SearchLine) Score {
	if l.Mate != 0 {
		return MateScore(l.Mate)
	}
	return CPScore(l.CP)
}

// settle makes a search's lines begin with its best move: when the last
// report did not (none came, or a depth was cut short after its best
// line), best becomes line 1 and the lines of the depth before that begin
// with its move go. Then the lines no report filled go too.
func settle(lines []Line, best Line) []Line {
	if len(lines[0].Moves) == 0 || lines[0].Moves[0] != best.Moves[0] {
		lines[0] = best
		for i := 1; i < len(lines); i++ {
			if len(lines[i].Moves) > 0 && lines[i].Moves[0] == best.Moves[0] {
				lines[i] = Line{}
			}
		}
	}
	return compact(lines)
}

// compact drops the lines no report filled (fewer legal moves than asked).
func compact(lines []Line) []Line {
	out := lines[:0]
	for _, l := range lines {
		if len(l.Moves) > 0 {
			out = append(out, l)
		}
	}
	return out
}
