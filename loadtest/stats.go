package loadtest

import (
	"maps"
	"sync"
	"sync/atomic"
)

// stats are a run's counters, shared by every game and socket.
type stats struct {
	latency       Histogram
	steady        Histogram     // the relays from steadyFrom on: after the ramp, every game playing
	steadyFrom    atomic.Int64  // the run's clock when the steady window began (0: not yet)
	outage        Histogram     // a socket's time without its game: from the drop to the next position
	moves         atomic.Uint64 // moves relayed: sent by one player, received by the other
	gamesStarted  atomic.Uint64
	gamesFinished atomic.Uint64
	reconnections atomic.Uint64
	pairing       Histogram     // arena: a player's game over to the message naming their next
	pushes        atomic.Uint64 // arena: standings messages received, all players together
	pushBytes     atomic.Uint64
	sockets       peakGauge // WebSockets open
	games         peakGauge // games with both players connected

	mu     sync.Mutex
	errors map[string]uint64
}

func newStats() *stats { return &stats{errors: map[string]uint64{}} }

// fail counts an error of kind.
func (s *stats) fail(kind string) {
	s.mu.Lock()
	s.errors[kind]++
	s.mu.Unlock()
}

// errorCounts returns a copy of the errors by kind.
func (s *stats) errorCounts() map[string]uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.errors)
}

// peakGauge is a gauge that remembers its highest value.
type peakGauge struct {
	n, peak atomic.Int64
}

func (g *peakGauge) inc() {
	n := g.n.Add(1)
	for {
		p := g.peak.Load()
		if n <= p || g.peak.CompareAndSwap(p, n) {
			return
		}
	}
}

func (g *peakGauge) dec() { g.n.Add(-1) }
