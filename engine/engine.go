package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/internal/tt"
)

// Errors returned by SetOption.
var (
	ErrUnknownOption = errors.New("engine: unknown option")
	ErrOptionValue   = errors.New("engine: invalid option value")
)

// Options configures an Engine. The zero value is not useful: start from DefaultOptions.
type Options struct {
	Hash          int           // transposition table size in MB
	Threads       int           // search threads (Lazy SMP)
	MultiPV       int           // number of principal variations reported
	MoveOverhead  time.Duration // time kept back per move for communication lag
	Algorithm     Algorithm     // search algorithm; AlgorithmFull plays best
	SkillLevel    int           // 0 (weakest) to 20 (full strength)
	LimitStrength bool          // when set, Elo chooses the skill level
	Elo           int           // target strength, EloMin..EloMax
	Chess960      bool          // informational: positions carry their own Chess960 flag
	Ponder        bool          // informational: the GUI may ask to ponder
	Seed          uint64        // seed of the deliberate-error source of the weak levels
}

// MaxHash is the largest transposition table in MB. It is kept well below
// Stockfish's 32 GB: a failed allocation in Go is a fatal error, not a
// recoverable one, so the option refuses sizes this machine class cannot hold.
const MaxHash = 4096

// Strength range of UCI_Elo. The mapping to skill levels is a rough guess,
// not a calibrated rating.
const (
	EloMin = 600
	EloMax = 2600
)

// DefaultOptions returns the options a new engine starts with.
func DefaultOptions() Options {
	return Options{Hash: 16, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond,
		Algorithm: AlgorithmFull, SkillLevel: 20, Elo: EloMax, Seed: 0x9E3779B97F4A7C15}
}

// OptionSpec describes a UCI-visible option, for "option name ... type ..." lines.
type OptionSpec struct {
	Name    string
	Type    string // "spin", "check", "combo", "button" or "string"
	Default string
	Min     int
	Max     int
	Vars    []string // combo values
}

// OptionSpecs returns the options SetOption accepts, in the order a UCI
// adapter should announce them.
func OptionSpecs() []OptionSpec {
	d := DefaultOptions()
	return []OptionSpec{
		{Name: "Hash", Type: "spin", Default: strconv.Itoa(d.Hash), Min: 1, Max: MaxHash},
		{Name: "Threads", Type: "spin", Default: "1", Min: 1, Max: 256},
		{Name: "MultiPV", Type: "spin", Default: "1", Min: 1, Max: 256},
		{Name: "Ponder", Type: "check", Default: "false"},
		{Name: "UCI_Chess960", Type: "check", Default: "false"},
		{Name: "UCI_LimitStrength", Type: "check", Default: "false"},
		{Name: "UCI_Elo", Type: "spin", Default: strconv.Itoa(EloMax), Min: EloMin, Max: EloMax},
		{Name: "Skill Level", Type: "spin", Default: "20", Min: 0, Max: 20},
		{Name: "Move Overhead", Type: "spin", Default: "30", Min: 0, Max: 5000},
		{Name: "Algorithm", Type: "combo", Default: string(AlgorithmFull), Vars: algorithmNames()},
		{Name: "Clear Hash", Type: "button"},
	}
}

// Limits says when a search stops. Zero fields mean "no limit"; with no
// limit at all the search runs until ctx is cancelled.
type Limits struct {
	Depth       int           // maximum depth in plies
	Nodes       uint64        // maximum nodes
	MoveTime    time.Duration // exact time for this move
	WTime       time.Duration // White's clock
	BTime       time.Duration // Black's clock
	WInc        time.Duration // White's increment per move
	BInc        time.Duration // Black's increment per move
	MovesToGo   int           // moves to the next time control; 0 means sudden death
	Mate        int           // stop after finding a mate in this many moves
	Infinite    bool          // search until ctx is cancelled, even after depth/mate are found
	Ponder      bool          // pondering: ignore the clock until PonderHit, then use it
	SearchMoves []chess.Move  // restrict the root to these moves
	// RootPenalty, if not nil, holds a penalty in centipawns for each move
	// of SearchMoves (the same length): the full search scores a root move
	// as its search result less its penalty, and reports scores so
	// lowered (to no less than -MateInMaxPly+1). It lets a variant weigh a
	// risk that only the root move runs (a hidden hazard on the
	// destination) while the search below plays plain chess. Negative
	// penalties count as 0. The teaching algorithms ignore it.
	RootPenalty []int
	MultiPV     int // overrides Options.MultiPV when > 0
}

