package computer

import (
	"context"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/xiangqi"
)

// EngineBot plays with Gambit's engine, in process. Each call gets its own
// small engine, so the pool's workers never share search state.
//
// A weak level errs on purpose, by a random bonus on each move's score
// drawn from the engine's seed and the position (engine.Options.Seed).
// With one seed for every game, a beginner would answer the same moves
// with the same moves in every game (1.e4 2.Nf3 3.Bc4 with a6, f6, a5
// each time); so each game has a seed of its own, the bot's mixed with
// the game's id (gameSeed): a game played again move by move gets the
// same replies, another game others, and a test with a fixed seed and id
// is as reproducible as ever. The full-strength search draws nothing.
type EngineBot struct {
	seed uint64
}

// NewEngineBot returns a bot over package engine; seed, with each game's
// id, drives the weak levels' deliberate errors.
func NewEngineBot(seed uint64) *EngineBot { return &EngineBot{seed: seed} }

// gameSeed is the seed of the weak levels' errors in the game with id:
// the bot's seed mixed with an FNV-1a hash of the id, then scrambled
// (splitmix64's finaliser) so that ids a letter apart seed far apart.
func (b *EngineBot) gameSeed(id string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(id); i++ {
		h ^= uint64(id[i])
		h *= 1099511628211
	}
	z := b.seed ^ h
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// drawJudgeTime is how long the engine thinks about a draw offer.
const drawJudgeTime = 300 * time.Millisecond

// newEngine returns an engine set up for level, its errors seeded by seed.
func (b *EngineBot) newEngine(level Level, seed uint64) *engine.Engine {
	opts := engine.DefaultOptions()
	opts.Hash = 8
	opts.Seed = seed
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
func history(cg *chess.Game) []uint64 {
	keys := cg.Keys()
	return keys[:len(keys)-1]
}

// Move implements Bot.
func (b *EngineBot) Move(ctx context.Context, g *game.Game, level Level) (string, error) {
	if xg, ok := game.LibraryGame[*xiangqi.Game](g); ok {
		return b.moveXiangqi(ctx, g, xg, level)
	}
	cg, ok := game.LibraryGame[*chess.Game](g) // chess or Chess960: the position knows which
	if !ok {
		return "", fmt.Errorf("engine bot: no engine plays %s", g.Variant())
	}
	pos := cg.Position()
	res := b.newEngine(level, b.gameSeed(g.ID())).Search(ctx, pos, history(cg), limits(g, level), nil)
	if res.BestMove == chess.MoveNone || !pos.IsLegal(res.BestMove) {
		return "", fmt.Errorf("engine bot: no move in %s", g.FEN())
	}
	return pos.UCI(res.BestMove), nil // stopped early by ctx or not, the best found
}

// xiangqiEngine returns a xiangqi engine set up for level, its errors
// seeded by seed.
func (b *EngineBot) xiangqiEngine(level Level, seed uint64) *xq.Engine {
	opts := xq.DefaultOptions()
	opts.Hash = 8
	opts.Seed = seed
	opts.SkillLevel = level.Skill
	return xq.New(opts)
}

// xiangqiLimits returns the xiangqi search limits of level, shortened like
// limits when the bot's own clock runs low.
func xiangqiLimits(g *game.Game, level Level) xq.Limits {
	l := limits(g, level)
	return xq.Limits{Depth: level.XiangqiDepth, MoveTime: l.MoveTime}
}

// moveXiangqi searches the xiangqi game xg (a private copy) with engine/xq.
func (b *EngineBot) moveXiangqi(ctx context.Context, g *game.Game, xg *xiangqi.Game, level Level) (string, error) {
	res := b.xiangqiEngine(level, b.gameSeed(g.ID())).SearchGame(ctx, xg, xiangqiLimits(g, level), nil)
	pos := xg.Position()
	if res.BestMove == xiangqi.MoveNone || !pos.IsLegal(res.BestMove) {
		return "", fmt.Errorf("engine bot: no xiangqi move in %s", g.FEN())
	}
	return pos.UCI(res.BestMove), nil // stopped early by ctx or not, the best found
}

// AcceptsDraw implements Bot with the judgement of judge.go, its short
// search the engine's at full strength for drawJudgeTime.
func (b *EngineBot) AcceptsDraw(ctx context.Context, g *game.Game, c chess.Color) bool {
	return judgeDraw(g, c, func() (int, bool) {
		if xg, ok := game.LibraryGame[*xiangqi.Game](g); ok {
			res := b.xiangqiEngine(Level{Skill: xq.MaxSkill}, b.seed).SearchGame(ctx, xg, xq.Limits{MoveTime: drawJudgeTime}, nil)
			return int(res.Score), res.BestMove != xiangqi.MoveNone
		}
		cg, ok := game.LibraryGame[*chess.Game](g)
		if !ok {
			return 0, false
		}
		full := Level{Algorithm: string(engine.AlgorithmFull)}
		res := b.newEngine(full, b.seed).Search(ctx, cg.Position(), history(cg), engine.Limits{MoveTime: drawJudgeTime}, nil)
		return int(res.Score), res.BestMove != chess.MoveNone
	})
}
