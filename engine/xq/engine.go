package xq

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gambitchess/gambit/xiangqi"
)

// Engine is a xiangqi engine. Its methods are safe for concurrent use,
// but only one search runs at a time: a second Search waits for the first.
type Engine struct {
	mu   sync.Mutex // held for a whole search; guards opts, tt and w
	opts Options
	tt   *table
	w    *worker
	stop atomic.Bool
}

// New returns an engine with the given options (out-of-range values are
// clamped).
func New(opts Options) *Engine {
	opts = sanitize(opts)
	e := &Engine{opts: opts, tt: newTable(opts.Hash), w: &worker{}}
	e.w.tt = e.tt
	e.w.weights = &defaultWeights
	e.w.params = &defaultParams
	e.w.stop = &e.stop
	return e
}

// Options returns the current options.
func (e *Engine) Options() Options {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.opts
}

// NewGame forgets everything learnt in earlier searches (hash table,
// killers and history), as for UCI "ucinewgame", so that a node-limited
// search repeats exactly. It waits for a running search.
func (e *Engine) NewGame() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt.Clear()
	e.w.clearStats()
}

// SetOption sets an option by its UCI name (case-insensitive): "Hash"
// (MB), "Threads", "Skill Level" (0-20), "MultiPV", "Move Overhead" (ms)
// or "Xiangqi Rules" (wxf or chinese; a change clears the hash table,
// whose repetition scores were the old rules'). The error wraps
// ErrUnknownOption or ErrOptionValue. It waits for a running search.
func (e *Engine) SetOption(name, value string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	o := e.opts
	if err := parseOption(&o, name, value); err != nil {
		return err
	}
	if o.Hash != e.opts.Hash {
		e.tt.Resize(o.Hash)
	}
	if o.Rules != e.opts.Rules {
		e.tt.Clear()
	}
	e.opts = o
	return nil
}

// Stop ends the running search, which then returns its best move so far.
// It does nothing when no search runs.
func (e *Engine) Stop() { e.stop.Store(true) }

// Search searches pos and returns the best move. keys holds the
// Zobrist keys of the game's positions before pos, oldest first, so that
// the search sees repetitions; their check states are unknown, so a
// perpetual check is judged from the moves after pos (SearchGame knows the
// whole game). onInfo, if not nil, receives a report after each completed
// iteration, from the calling goroutine. The search stops at the first of:
// a limit reached (with Limits.Mate: a mate in that many moves or fewer
// found, at the end of an iteration), Stop, ctx cancelled; with
// Limits.Infinite it does not return before Stop or ctx, as UCI requires.
// pos must be valid.
func (e *Engine) Search(ctx context.Context, pos xiangqi.Position, keys []uint64, limits Limits, onInfo func(Info)) Result {
	return e.search(ctx, pos, history{keys: keys}, limits, onInfo)
}

// SearchGame searches the current position of g, knowing what every move
// since the last capture did (its checks and chases), so that a
// repetition through moves already played is judged as the referee
// (xiangqi.Game) judges it, by the engine's Options.Rules.
func (e *Engine) SearchGame(ctx context.Context, g *xiangqi.Game, limits Limits, onInfo func(Info)) Result {
	keys := g.Keys()
	positions, moves := g.Positions(), g.Moves()
	checks := make([]bool, len(keys))
	for i := range positions {
		checks[i] = positions[i].InCheck()
	}
	n := len(keys) - 1
	acts := make([]xiangqi.Act, len(keys))
	into := make([]xiangqi.Move, len(keys))
	rules := e.Options().Rules
	for i := max(1, n-positions[n].HalfmoveClock()); i <= n; i++ {
		acts[i] = xiangqi.Classify(&positions[i-1], &positions[i], moves[i-1], rules)
		into[i] = moves[i-1]
	}
	return e.search(ctx, g.Position(), history{keys: keys[:n], checks: checks[:n], acts: acts, moves: into}, limits, onInfo)
}

func (e *Engine) search(ctx context.Context, pos xiangqi.Position, h history, limits Limits, onInfo func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	if ctx == nil {
		ctx = context.Background()
	}
	e.stop.Store(false)
	stopAfter := context.AfterFunc(ctx, func() { e.stop.Store(true) })
	defer stopAfter()

	w := e.w
	w.start = time.Now()
	w.prepare(pos, h)
	w.rules = e.opts.Rules
	w.nodeLimit = limits.Nodes
	w.restrictRoot(limits.SearchMoves)
	w.multiPV = e.opts.MultiPV
	if limits.MultiPV > 0 {
		w.multiPV = min(limits.MultiPV, MaxMultiPV)
	}
	if !limits.Infinite {
		w.mate = limits.Mate // an infinite search goes on after the mate, as engine's does
	}
	b := planTime(limits, pos.SideToMove(), e.opts.MoveOverhead)
	w.hard = b.hard
	e.tt.NewSearch()

	maxDepth := MaxPly - 8
	if limits.Depth > 0 {
		maxDepth = min(limits.Depth, maxDepth)
	}
	var res Result
	if e.opts.SkillLevel < MaxSkill {
		res = w.weakSearch(e.opts, maxDepth, b, onInfo)
	} else {
		res = w.iterate(maxDepth, b, onInfo)
	}
	if limits.Infinite {
		for !e.stop.Load() {
			time.Sleep(time.Millisecond)
		}
	}
	res.Time = time.Since(w.start)
	return res
}
