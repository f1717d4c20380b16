package reviews

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/sched"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// State is where a game's review stands.
type State string

// The states of a review, as GET /api/games/{id}/review says them.
const (
	StateNone    State = "none"
	StateQueued  State = "queued"  // accepted, no position evaluated yet
	StateRunning State = "running" // some positions evaluated
	StateDone    State = "done"
	StateFailed  State = "failed" // the engine failed; asking again starts afresh
)

// Status is the answer of GET (and POST) /api/games/{id}/review:
// {"state":…,"done":N,"total":M,"review":REVIEW|null}, done and total
// counting positions (a game of n moves has n+1).
type Status struct {
	State  State           `json:"state"`
	Done   int             `json:"done"`
	Total  int             `json:"total"`
	Review json.RawMessage `json:"review"`
}

// Config is what the reviews need from the server.
type Config struct {
	// Store keeps the reviews; nil keeps them in memory (tests).
	Store store.Reviews
	// Sched is the computer's scheduler, whose workers evaluate the
	// positions among the computer's moves.
	Sched *sched.Scheduler
	// Budget is each position's search (default review.DefaultBudget).
	Budget review.Budget
	// Evaluator returns the engine of a new review of g (default Gambit's
	// engines in process: review.NewBuiltin); nil for g stands for the
	// built-in one too. A registered UCI engine may stand in for the
	// variants it plays (computer.Engine.Evaluator); each review gets its own.
	Evaluator func(g *review.Game) review.Evaluator
	// Book, when not nil, says which moves of a game are still in the
	// opening book (review.Game.BookFrom over an opening table); nil
	// judges every move.
	Book func(g *review.Game) func(ply int) bool
	// PerClient bounds the reviews one address may have waiting or
	// running (default 2); one more is refused 429.
	PerClient int
	// MaxActive bounds the reviews waiting or running in all (default
	// 16); one more is refused 503.
	MaxActive int
	Logger    *slog.Logger
}

// Reviews runs and keeps the reviews. Safe for concurrent use.
type Reviews struct {
	cfg    Config
	ctx    context.Context // ends at Close: reviews stop
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	jobs    map[string]*job // by game id: waiting, running, failed, or done without a store
	clients map[string]int  // active reviews per address
	active  int
}

// job is one game's review in this process.
type job struct {
	state       State
	done, total int
	result      []byte // the review's JSON once done (kept only without a store)
}

