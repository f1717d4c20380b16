package puzzles

import (
	"context"
	"fmt"
	"log/slog"
	"sync"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/puzzle"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/sched"
	"github.com/gambitchess/gambit/store"
)

// FinderConfig is what the background finder needs of the server.
type FinderConfig struct {
	// Store keeps the puzzles found.
	Store store.Puzzles
	// Sched is the computer's scheduler: each position the finder
	// searches is a job of its own there, under the client FinderClient,
	// so the finder takes its turn beside the games and the reviews and
	// never more than one client's share.
	Sched *sched.Scheduler
	// Budget is the finder's search (default: the review's budget for
	// each position, of the game and of a candidate's solution: each job
	// in the scheduler costs what a review's does).
	Budget puzzle.Budget
	// MinPlies: a game shorter than this gives no puzzle and is not
	// searched (default 20: an aborted or resigned opening).
	MinPlies int
	// Queue bounds the games waiting (default 64): one more is dropped,
	// and said in the log.
	Queue  int
	Logger *slog.Logger
}

// FinderClient is the finder's name in the scheduler.
const FinderClient = "puzzle-finder"

// Finder finds puzzles in the server's games as they finish, one game at
// a time in the background, and stores them (each with its game's id as
// its source). Safe for concurrent use.
type Finder struct {
	cfg    FinderConfig
	ctx    context.Context
	cancel context.CancelFunc
	queue  chan found
	wg     sync.WaitGroup
}

// found is a finished game waiting for the finder.
type found struct {
	id      string // the game's id when it is listed; "" for an invite, whose id is its players' only
	variant game.Variant
	dialect game.UCIDialect
	e       game.Engine
}

// NewFinder starts a finder; Close stops it.
func NewFinder(cfg FinderConfig) *Finder {
	if cfg.Budget.Scan == 0 {
		cfg.Budget = puzzle.Budget{Scan: review.DefaultBudget.Nodes, Solve: review.DefaultBudget.Nodes}
	}
	if cfg.MinPlies <= 0 {
		cfg.MinPlies = 20
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 64
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	ctx, cancel := context.WithCancel(context.Background())
	f := &Finder{cfg: cfg, ctx: ctx, cancel: cancel, queue: make(chan found, cfg.Queue)}
	f.wg.Add(1)
	go f.work()
	return f
}

// NoteSaved takes g when evs, just saved, ended it: a game of full
// information the engines read, long enough, is queued for the finder.
// It only copies the game: the hub that calls it goes on at once.
func (f *Finder) NoteSaved(g *game.Game, evs []game.Event) {
	if f == nil || !g.Status().Finished() || !game.EndedBy(evs) || g.Ply() < f.cfg.MinPlies {
		return
	}
	e, ok := g.Engine()
	if !ok || g.Spec().UCI == nil {
		return
	}
	select {
	case f.queue <- found{id: sourceOf(g), variant: g.Variant(), dialect: *g.Spec().UCI, e: e}:
	default:
		f.cfg.Logger.Warn("puzzle finder: too many games waiting, one left out", "game", g.ID())
	}
}

// sourceOf is what a puzzle of g says it came from: the game's id when
// the game is listed for everyone (Game.Public); an invite's id is for
// its players only, and a puzzle is shown to anyone.
func sourceOf(g *game.Game) string {
	if g.Public() {
		return g.ID()
	}
	return ""
}

// Close stops the finder: the game it searches is left, those waiting
// are dropped. A nil Finder (none started) does nothing, as NoteSaved.
func (f *Finder) Close() {
	if f == nil {
		return
	}
	f.cancel()
	f.wg.Wait()
}

func (f *Finder) work() {
	defer f.wg.Done()
	for {
		select {
		case <-f.ctx.Done():
			return
		case j := <-f.queue:
			if err := f.find(j); err != nil && f.ctx.Err() == nil {
				f.cfg.Logger.Warn("puzzle finder failed", "game", j.id, "err", err)
			}
		}
	}
}

// find searches one game and stores its puzzles.
func (f *Finder) find(j found) error {
	ev := &scheduled{Evaluator: review.NewBuiltin(), sched: f.cfg.Sched, ctx: f.ctx}
	defer ev.Close()
	finder := puzzle.Finder{Eval: ev, Dialect: j.dialect, Budget: f.cfg.Budget}
	fs, err := finder.Find(f.ctx, j.e)
	if err != nil {
		return err
	}
	ps := make([]store.Puzzle, len(fs))
	for i, x := range fs {
		ps[i] = StorePuzzle(puzzle.New(j.variant, j.e, x, j.id))
	}
	if len(ps) == 0 {
		return nil
	}
	added, err := f.cfg.Store.AddPuzzles(f.ctx, ps)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	f.cfg.Logger.Info("puzzles found", "game", j.id, "puzzles", added)
	return nil
}

// scheduled is an evaluator whose every search waits its turn in the
// scheduler, as one job.
type scheduled struct {
	review.Evaluator
	sched *sched.Scheduler
	ctx   context.Context
}

func (s *scheduled) Evaluate(ctx context.Context, g *review.Game, ply int, b review.Budget, multiPV int) ([]review.Line, error) {
	done := make(chan struct{})
	var ls []review.Line
	var err error
	job := sched.Job{Client: FinderClient, Ctx: ctx, Run: func(context.Context) {
		defer close(done)
		ls, err = s.Evaluator.Evaluate(ctx, g, ply, b, multiPV)
	}}
	if serr := s.sched.Submit(job); serr != nil {
		return nil, fmt.Errorf("puzzle finder: %w", serr)
	}
	select {
	case <-done:
		return ls, err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// StorePuzzle is p as the store keeps it.
func StorePuzzle(p puzzle.Puzzle) store.Puzzle {
	return store.Puzzle{ID: p.ID, Variant: string(p.Variant), FEN: p.FEN, Moves: p.Moves, Themes: p.Themes, Game: p.Game,
		Rating: rating.Glicko{Rating: float64(p.Rating), Deviation: float64(p.RatingDeviation), Volatility: rating.Default().Volatility}}
}
