package server

import (
	"context"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// The computer's thinking is shared fairly. Every game asks for at most one
// thought at a time (a move, or an answer to a draw offer), and games wait
// in one queue per client (the address of the person playing), which the
// workers serve in turn: one client's flood of games waits behind itself,
// never in front of someone else. And when anyone waits, a search that has
// had its slice is hurried: it plays the best move it has found so far, so
// a strong level thinks less under load rather than keeping others waiting.

// defaultSlice is the least time a thought gets before it may be hurried
// for a waiting one: enough for the full engine to finish a few plies.
const defaultSlice = 150 * time.Millisecond

// A botJob is one thought for one game. run gets a context that ends when
// the thought must stop: hurried, or the scheduler closing.
type botJob struct {
	client string
	run    func(hurry context.Context)
}

// thinking is a running job: when it started, how to hurry it, and the
// timer that will (at most one per job).
type thinking struct {
	started time.Time
	hurry   context.CancelFunc
	timer   *time.Timer
}

// scheduler runs botJobs on a fixed number of workers, round-robin over
// clients, hurrying a job that has had its slice whenever another waits.
// It is safe for concurrent use.
type scheduler struct {
	slice  time.Duration
	queued prometheus.Gauge // the jobs waiting, as a metric

	mu      sync.Mutex
	wake    *sync.Cond
	queues  map[string][]botJob // per client, oldest first
	turns   []string            // clients with queued jobs, next served first
	running map[*thinking]struct{}
	closed  bool
	wg      sync.WaitGroup
}

// newScheduler starts workers goroutines; slice <= 0 means defaultSlice.
// queued follows how many jobs wait.
func newScheduler(workers int, slice time.Duration, queued prometheus.Gauge) *scheduler {
	if slice <= 0 {
		slice = defaultSlice
	}
	s := &scheduler{slice: slice, queues: map[string][]botJob{}, running: map[*thinking]struct{}{}, queued: queued}
	s.wake = sync.NewCond(&s.mu)
	for range max(workers, 1) {
		s.wg.Add(1)
		go s.work()
	}
	return s
}

// submit queues job behind the client's earlier ones. It fails only when
// the scheduler is closed.
func (s *scheduler) submit(job botJob) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrShuttingDown
	}
	if len(s.queues[job.client]) == 0 {
		s.turns = append(s.turns, job.client)
	}
	s.queues[job.client] = append(s.queues[job.client], job)
	s.queued.Inc()
	s.wake.Signal()
	for t := range s.running {
		s.armHurry(t)
	}
	return nil
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
// s.mu must be held.
func (s *scheduler) armHurry(t *thinking) {
	if t.timer != nil {
		return
	}
	t.timer = time.AfterFunc(max(s.slice-time.Since(t.started), 0), func() {
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
func (s *scheduler) next() botJob {
	client := s.turns[0]
	s.turns = s.turns[1:]
	q := s.queues[client]
	job := q[0]
	s.queued.Dec()
	if len(q) == 1 {
		delete(s.queues, client)
	} else {
		s.queues[client] = q[1:]
		s.turns = append(s.turns, client)
	}
	return job
}

// work runs jobs until the scheduler closes.
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
		job := s.next()
		ctx, hurry := context.WithCancel(context.Background())
		t := &thinking{started: time.Now(), hurry: hurry}
		s.running[t] = struct{}{}
		if s.waiting() > 0 {
			s.armHurry(t)
		}
		s.mu.Unlock()
		job.run(ctx)
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
	s.queued.Sub(float64(s.waiting()))
	s.queues, s.turns = map[string][]botJob{}, nil
	for t := range s.running {
		t.hurry()
	}
	s.wake.Broadcast()
	s.mu.Unlock()
	s.wg.Wait()
}
