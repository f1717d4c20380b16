package computer

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// engineLevels are lichess's eight levels of its Stockfish opponent, as
// fishnet plays them (lichess-org/fishnet src/api.rs, SkillLevel: time,
// skill_level and depth; src/stockfish.rs sends "setoption name Skill
// Level", then "go movetime T depth D" with the clocks): the engine's
// Skill Level, the depth and the time per move. fallback is the built-in
// level of about the same strength, which takes the seat over when the
// engine fails (lichess's levels are near 800, 1100, 1400, 1700, 2000,
// 2300, 2700 and 3000 on its scale).
var engineLevels = [8]struct {
	skill, depth int
	think        time.Duration
	fallback     string
}{
	{-9, 5, 50 * time.Millisecond, "beginner"},
	{-5, 5, 100 * time.Millisecond, "casual"},
	{-1, 5, 150 * time.Millisecond, "casual"},
	{3, 5, 200 * time.Millisecond, "club"},
	{7, 5, 300 * time.Millisecond, "strong"},
	{11, 8, 400 * time.Millisecond, "full"},
	{16, 13, 500 * time.Millisecond, "full"},
	{20, 22, time.Second, "full"},
}

// Roster is every computer opponent of a server: the built-in bot at its
// named levels, and each registered external engine at levels 1 to 8 in
// the variants it plays. It is the server's Bot: a move at an engine's
// level goes to that engine, any other to the built-in bot.
type Roster struct {
	builtin Bot
	engines []*Engine
}

// NewRoster returns the roster of the built-in bot and engines.
func NewRoster(builtin Bot, engines ...*Engine) *Roster {
	return &Roster{builtin: builtin, engines: engines}
}

// Engines lists the registered external engines.
func (r *Roster) Engines() []*Engine { return append([]*Engine(nil), r.engines...) }

// LevelsFor returns the levels of variant v: the built-in ones, then each
// engine's that plays it.
func (r *Roster) LevelsFor(v game.Variant) ([]Level, error) {
	levels, err := LevelsFor(v)
	if err != nil {
		return nil, err
	}
	spec, err := game.Lookup(v) // "" is chess
	if err != nil {
		return nil, err
	}
	for _, e := range r.engines {
		if e.Plays(spec.Name) {
			levels = append(levels, e.levels()...)
		}
	}
	return levels, nil
}

// LevelFor returns the level called name in variant v.
func (r *Roster) LevelFor(v game.Variant, name string) (Level, error) {
	levels, err := r.LevelsFor(v)
	if err != nil {
		return Level{}, err
	}
	for _, l := range levels {
		if l.Name == name {
			return l, nil
		}
	}
	return Level{}, fmt.Errorf("%w: unknown computer level %q", wire.ErrBadRequest, name)
}

// levels are the engine's eight levels.
func (e *Engine) levels() []Level {
	out := make([]Level, len(engineLevels))
	for i, l := range engineLevels {
		n := i + 1
		out[i] = Level{Name: strings.ToLower(e.spec.Name) + "-" + strconv.Itoa(n), Label: e.label + ", level " + strconv.Itoa(n),
			Algorithm: "uci", Group: GroupEngine, Depth: l.depth, MoveTime: l.think, Engine: e.label, Number: n, SkillLevel: l.skill, Fallback: l.fallback}
	}
	return out
}

// engine returns the engine playing level, if an external one does.
func (r *Roster) engine(level Level) (*Engine, bool) {
	if level.Engine == "" {
		return nil, false
	}
	for _, e := range r.engines {
		if e.label == level.Engine {
			return e, true
		}
	}
	return nil, false
}

// Fallback returns the built-in level that plays in place of level in
// variant v: itself when it is built in.
func (r *Roster) Fallback(v game.Variant, level Level) (Level, error) {
	if level.Engine == "" {
		return level, nil
	}
	return LevelFor(v, level.Fallback)
}

// Move implements Bot. An engine's failure wraps ErrEngineFailed; the
// caller decides what follows (the hub: the built-in bot takes over).
func (r *Roster) Move(ctx context.Context, g *game.Game, level Level) (string, error) {
	if level.Engine == "" {
		return r.builtin.Move(ctx, g, level)
	}
	e, ok := r.engine(level)
	if !ok {
		return "", fmt.Errorf("%w: %s is not registered", ErrEngineFailed, level.Engine)
	}
	return e.Move(ctx, g, level)
}

// AcceptsDraw implements Bot: the engine playing c's seat judges the offer
// (judge.go) with its own short search; the built-in bot when the seat is
// its, or when the engine fails.
func (r *Roster) AcceptsDraw(ctx context.Context, g *game.Game, c chess.Color) bool {
	level, err := r.LevelFor(g.Variant(), g.Seat(c).Level)
	e, ok := r.engine(level)
	if err != nil || !ok {
		return r.builtin.AcceptsDraw(ctx, g, c)
	}
	failed := false
	accept := judgeDraw(g, c, func(game.Engine) (int, bool) {
		s, err := e.Score(ctx, g, drawJudgeTime)
		failed = err != nil
		return s, err == nil
	})
	if failed && ctx.Err() == nil {
		return r.builtin.AcceptsDraw(ctx, g, c)
	}
	return accept
}

// Close kills the engines' processes.
func (r *Roster) Close() {
	for _, e := range r.engines {
		e.Close()
	}
}
