package computer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/uci"
)

// ErrEngineFailed says an external engine crashed, answered what is not
// a legal move, or did not answer within its time and margin. The hub
// then lets Gambit's own engine take the seat over (see round/hub_bot.go).
var ErrEngineFailed = errors.New("computer: the engine failed")

// Timing of an external engine's processes.
const (
	// AnswerMargin is how long past its move time (or past a stop) an
	// engine may take to say bestmove before it counts as hung: a loaded
	// machine's scheduling, a process start, never a search.
	AnswerMargin = 2 * time.Second
	// startTimeout bounds a process's start and handshake: generous, as
	// Fairy-Stockfish takes over a second to set up its variants on an idle
	// machine and many times that on a busy one.
	startTimeout = 30 * time.Second
)

// Engine is a registered external UCI engine: what it plays, read from
// its handshake once at registration, and a small pool of its processes,
// started when first needed, reused from game to game, at most Procs at
// once (the scheduler's workers bound the searches anyway), killed by
// Close.
type Engine struct {
	spec     EngineSpec
	label    string // its name as shown: the spec's
	variants []game.Variant
	skill    *uci.OptionInfo // its "Skill Level", if it has one
	variant  bool            // it has UCI_Variant
	chess960 bool            // it has UCI_Chess960

	mu     sync.Mutex
	idle   []*proc
	live   int           // processes started and not yet killed
	free   chan struct{} // a token per process that may still start: len = Procs
	closed bool
}

// proc is one running process of an engine and the settings it was last given.
type proc struct {
	c        *uci.Client
	settings string // the options last sent, joined: resent only when they change
	game     string // the game it last searched: ucinewgame when another comes
}

// OpenEngine starts spec's program once to read what it plays, and
// returns it registered with room for procs processes (at least one).
func OpenEngine(ctx context.Context, spec EngineSpec, procs int) (*Engine, error) {
	if err := checkEngineName(spec.Name); err != nil {
		return nil, err
	}
	c, err := uci.StartClient(ctx, uci.ClientConfig{Path: spec.Path, Options: spec.Options, Handshake: startTimeout})
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", spec.Name, err)
	}
	opts := c.Options()
	c.Close()
	e := &Engine{spec: spec, label: spec.Name, free: make(chan struct{}, max(procs, 1))}
	for range cap(e.free) {
		e.free <- struct{}{}
	}
	var combo []string
	for i, o := range opts {
		switch o.Name {
		case "Skill Level":
			if o.Type == "spin" {
				e.skill = &opts[i]
			}
		case "UCI_Variant":
			e.variant, combo = true, o.Vars
		case "UCI_Chess960":
			e.chess960 = true
		}
	}
	// The variants whose UCI dialect the engine speaks (the registry's
	// Spec.UCI): an engine without UCI_Variant plays chess alone.
	declared := []game.Variant{}
	for _, spec := range game.Specs() {
		if spec.UCI.Speaks(e.variant, combo, e.chess960) {
			declared = append(declared, spec.Name)
		}
	}
	e.variants = declared
	if len(spec.Variants) > 0 {
		e.variants = nil
		for _, v := range spec.Variants {
			if !slices.Contains(declared, v) {
				return nil, fmt.Errorf("%w: engine %s does not play %s (it declares %v)", ErrEngineSpec, spec.Name, v, declared)
			}
			e.variants = append(e.variants, v)
		}
	}
	if len(e.variants) == 0 {
		return nil, fmt.Errorf("%w: engine %s plays none of Gambit's variants", ErrEngineSpec, spec.Name)
	}
	return e, nil
}

// Name is the engine's name as registered.
func (e *Engine) Name() string { return e.spec.Name }

// Plays reports whether the engine plays variant v.
func (e *Engine) Plays(v game.Variant) bool { return slices.Contains(e.variants, v) }

// Variants lists the variants it plays.
func (e *Engine) Variants() []game.Variant { return slices.Clone(e.variants) }

