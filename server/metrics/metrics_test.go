package metrics

import (
	"testing"
	"time"
)

// TestMetricsHotPathAllocatesNothing: what a move and a socket touch is
// bound to its labels in advance, so counting costs no allocation.
func TestMetricsHotPathAllocatesNothing(t *testing.T) {
	m := New()
	read := time.Now()
	allocs := testing.AllocsPerRun(100, func() {
		m.Moves.Inc()
		m.Relay.Observe(time.Since(read).Seconds())
		g := m.SocketGauge(true)
		g.Inc()
		g.Dec()
		m.GamesLive.Inc()
		m.BotWaiting.Inc()
		m.RefusedWSMessage.Inc()
	})
	if allocs != 0 {
		t.Errorf("%v allocations per move, want 0", allocs)
	}
}