// Score is a search score in centipawns from the side to move's view.
// Mate scores are Mate - plies (winning) or -Mate + plies (losing).
type Score int

// IsMate reports whether s is a mate score.
func (s Score) IsMate() bool { return s >= MateInMaxPly || s <= -MateInMaxPly }

// MateIn returns the signed number of moves to mate (positive when the side
// to move mates), for UCI "score mate N". It is meaningful only if IsMate.
func (s Score) MateIn() int {
	if s > 0 {
		return (Mate - int(s) + 1) / 2
	}
	return -(Mate + int(s)) / 2
}

// Info is a progress report of the search, one per principal variation.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int // 1-based
	Score    Score
	Bound    Bound // BoundExact, or BoundLower/BoundUpper while an aspiration window fails
	Nodes    uint64
	NPS      uint64
	HashFull int // permille
	Time     time.Duration
	PV       []chess.Move
	String   string // a free-form message instead of a search report, when set
}

// Result is the outcome of a search.
type Result struct {
	BestMove chess.Move // MoveNone when the position has no legal move
	Ponder   chess.Move // expected reply, or MoveNone
	Score    Score
	Depth    int
	Nodes    uint64
	Time     time.Duration
}

// Engine is a chess engine. Its methods are safe for concurrent use, but
// only one search runs at a time: a second Search waits for the first.
type Engine struct {
	mu      sync.Mutex // held for the whole of a search
	optMu   sync.Mutex // guards opts
	opts    Options
	tt      *tt.Table[chess.Move]
	workers []*worker
	eval    *Evaluator // evaluation weights, DefaultWeights unless SetWeights

	// Per-search state read by the main worker's time checks.
	limits    Limits
	startNano atomic.Int64 // search start (reset on ponderhit), UnixNano
	soft      time.Duration
	hard      time.Duration
	timed     bool
	pondering atomic.Bool
	sh        *shared
	nthreads  int
}

// New returns an engine with the given options.
func New(opts Options) *Engine {
	e := &Engine{opts: sanitize(opts), eval: defaultEvaluator}
	e.tt = newTT(e.opts.Hash)
	return e
}

// SetWeights makes the engine's full search evaluate with w instead of
// DefaultWeights (the teaching algorithms keep the defaults). It waits for
// a running search; call NewGame afterwards, as the hash holds old scores.
func (e *Engine) SetWeights(w Weights) {
	ev := NewEvaluator(w)
	e.mu.Lock()
	defer e.mu.Unlock()
	e.eval = ev
}

func sanitize(o Options) Options {
	d := DefaultOptions()
	if o.Hash <= 0 {
		o.Hash = d.Hash
	}
	o.Hash = min(o.Hash, MaxHash)
	o.Threads = max(min(o.Threads, 256), 1)
	o.MultiPV = max(min(o.MultiPV, 256), 1)
	o.SkillLevel = max(min(o.SkillLevel, 20), 0)
	o.Elo = max(min(o.Elo, EloMax), EloMin)
	if o.Algorithm == "" {
		o.Algorithm = AlgorithmFull
	}
	o.MoveOverhead = max(o.MoveOverhead, 0)
	return o
}

// Options returns the current options.
func (e *Engine) Options() Options {
	e.optMu.Lock()
	defer e.optMu.Unlock()
	return e.opts
}

// NewGame forgets everything learnt in earlier searches (hash table, move
// ordering statistics), as for UCI "ucinewgame". It waits for a running search.
func (e *Engine) NewGame() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt.Clear()
	for _, w := range e.workers {
		w.clearStats()
	}
}