// acquire returns an idle process, or starts one when there is room, or
// waits for one to come back.
func (e *Engine) acquire(ctx context.Context) (*proc, error) {
	for {
		e.mu.Lock()
		if e.closed {
			e.mu.Unlock()
			return nil, fmt.Errorf("%w: %s: shut down", ErrEngineFailed, e.spec.Name)
		}
		if n := len(e.idle); n > 0 {
			p := e.idle[n-1]
			e.idle = e.idle[:n-1]
			e.mu.Unlock()
			return p, nil
		}
		e.mu.Unlock()
		select {
		case <-e.free:
			p, err := e.start(ctx)
			if err != nil {
				e.free <- struct{}{}
				return nil, err
			}
			return p, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(20 * time.Millisecond): // one may have come back idle
		}
	}
}

// start runs a new process.
func (e *Engine) start(ctx context.Context) (*proc, error) {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), startTimeout)
	defer cancel()
	c, err := uci.StartClient(sctx, uci.ClientConfig{Path: e.spec.Path, Options: e.spec.Options, Handshake: startTimeout})
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrEngineFailed, e.spec.Name, err)
	}
	e.mu.Lock()
	e.live++
	e.mu.Unlock()
	return &proc{c: c}, nil
}

// release gives p back to the pool, or kills it when it failed (or the
// engine is closed) and frees its place.
func (e *Engine) release(p *proc, failed bool) {
	e.mu.Lock()
	if !failed && !e.closed {
		e.idle = append(e.idle, p)
		e.mu.Unlock()
		return
	}
	e.live--
	e.mu.Unlock()
	p.c.Kill()
	e.free <- struct{}{}
}

// Live is how many of its processes are running.
func (e *Engine) Live() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.live
}

// Close kills the idle processes and every busy one as it comes back.
func (e *Engine) Close() {
	e.mu.Lock()
	e.closed = true
	idle := e.idle
	e.idle = nil
	e.live -= len(idle)
	e.mu.Unlock()
	for _, p := range idle {
		p.c.Kill()
	}
}

// job is one search asked of an external engine: the position as UCI
// text, its options and "go" arguments.
type job struct {
	game     string // the game's id: a new game clears the engine's hash
	position string // "fen FEN"
	moves    []string
	settings []uci.EngineOption
	goArgs   string
	think    time.Duration // the longest the search may take, before the margin
}

// search runs j on a process of the pool and returns its bestmove and
// score line, which check accepts. Any failure (the process died, an
// answer check refuses, silence past
// j.think + AnswerMargin) kills the process and wraps ErrEngineFailed;
// a search stopped by ctx still answers with the best it found.
func (e *Engine) search(ctx context.Context, j job, check func(uci.SearchResult) error) (uci.SearchResult, error) {
	p, err := e.acquire(ctx)
	if err != nil {
		return uci.SearchResult{}, err
	}
	res, err := p.run(ctx, j)
	if err == nil {
		err = check(res) // an engine that answers garbage is not trusted again
	}
	e.release(p, err != nil)
	if err != nil {
		return res, fmt.Errorf("%w: %s: %v", ErrEngineFailed, e.spec.Name, err)
	}
	return res, nil
}

func (p *proc) run(ctx context.Context, j job) (uci.SearchResult, error) {
	set := make([]string, len(j.settings))
	for i, o := range j.settings {
		set[i] = o.Name + "=" + o.Value
	}
	settings := strings.Join(set, "\n")
	if p.game != j.game {
		if err := p.c.Send("ucinewgame"); err != nil {
			return uci.SearchResult{}, err
		}
		p.game = ""
	}
	if settings != p.settings {
		for _, o := range j.settings {
			if err := p.c.SetOption(o.Name, o.Value); err != nil {
				return uci.SearchResult{}, err
			}
		}
	}
	if p.game != j.game || settings != p.settings {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), AnswerMargin+j.think)
		err := p.c.IsReady(rctx)
		cancel()
		if err != nil {
			return uci.SearchResult{}, err
		}
		p.game, p.settings = j.game, settings
	}
	// The deadline runs from now; a stop (ctx) still leaves the margin.
	deadline := time.Now().Add(j.think + AnswerMargin)
	return p.c.GoStoppable(ctx, j.position, j.moves, j.goArgs, deadline)
}

// skillValue clamps a level's Skill Level to what the engine takes
// (Debian's Stockfish: 0 to 20; lichess's levels go down to -9).
func (e *Engine) skillValue(skill int) (string, bool) {
	if e.skill == nil {
		return "", false
	}
	lo, hi := e.skill.Min, e.skill.Max
	if lo >= hi {
		return strconv.Itoa(skill), true
	}
	return strconv.Itoa(min(max(skill, lo), hi)), true
}

