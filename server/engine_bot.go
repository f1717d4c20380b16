package server

import (
	"context"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/game"
)

// EngineBot plays with Gambit's engine, in process. Each call gets its own
// small engine, so the pool's workers never share search state.
type EngineBot struct {
	seed uint64
}

// NewEngineBot returns a bot over package engine; seed drives the weak
// levels' deliberate errors.
func NewEngineBot(seed uint64) *EngineBot { return &EngineBot{seed: seed} }

// drawJudgeTime is how long the engine thinks about a draw offer.
const drawJudgeTime = 300 * time.Millisecond

// newEngine returns an engine set up for level.
func (b *EngineBot) newEngine(level Level) *engine.Engine {
	opts := engine.DefaultOptions()
	opts.Hash = 8
	opts.Seed = b.seed
	opts.Algorithm = engine.Algorithm(level.Algorithm)
	if level.Elo > 0 {
		opts.LimitStrength = true
		opts.Elo = min(max(level.Elo, engine.EloMin), engine.EloMax)
	}
	return engine.New(opts)
}

// limits returns the search limits of level: its depth and its time per
// move, shortened when the bot's own clock runs low.
func limits(g *game.Game, level Level) engine.Limits {
	l := engine.Limits{Depth: level.Depth, MoveTime: level.MoveTime}
	if k := g.Clock(); k != nil && level.MoveTime > 0 {
		budget := k.Remaining(g.Turn())/30 + k.Increment/2
		l.MoveTime = max(min(l.MoveTime, budget), 20*time.Millisecond)
	}
	return l
}

// history returns the Zobrist keys of the positions before the current one.
func history(g *game.Game) []uint64 {
	ps := g.Rules().Positions()
	keys := make([]uint64, 0, len(ps)-1)
	for i := range len(ps) - 1 {
		keys = append(keys, ps[i].Key())
	}
	return keys
}

// Move implements Bot.
func (b *EngineBot) Move(ctx context.Context, g *game.Game, level Level) (chess.Move, error) {
	res := b.newEngine(level).Search(ctx, g.Position(), history(g), limits(g, level), nil)
	if res.BestMove == chess.MoveNone {
		return chess.MoveNone, fmt.Errorf("engine bot: no move in %s", g.FEN())
	}
	if err := ctx.Err(); err != nil {
		return chess.MoveNone, fmt.Errorf("engine bot: %w", err)
	}
	return res.BestMove, nil
}

// AcceptsDraw implements Bot: the engine takes a draw when its evaluation,
// from c's side, is even or worse (at most +0.30).
func (b *EngineBot) AcceptsDraw(ctx context.Context, g *game.Game, c chess.Color) bool {
	if g.Status().Finished() {
		return false
	}
	full := Level{Algorithm: string(engine.AlgorithmFull)}
	res := b.newEngine(full).Search(ctx, g.Position(), history(g), engine.Limits{MoveTime: drawJudgeTime}, nil)
	score := int(res.Score)
	if g.Turn() != c {
		score = -score
	}
	return score <= 30
}
