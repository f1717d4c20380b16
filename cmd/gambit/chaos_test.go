package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/cluster"
	"github.com/gambitchess/gambit/internal/pgtest"
	"github.com/gambitchess/gambit/loadtest"
)

// chaosRun is a load test over two serve nodes on one PostgreSQL and one
// NATS, during which node a is killed (kill -9) at killAt.
type chaosRun struct {
	games, spectators int
	duration, killAt  time.Duration
	stallAfter        time.Duration // a game without a move this long is an error
	think             [2]time.Duration
	sources           string
}

// run plays it and returns the load test's report; tb fails on what
// cannot start.
func (c chaosRun) run(tb testing.TB) *loadtest.Report {
	tb.Helper()
	ns, err := cluster.Embedded("127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer ns.Shutdown()
	db := pgtest.URL(tb)
	limits := []string{"--max-conns-per-addr", "4096", "--create-per-minute", "100000", "--challenge-per-minute", "100000"}
	a := startServer(tb, append([]string{"--db", db, "--nats", ns.ClientURL(), "--node", "a"}, limits...)...)
	b := startServer(tb, append([]string{"--db", db, "--nats", ns.ClientURL(), "--node", "b"}, limits...)...)
	sources, err := loadtest.ParseSources(c.sources)
	if err != nil {
		tb.Fatal(err)
	}
	killed := time.AfterFunc(c.killAt, func() { a.kill(tb) })
	defer killed.Stop()
	rep, err := loadtest.Run(context.Background(), loadtest.Config{
		Addrs: []string{a.base, b.base}, Games: c.games, Duration: c.duration, Spectators: c.spectators,
		ThinkMin: c.think[0], ThinkMax: c.think[1], Sources: sources, Seed: 7, Verify: true,
		OutageMax: 30 * time.Second, StallAfter: c.stallAfter})
	if err != nil {
		tb.Fatal(err)
	}
	return rep
}

// refusedByTheDeadNode are the errors of games begun on node a after it
// died: a load balancer would have stopped sending them there.
func refusedByTheDeadNode(kind string) bool {
	for _, p := range []string{"create", "join", "ws_dial"} {
		if strings.HasPrefix(kind, p) {
			return true
		}
	}
	return false
}

// checkChaos fails tb unless every game went on after the kill and every
// move the servers published is still in its game.
func checkChaos(tb testing.TB, rep *loadtest.Report) {
	tb.Helper()
	var text bytes.Buffer
	_ = rep.WriteText(&text)
	tb.Logf("\n%s", text.String())
	for kind, n := range rep.Errors {
		if !refusedByTheDeadNode(kind) {
			tb.Errorf("%d errors %s: a game did not go on after the node died", n, kind)
		}
	}
	if c := rep.Check; c == nil || c.MovesLost != 0 || c.Unreadable != 0 || c.MovesChecked == 0 {
		tb.Errorf("check %+v: want every published move still in its game", c)
	}
	if rep.Reconnections == 0 || rep.Outage.Count == 0 {
		tb.Errorf("no socket was dropped and came back: did the node die? (%d reconnections)", rep.Reconnections)
	}
	if rep.Outage.Max > 15000 {
		tb.Errorf("a socket was without its game for %.0f ms", rep.Outage.Max)
	}
}

// TestChaosKillANodeUnderLoad: games spread over two nodes, node a killed
// mid-run. Its clients dial again (node a, then node b), node b takes its
// games within the lease time, every game goes on (none waits 10 s for a
// move: the run is 15 s long after the kill), and every move either
// node published is in the games read back at the end; the report says how
// long clients were without their game.
func TestChaosKillANodeUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills servers under load")
	}
	rep := chaosRun{games: 16, spectators: 1, duration: 20 * time.Second, killAt: 5 * time.Second, stallAfter: 10 * time.Second,
		think: [2]time.Duration{100 * time.Millisecond, 300 * time.Millisecond}, sources: "127.0.0.2-127.0.0.40"}.run(t)
	checkChaos(t, rep)
}

// BenchmarkChaosKillANode is the chaos test at full load: 1,000 games with a
// spectator each over two nodes for a minute, node a killed after 20 s.
// Run it alone, with -benchtime=1x, and an open-file limit above 10,000.
func BenchmarkChaosKillANode(b *testing.B) {
	for b.Loop() {
		rep := chaosRun{games: 1000, spectators: 1, duration: time.Minute, killAt: 20 * time.Second, stallAfter: 20 * time.Second,
			think: [2]time.Duration{time.Second, 3 * time.Second}, sources: "127.0.0.2-127.0.0.254"}.run(b)
		checkChaos(b, rep)
		b.ReportMetric(rep.Outage.Max, "outage-max-ms")
		b.ReportMetric(rep.Outage.P50, "outage-p50-ms")
		b.ReportMetric(rep.Latency.P99, "relay-p99-ms")
	}
}