// SetOption sets an option by its UCI name (case-insensitive), for example
// SetOption("Hash", "64"). It waits for a running search.
func (e *Engine) SetOption(name, value string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.optMu.Lock()
	defer e.optMu.Unlock()
	value = strings.TrimSpace(value)
	num := func(lo, hi int) (int, error) {
		n, err := strconv.Atoi(value)
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("%w: %s %q (want %d..%d)", ErrOptionValue, name, value, lo, hi)
		}
		return n, nil
	}
	boolean := func() (bool, error) {
		switch strings.ToLower(value) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return false, fmt.Errorf("%w: %s %q (want true or false)", ErrOptionValue, name, value)
	}
	var err error
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "hash":
		var n int
		if n, err = num(1, MaxHash); err == nil && n != e.opts.Hash {
			e.opts.Hash = n
			e.tt.Resize(n)
		}
	case "clear hash":
		e.tt.Clear()
	case "threads":
		e.opts.Threads, err = keep(e.opts.Threads)(num(1, 256))
	case "multipv":
		e.opts.MultiPV, err = keep(e.opts.MultiPV)(num(1, 256))
	case "move overhead":
		var n int
		if n, err = num(0, 5000); err == nil {
			e.opts.MoveOverhead = time.Duration(n) * time.Millisecond
		}
	case "skill level":
		e.opts.SkillLevel, err = keep(e.opts.SkillLevel)(num(0, 20))
	case "uci_elo":
		e.opts.Elo, err = keep(e.opts.Elo)(num(EloMin, EloMax))
	case "uci_limitstrength":
		e.opts.LimitStrength, err = keepBool(e.opts.LimitStrength)(boolean())
	case "uci_chess960":
		e.opts.Chess960, err = keepBool(e.opts.Chess960)(boolean())
	case "ponder":
		e.opts.Ponder, err = keepBool(e.opts.Ponder)(boolean())
	case "algorithm":
		a := Algorithm(strings.ToLower(value))
		if !a.valid() {
			return fmt.Errorf("%w: Algorithm %q (want one of %s)", ErrOptionValue, value, strings.Join(algorithmNames(), ", "))
		}
		e.opts.Algorithm = a
	default:
		return fmt.Errorf("%w: %q", ErrUnknownOption, name)
	}
	return err
}

func keep(old int) func(int, error) (int, error) {
	return func(n int, err error) (int, error) {
		if err != nil {
			return old, err
		}
		return n, nil
	}
}

func keepBool(old bool) func(bool, error) (bool, error) {
	return func(b bool, err error) (bool, error) {
		if err != nil {
			return old, err
		}
		return b, nil
	}
}

// PonderHit tells a pondering search that the expected move was played:
// from now on it runs on the clock given in its Limits.
func (e *Engine) PonderHit() {
	if e.pondering.Load() {
		e.startNano.Store(time.Now().UnixNano())
		e.pondering.Store(false)
	}
}

// elapsed returns the time since the search started (or since ponderhit).
func (e *Engine) elapsed() time.Duration {
	return time.Duration(time.Now().UnixNano() - e.startNano.Load())
}

