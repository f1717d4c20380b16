// Package sched shares work that one client may pile up fairly among a
// fixed number of workers: the computer's thinking (every game asks for at
// most one thought at a time, a move or an answer to a draw offer) and the
// drawing of a game's images and viewer page. Jobs wait in one queue per
// client (the address of the person asking), which the workers serve in
// turn: one client's flood waits behind itself, never in front of someone
// else. A scheduler may bound each client's queue, and a job whose asker
// went away leaves it unrun. The computer's scheduler also hurries: when
// anyone waits, a search that has had its slice plays the best move it has
// found so far, so a strong level thinks less under load rather than
// keeping others waiting.
//
//	s := sched.New(sched.Config{Workers: 2, PerClient: 8})
//	defer s.Close()
//	err := s.Submit(sched.Job{Client: addr, Ctx: r.Context(), Run: draw})
package sched

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// DefaultSlice is the least time a thought gets before it may be hurried
// for a waiting one: enough for the full engine to finish a few plies.
const DefaultSlice = 150 * time.Millisecond

// ErrQueueFull is a job refused because its client has as many waiting as
// the scheduler allows; the caller says so in its own words.
var ErrQueueFull = errors.New("sched: too many jobs waiting for this client")

// ErrClosed is a job refused because the scheduler has closed (the server
// is shutting down); the caller says so in its own words.
var ErrClosed = errors.New("sched: closed")

// A Job is one piece of work for one client. Run gets a context that ends
// when the work must stop: hurried, or the scheduler closing. A job with a
// Ctx leaves the queue, never run, once Ctx ends (the request went away).
type Job struct {
	Client string
	Ctx    context.Context // nil: the job is never abandoned
	Run    func(hurry context.Context)
	stop   func() bool // ends the watch on Ctx once the job leaves the queue
}

// Config is how a scheduler shares its workers.
type Config struct {
	Workers   int              // jobs run at once (at least 1)
	Slice     time.Duration    // a job's time before it is hurried for a waiting one; 0: never
	PerClient int              // jobs one client may have waiting; 0: any number
	Queued    prometheus.Gauge // follows how many jobs wait; nil: none
}

// thinking is a running job: when it started, how to hurry it, and the
// timer that will (at most one per job).
type thinking struct {
	started time.Time
	hurry   context.CancelFunc
	timer   *time.Timer
}

// Scheduler runs jobs on a fixed number of workers, round-robin over
// clients, hurrying a job that has had its slice whenever another waits.
// It is safe for concurrent use.
type Scheduler struct {
	cfg Config

	mu      sync.Mutex
	wake    *sync.Cond
	queues  map[string][]*Job // per client, oldest first
	turns   []string          // clients with queued jobs, next served first
	running map[*thinking]struct{}
	closed  bool
	wg      sync.WaitGroup
}

// New starts cfg.Workers goroutines.
func New(cfg Config) *Scheduler {
	if cfg.Queued == nil {
		cfg.Queued = prometheus.NewGauge(prometheus.GaugeOpts{Name: "unread"})
	}
	s := &Scheduler{cfg: cfg, queues: map[string][]*Job{}, running: map[*thinking]struct{}{}}
	s.wake = sync.NewCond(&s.mu)
	for range max(cfg.Workers, 1) {
		s.wg.Add(1)
		go s.work()
	}
	return s
}

// Submit queues j behind the client's earlier jobs. It fails when the
// scheduler is closed (ErrClosed) or the client's queue is full
// (ErrQueueFull).
func (s *Scheduler) Submit(j Job) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	q := s.queues[j.Client]
	if s.cfg.PerClient > 0 && len(q) >= s.cfg.PerClient {
		return ErrQueueFull
	}
	if len(q) == 0 {
		s.turns = append(s.turns, j.Client)
	}
	jp := &j
	s.queues[j.Client] = append(q, jp)
	if j.Ctx != nil {
		jp.stop = context.AfterFunc(j.Ctx, func() { s.abandon(jp) })
	}
	s.cfg.Queued.Inc()
	s.wake.Signal()
	for t := range s.running {
		s.armHurry(t)
	}
	return nil
}

// abandon takes j out of its client's queue, if it still waits there.
func (s *Scheduler) abandon(j *Job) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := s.queues[j.Client]
	i := slices.Index(q, j)
	if i < 0 {
		return // running, run, or dropped by close
	}
	s.cfg.Queued.Dec()
	if q = slices.Delete(q, i, i+1); len(q) > 0 {
		s.queues[j.Client] = q
		return
	}
	delete(s.queues, j.Client)
	s.turns = slices.DeleteFunc(s.turns, func(c string) bool { return c == j.Client })
}

// Pending reports how many jobs are queued.
func (s *Scheduler) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waiting()
}

// waiting reports how many jobs are queued; s.mu must be held.
func (s *Scheduler) waiting() int {
	n := 0
	for _, q := range s.queues {
		n += len(q)
	}
	return n
}

// armHurry hurries t once it has had its slice, if jobs still wait then;
// s.mu must be held. A scheduler without a slice never hurries.
func (s *Scheduler) armHurry(t *thinking) {
	if t.timer != nil || s.cfg.Slice <= 0 {
		return
	}
	t.timer = time.AfterFunc(max(s.cfg.Slice-time.Since(t.started), 0), func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		t.timer = nil
		if _, still := s.running[t]; !still {
			return
		}
		if s.waiting() > 0 {
			t.hurry()
		}
	})
}

// next takes the job of the client whose turn it is, moving that client to
// the back of the line; s.mu must be held and a job must be queued.
func (s *Scheduler) next() *Job {
	client := s.turns[0]
	s.turns = s.turns[1:]
	q := s.queues[client]
	j := q[0]
	s.cfg.Queued.Dec()
	if len(q) == 1 {
		delete(s.queues, client)
	} else {
		s.queues[client] = q[1:]
		s.turns = append(s.turns, client)
	}
	if j.stop != nil {
		j.stop()
	}
	return j
}

// work runs jobs until the scheduler closes. A job whose ctx ended while
// it was being taken is dropped unrun.
func (s *Scheduler) work() {
	defer s.wg.Done()
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		for len(s.turns) == 0 && !s.closed {
			s.wake.Wait()
		}
		if s.closed {
			return
		}
		j := s.next()
		if j.Ctx != nil && j.Ctx.Err() != nil {
			continue
		}
		ctx, hurry := context.WithCancel(context.Background())
		t := &thinking{started: time.Now(), hurry: hurry}
		s.running[t] = struct{}{}
		if s.waiting() > 0 {
			s.armHurry(t)
		}
		s.mu.Unlock()
		j.Run(ctx)
		hurry()
		s.mu.Lock()
		delete(s.running, t)
		if t.timer != nil {
			t.timer.Stop()
		}
	}
}

// Close hurries the running jobs, drops the queued ones and waits for the
// workers to stop.
func (s *Scheduler) Close() {
	s.mu.Lock()
	s.closed = true
	s.cfg.Queued.Sub(float64(s.waiting()))
	for _, q := range s.queues {
		for _, j := range q {
			if j.stop != nil {
				j.stop()
			}
		}
	}
	s.queues, s.turns = map[string][]*Job{}, nil
	for t := range s.running {
		t.hurry()
	}
	s.wake.Broadcast()
	s.mu.Unlock()
	s.wg.Wait()
}
