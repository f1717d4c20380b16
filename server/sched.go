package server

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Work that one client may pile up is shared fairly: the computer's
// thinking (every game asks for at most one thought at a time, a move or
// an answer to a draw offer) and the drawing of a game's images and viewer
// page (images.go). Jobs wait in one queue per client (the address of the
// person asking), which the workers serve in turn: one client's flood waits
// behind itself, never in front of someone else. A scheduler may bound
// each client's queue, and a job whose asker went away leaves it unrun.
// The computer's scheduler also hurries: when anyone waits, a search that
// has had its slice plays the best move it has found so far, so a strong
// level thinks less under load rather than keeping others waiting.

// defaultSlice is the least time a thought gets before it may be hurried
// for a waiting one: enough for the full engine to finish a few plies.
const defaultSlice = 150 * time.Millisecond

// errQueueFull is a job refused because its client has as many waiting as
// the scheduler allows; the caller says so in its own words.
var errQueueFull = errors.New("server: too many jobs waiting for this client")

// A job is one piece of work for one client. run gets a context that ends
// when the work must stop: hurried, or the scheduler closing. A job with a
// ctx leaves the queue, never run, once ctx ends (the request went away).
type job struct {
	client string
	ctx    context.Context // nil: the job is never abandoned
	run    func(hurry context.Context)
	stop   func() bool // ends the watch on ctx once the job leaves the queue
}

// schedConfig is how a scheduler shares its workers.
type schedConfig struct {
	workers   int              // jobs run at once (at least 1)
	slice     time.Duration    // a job's time before it is hurried for a waiting one; 0: never
	perClient int              // jobs one client may have waiting; 0: any number
	queued    prometheus.Gauge // follows how many jobs wait; nil: none
}

// thinking is a running job: when it started, how to hurry it, and the
// timer that will (at most one per job).
type thinking struct {
	started time.Time
	hurry   context.CancelFunc
	timer   *time.Timer
}

// scheduler runs jobs on a fixed number of workers, round-robin over
// clients, hurrying a job that has had its slice whenever another waits.
// It is safe for concurrent use.
type scheduler struct {
	cfg schedConfig

	mu      sync.Mutex
	wake    *sync.Cond
	queues  map[string][]*job // per client, oldest first
	turns   []string          // clients with queued jobs, next served first
	running map[*thinking]struct{}
	closed  bool
	wg      sync.WaitGroup
}

// newScheduler starts cfg.workers goroutines.
func newScheduler(cfg schedConfig) *scheduler {
	if cfg.queued == nil {
		cfg.queued = prometheus.NewGauge(prometheus.GaugeOpts{Name: "unread"})
	}
	s := &scheduler{cfg: cfg, queues: map[string][]*job{}, running: map[*thinking]struct{}{}}
	s.wake = sync.NewCond(&s.mu)
	for range max(cfg.workers, 1) {
		s.wg.Add(1)
		go s.work()
	}
	return s
}

// submit queues j behind the client's earlier jobs. It fails when the
// scheduler is closed (ErrShuttingDown) or the client's queue is full
// (errQueueFull).
func (s *scheduler) submit(j job) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrShuttingDown
	}
	q := s.queues[j.client]
	if s.cfg.perClient > 0 && len(q) >= s.cfg.perClient {
		return errQueueFull
	}
	if len(q) == 0 {
		s.turns = append(s.turns, j.client)
	}
	jp := &j
	s.queues[j.client] = append(q, jp)
	if j.ctx != nil {
		jp.stop = context.AfterFunc(j.ctx, func() { s.abandon(jp) })
	}
	s.cfg.queued.Inc()
	s.wake.Signal()
	for t := range s.running {
		s.armHurry(t)
	}
	return nil
}

// abandon takes j out of its client's queue, if it still waits there.
func (s *scheduler) abandon(j *job) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := s.queues[j.client]
	i := slices.Index(q, j)
	if i < 0 {
		return // running, run, or dropped by close
	}
	s.cfg.queued.Dec()
	if q = slices.Delete(q, i, i+1); len(q) > 0 {
		s.queues[j.client] = q
		return
	}
	delete(s.queues, j.client)
	s.turns = slices.DeleteFunc(s.turns, func(c string) bool { return c == j.client })
}

// pending reports how many jobs are queued.
func (s *scheduler) pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waiting()
}

// waiting reports how many jobs are queued; s.mu must be held.
func (s *scheduler) waiting() int {
	n := 0
	for _, q := range s.queues {
		n += len(q)
	}
	return n
}

// armHurry hurries t once it has had its slice, if jobs still wait then;
// s.mu must be held. A scheduler without a slice never hurries.
func (s *scheduler) armHurry(t *thinking) {
	if t.timer != nil || s.cfg.slice <= 0 {
		return
	}
	t.timer = time.AfterFunc(max(s.cfg.slice-time.Since(t.started), 0), func() {
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
func (s *scheduler) next() *job {
	client := s.turns[0]
	s.turns = s.turns[1:]
	q := s.queues[client]
	j := q[0]
	s.cfg.queued.Dec()
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
func (s *scheduler) work() {
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
		if j.ctx != nil && j.ctx.Err() != nil {
			continue
		}
		ctx, hurry := context.WithCancel(context.Background())
		t := &thinking{started: time.Now(), hurry: hurry}
		s.running[t] = struct{}{}
		if s.waiting() > 0 {
			s.armHurry(t)
		}
		s.mu.Unlock()
		j.run(ctx)
		hurry()
		s.mu.Lock()
		delete(s.running, t)
		if t.timer != nil {
			t.timer.Stop()
		}
	}
}

// close hurries the running jobs, drops the queued ones and waits for the
// workers to stop.
func (s *scheduler) close() {
	s.mu.Lock()
	s.closed = true
	s.cfg.queued.Sub(float64(s.waiting()))
	for _, q := range s.queues {
		for _, j := range q {
			if j.stop != nil {
				j.stop()
			}
		}
	}
	s.queues, s.turns = map[string][]*job{}, nil
	for t := range s.running {
		t.hurry()
	}
	s.wake.Broadcast()
	s.mu.Unlock()
	s.wg.Wait()
}