// Search searches pos and returns the best move. history holds the Zobrist
// keys of the positions of the game before pos (oldest first), so that the
// search sees repetitions. onInfo, if not nil, receives progress reports
// from the searching goroutine. The search stops at the first of: a limit
// reached, ctx cancelled. With Limits.Infinite or Limits.Ponder (until
// PonderHit) it does not return before ctx is cancelled, as UCI requires.
func (e *Engine) Search(ctx context.Context, pos chess.Position, history []uint64, limits Limits, onInfo func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	opts := e.Options()
	if onInfo == nil {
		onInfo = func(Info) {}
	}
	e.startNano.Store(time.Now().UnixNano())
	e.pondering.Store(limits.Ponder)
	e.limits = limits
	e.setupTime(pos.SideToMove(), opts)
	sh := &shared{nodeLimit: math.MaxUint64}
	if limits.Nodes > 0 {
		sh.nodeLimit = limits.Nodes
	}
	e.sh = sh
	stopAfter := context.AfterFunc(ctx, func() { sh.stop.Store(true) })
	defer stopAfter()

	// Root moves: the legal moves, restricted to SearchMoves if given.
	var ml chess.MoveList
	pos.GenerateLegal(&ml)
	var moves []chess.Move
	for _, m := range ml.Moves() {
		if len(limits.SearchMoves) == 0 || slices.Contains(limits.SearchMoves, m) {
			moves = append(moves, m)
		}
	}
	var res Result
	switch {
	case len(moves) == 0:
		if pos.InCheck() && ml.Len() == 0 {
			res.Score = -Mate
		}
		onInfo(Info{Depth: 0, Score: res.Score, MultiPV: 1})
	case opts.Algorithm != AlgorithmFull:
		res = e.teach(opts.Algorithm, pos, moves, limits, onInfo)
	default:
		res = e.searchFull(pos, history, moves, limits, opts, onInfo)
	}
	res.Time = e.elapsed()

	// UCI: in infinite or ponder mode the best move waits for stop (or ponderhit).
	for (limits.Infinite || e.pondering.Load()) && ctx.Err() == nil {
		time.Sleep(time.Millisecond)
	}
	e.pondering.Store(false)
	return res
}

// setupTime derives the soft (per-iteration) and hard (abort) time limits.
func (e *Engine) setupTime(us chess.Color, opts Options) {
	l := e.limits
	e.timed = false
	e.soft, e.hard = 0, 0
	if l.MoveTime > 0 {
		t := max(l.MoveTime-opts.MoveOverhead, time.Millisecond)
		e.soft, e.hard, e.timed = t, t, true
		return
	}
	left, inc := l.WTime, l.WInc
	if us == chess.Black {
		left, inc = l.BTime, l.BInc
	}
	if l.WTime <= 0 && l.BTime <= 0 && l.WInc <= 0 && l.BInc <= 0 {
		return // no clock at all: depth, nodes or infinite
	}
	// A clock is given; ours may be empty (only the opponent's sent, or
	// overdrawn): then move at once rather than think without limit.
	e.timed = true
	mtg := 30
	if l.MovesToGo > 0 {
		mtg = min(l.MovesToGo, 30)
	}
	// Keep the overhead back, and a little more for each move still to be made
	// in this control, so that lag and scheduling cannot flag us.
	remaining := max(left-opts.MoveOverhead-time.Duration(min(mtg, 10))*time.Millisecond, time.Millisecond)
	soft := remaining/time.Duration(mtg) + inc*3/4
	soft = min(soft, remaining*6/10)
	hard := min(soft*4, remaining*8/10)
	e.soft = max(soft, time.Millisecond)
	e.hard = max(hard, time.Millisecond)
}

// overNodeLimit reports whether the workers together have searched the
// node limit (a single worker also checks its own count at every node).
func (e *Engine) overNodeLimit() bool {
	if e.sh.nodeLimit == math.MaxUint64 || e.nthreads < 2 {
		return false
	}
	total := uint64(0)
	for _, x := range e.workers[:e.nthreads] {
		total += x.shared.Load()
	}
	return total >= e.sh.nodeLimit
}

// checkTime reports whether the main worker must stop now.
func (e *Engine) checkTime(w *worker) bool {
	if !e.timed || e.pondering.Load() || w.completed < 1 {
		return false
	}
	return e.elapsed() >= e.hard
}

// ensureWorkers grows the worker pool to n.
func (e *Engine) ensureWorkers(n int) {
	for len(e.workers) < n {
		e.workers = append(e.workers, &worker{e: e, id: len(e.workers)})
	}
}

func (w *worker) clearStats() {
	w.history = [2][64][64]int32{}
	w.counter = [16][64]chess.Move{}
}

// totalNodes sums the nodes of the active workers.
func (e *Engine) totalNodes(n int) uint64 {
	total := e.workers[0].nodes
	for _, x := range e.workers[1:n] {
		total += x.shared.Load()
	}
	return total
}
