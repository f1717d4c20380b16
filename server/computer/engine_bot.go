package computer

import (
	"context"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/uci"
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

// searchOptions returns the search of level: its settings (the board's
// engine reads those it has) and its depth and time per move, the time
// shortened when the bot's own clock runs low.
func searchOptions(g *game.Game, level Level, seed uint64) game.SearchOptions {
	o := game.SearchOptions{Algorithm: level.Algorithm, Elo: level.Elo, Skill: level.Skill, Seed: seed, Hash: 8,
		Depth: level.Depth, MoveTime: level.MoveTime}
	if k := g.Clock(); k != nil && level.MoveTime > 0 {
		budget := k.Remaining(g.Turn())/30 + k.Increment/2
		o.MoveTime = max(min(o.MoveTime, budget), 20*time.Millisecond)
	}
	return o
}

// Move implements Bot with the engine of g's board (its Spec.Engine).
func (b *EngineBot) Move(ctx context.Context, g *game.Game, level Level) (string, error) {
	eng, ok := g.Engine()
	if !ok {
		return "", fmt.Errorf("engine bot: no engine plays %s", g.Variant())
	}
	best, err := eng.Search(ctx, eng.Plies(), searchOptions(g, level, b.gameSeed(g.ID())), nil)
	if err != nil {
		return "", fmt.Errorf("engine bot: %w", err)
	}
	return best.Moves[0], nil // stopped early by ctx or not, the best found
}

// AcceptsDraw implements Bot with the judgement of judge.go, its short
// search the engine's at full strength for drawJudgeTime.
func (b *EngineBot) AcceptsDraw(ctx context.Context, g *game.Game, c chess.Color) bool {
	return judgeDraw(g, c, func(eng game.Engine) (int, bool) {
		best, err := eng.Search(ctx, eng.Plies(), game.SearchOptions{Seed: b.seed, Hash: 8, MoveTime: drawJudgeTime}, nil)
		return uci.Score{CP: best.CP, Mate: best.Mate}.Centipawns(), err == nil
	})
}