// jobFor returns the UCI job for game g at level (its settings, position
// and go command), or an error for a game the engine cannot be given: the
// game's variant says how an engine is set up for it (Spec.UCI), its
// Engine how its position and moves are spelt.
func (e *Engine) jobFor(g *game.Game, level Level, budget time.Duration) (job, error) {
	j := job{game: g.ID(), think: budget}
	if skill, ok := e.skillValue(level.SkillLevel); ok {
		j.settings = append(j.settings, uci.EngineOption{Name: "Skill Level", Value: skill})
	}
	eng, ok := g.Engine()
	dialect := g.Spec().UCI
	if !ok || dialect == nil {
		return job{}, fmt.Errorf("engine %s: no board it reads in %s", e.spec.Name, g.Variant())
	}
	pos := eng.UCI(eng.Plies())
	d := *dialect
	d.Chess960 = pos.Chess960 // a Chess960 start, whatever the variant says
	// A process serves game after game: both options every time, those it has.
	for _, o := range d.Options(true) {
		if o.Name == "UCI_Variant" && e.variant || o.Name == "UCI_Chess960" && e.chess960 {
			j.settings = append(j.settings, uci.EngineOption{Name: o.Name, Value: o.Value})
		}
	}
	j.position, j.moves = "fen "+pos.FEN, pos.Moves
	return j, nil
}

// goArgs is lichess's "go" for a move at level (fishnet src/stockfish.rs:
// movetime and depth, with the clocks when the game has one).
func goArgs(g *game.Game, level Level, think time.Duration) string {
	args := "movetime " + strconv.FormatInt(max(think.Milliseconds(), 1), 10)
	if level.Depth > 0 {
		args += " depth " + strconv.Itoa(level.Depth)
	}
	if k := g.Clock(); k != nil && !k.PerMove {
		inc := strconv.FormatInt(k.Increment.Milliseconds(), 10)
		args += " wtime " + strconv.FormatInt(max(k.Remaining(chess.White).Milliseconds(), 1), 10) +
			" btime " + strconv.FormatInt(max(k.Remaining(chess.Black).Milliseconds(), 1), 10) +
			" winc " + inc + " binc " + inc
	}
	return args
}

// Move plays g at level with the engine: the best move, in the game's
// coordinate text. Failures wrap ErrEngineFailed.
func (e *Engine) Move(ctx context.Context, g *game.Game, level Level) (string, error) {
	think := searchOptions(g, level, 0).MoveTime
	j, err := e.jobFor(g, level, think)
	if err != nil {
		return "", err
	}
	j.goArgs = goArgs(g, level, think)
	var m string
	_, err = e.search(ctx, j, func(res uci.SearchResult) error {
		var err error
		if m, err = gameMove(g, res.BestMove); err != nil {
			return fmt.Errorf("bestmove %.20q: %v", res.BestMove, err)
		}
		return nil
	})
	return m, err
}

// gameMove reads an engine's bestmove in g's position and writes it in the
// game's coordinate text; an illegal or unreadable move is an error.
func gameMove(g *game.Game, best string) (string, error) {
	eng, ok := g.Engine()
	if !ok {
		return "", fmt.Errorf("no board")
	}
	return eng.FromUCI(eng.Plies(), nil, best)
}

// Score searches g's position briefly at full strength and returns its
// score in centipawns from the side to move's point of view (a mate as
// ±uci.MateScore less its distance): the engine's own judgement of a draw
// offer.
func (e *Engine) Score(ctx context.Context, g *game.Game, think time.Duration) (int, error) {
	j, err := e.jobFor(g, Level{SkillLevel: e.maxSkill()}, think)
	if err != nil {
		return 0, err
	}
	j.goArgs = "movetime " + strconv.FormatInt(think.Milliseconds(), 10)
	var s uci.Score
	_, err = e.search(ctx, j, func(res uci.SearchResult) error {
		var err error
		s, err = uci.ParseInfoScore(res.Info)
		return err
	})
	return s.Centipawns(), err
}

func (e *Engine) maxSkill() int {
	if e.skill == nil {
		return 20
	}
	return e.skill.Max
}