// New returns the reviews of cfg; Close stops those running.
func New(cfg Config) *Reviews {
	if cfg.Budget.Check() != nil {
		cfg.Budget = review.DefaultBudget
	}
	if cfg.Evaluator == nil {
		cfg.Evaluator = func(*review.Game) review.Evaluator { return nil }
	}
	if cfg.PerClient <= 0 {
		cfg.PerClient = 2
	}
	if cfg.MaxActive <= 0 {
		cfg.MaxActive = 16
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Reviews{cfg: cfg, ctx: ctx, cancel: cancel, jobs: map[string]*job{}, clients: map[string]int{}}
}

// Close stops the reviews in progress (they are lost, not stored) and
// waits for them.
func (rs *Reviews) Close() {
	rs.cancel()
	rs.wg.Wait()
}

// Prepare copies what a review of g needs, refusing a game still played
// (wire.ErrNotOver) or one no engine can judge (wire.ErrNotReviewable):
// a variant of hidden information, or with rules of its own (its own
// computer player), is refused rather than reviewed over its board, whose
// engine would misjudge it. It only reads g, on the game's goroutine.
func Prepare(g *game.Game) (*review.Game, error) {
	if err := Reviewable(g); err != nil {
		return nil, err
	}
	rg, err := review.Open(g)
	if err != nil {
		return nil, wire.ErrNotReviewable // a variant the engines do not read
	}
	return rg, nil
}

// Reviewable says whether game g may be reviewed: nil, or why not
// (Prepare's errors).
func Reviewable(g *game.Game) error {
	if !g.Status().Finished() {
		return wire.ErrNotOver
	}
	spec := g.Spec()
	if spec.Hidden || spec.Computer != nil {
		return wire.ErrNotReviewable
	}
	return nil
}

// Start starts the review of game id (rg from Prepare) for client, unless
// it is running or done: started reports whether this call queued it. A
// review already stored is returned done.
func (rs *Reviews) Start(ctx context.Context, id, client string, rg *review.Game) (st Status, started bool, err error) {
	if st, err := rs.Get(ctx, id); err != nil || st.State == StateDone || st.State == StateQueued || st.State == StateRunning {
		return st, false, err
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if j := rs.jobs[id]; j != nil && j.state != StateFailed { // another request started it meanwhile
		return j.status(), false, nil
	}
	switch {
	case rs.clients[client] >= rs.cfg.PerClient:
		return Status{}, false, guards.RateLimited(30*time.Second, "at most %d reviews at once per address; wait for one to finish", rs.cfg.PerClient)
	case rs.active >= rs.cfg.MaxActive:
		return Status{}, false, fmt.Errorf("%w: %d reviews are running; try again in a minute", wire.ErrBusy, rs.active)
	}
	j := &job{state: StateQueued, total: rg.Plies() + 1}
	rs.jobs[id] = j
	rs.clients[client]++
	rs.active++
	rs.wg.Add(1)
	go rs.run(id, client, rg, j)
	return j.status(), true, nil
}

// status is the job's Status (rs.mu held).
func (j *job) status() Status {
	st := Status{State: j.state, Done: j.done, Total: j.total}
	if j.state == StateDone {
		st.Review = j.result
	}
	return st
}

// Get returns where the review of game id stands: in progress here, or
// stored, or none. It does not check that the game exists.
func (rs *Reviews) Get(ctx context.Context, id string) (Status, error) {
	rs.mu.Lock()
	j := rs.jobs[id]
	var st Status
	here := j != nil && (j.state != StateDone || j.result != nil) // not yet stored, or kept without a store
	if here {
		st = j.status()
	}
	rs.mu.Unlock()
	if here {
		return st, nil
	}
	data, err := rs.load(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return Status{State: StateNone}, nil
	case err != nil:
		return Status{}, err
	}
	var r review.Review
	if err := json.Unmarshal(data, &r); err != nil {
		return Status{}, fmt.Errorf("reviews: stored review of %s: %w", id, err)
	}
	return Status{State: StateDone, Done: len(r.Moves) + 1, Total: len(r.Moves) + 1, Review: data}, nil
}

// Review returns game id's review, or store.ErrNotFound when it has none
// (yet).
func (rs *Reviews) Review(ctx context.Context, id string) (*review.Review, error) {
	st, err := rs.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if st.State != StateDone {
		return nil, fmt.Errorf("%w: the game has no review", store.ErrNotFound)
	}
	var r review.Review
	if err := json.Unmarshal(st.Review, &r); err != nil {
		return nil, fmt.Errorf("reviews: review of %s: %w", id, err)
	}
	return &r, nil
}

// load reads a stored review.
func (rs *Reviews) load(ctx context.Context, id string) ([]byte, error) {
	if rs.cfg.Store == nil {
		return nil, store.ErrNotFound
	}
	return rs.cfg.Store.LoadReview(ctx, id)
}

// run reviews rg, one position per scheduler job, then stores the result.
func (rs *Reviews) run(id, client string, rg *review.Game, j *job) {
	defer rs.wg.Done()
	data, err := rs.review(client, rg, j)
	if err == nil && rs.cfg.Store != nil {
		err = rs.cfg.Store.SaveReview(rs.ctx, id, data)
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.active--
	if rs.clients[client]--; rs.clients[client] <= 0 {
		delete(rs.clients, client)
	}
	switch {
	case err != nil:
		rs.cfg.Logger.Warn("review failed", "game", id, "err", err)
		j.state = StateFailed
	case rs.cfg.Store != nil:
		delete(rs.jobs, id) // stored: Get reads it there
	default:
		j.state, j.result = StateDone, data
	}
}

// review evaluates every position of rg and returns the review's JSON.
func (rs *Reviews) review(client string, rg *review.Game, j *job) ([]byte, error) {
	ev := rs.cfg.Evaluator(rg)
	if ev == nil {
		ev = review.NewBuiltin()
	}
	defer ev.Close()
	n := rg.Plies()
	lines := make([]review.Line, n+1)
	for ply := 0; ply <= n; ply++ {
		l, err := rs.evaluate(client, rg, ev, ply)
		if err != nil {
			return nil, err
		}
		lines[ply] = l
		rs.mu.Lock()
		j.state, j.done = StateRunning, ply+1
		rs.mu.Unlock()
	}
	opt := review.Options{Budget: rs.cfg.Budget}
	if rs.cfg.Book != nil {
		opt.Book = rs.cfg.Book(rg)
	}
	return json.Marshal(review.Judge(rg, lines, ev.Name(), opt))
}

// evaluate evaluates one position as a job of the scheduler, in the line
// of the address that asked for the review (its computer games and its
// reviews share its turn). The search
// runs to its budget even when the scheduler would hurry it: a review is
// stored for good, and one position at the default budget is short; it
// stops only when the server closes.
func (rs *Reviews) evaluate(client string, rg *review.Game, ev review.Evaluator, ply int) (review.Line, error) {
	done := make(chan struct{})
	var l review.Line
	var err error
	job := sched.Job{Client: client, Ctx: rs.ctx, Run: func(context.Context) {
		defer close(done)
		l, err = review.EvaluatePosition(rs.ctx, rg, ev, ply, rs.cfg.Budget)
	}}
	if serr := rs.cfg.Sched.Submit(job); serr != nil {
		return review.Line{}, fmt.Errorf("reviews: %w", serr)
	}
	select {
	case <-done:
		return l, err
	case <-rs.ctx.Done():
		return review.Line{}, rs.ctx.Err()
	}
}
