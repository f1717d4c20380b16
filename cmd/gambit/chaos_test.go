package main

import (
	"bytes"
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

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

// TestChaosArenaDirectorKilled: an arena of eight over two nodes on one
// PostgreSQL and one NATS; mid-run the node directing it (its lease's
// holder) is killed. The other takes the arena over within the lease, its
// players' sockets and games move to it, and pairing goes on: games are
// paired after the kill, no player ever has two games pending, every game
// started is one of the arena's, and no published move is lost.
func TestChaosArenaDirectorKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills servers under load")
	}
	ns, err := cluster.Embedded("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Shutdown()
	db := pgtest.URL(t)
	limits := []string{"--max-conns-per-addr", "4096", "--create-per-minute", "100000"}
	nodes := map[string]*serverProcess{
		"a": startServer(t, append([]string{"--db", db, "--nats", ns.ClientURL(), "--node", "a"}, limits...)...),
		"b": startServer(t, append([]string{"--db", db, "--nats", ns.ClientURL(), "--node", "b"}, limits...)...),
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var killedAt time.Time
	var killed string
	done := make(chan struct{})
	time.AfterFunc(12*time.Second, func() { // the arena made, joined and paired
		defer close(done)
		if err := conn.QueryRow(ctx, `SELECT director FROM tournaments WHERE kind = 'arena'`).Scan(&killed); err != nil || nodes[killed] == nil {
			t.Errorf("the arena's director: %q, %v", killed, err)
			return
		}
		killedAt = time.Now()
		_ = nodes[killed].cmd.Process.Signal(syscall.SIGKILL)
	})
	sources, err := loadtest.ParseSources("127.0.0.2-127.0.0.40")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := loadtest.Run(ctx, loadtest.Config{Addrs: []string{nodes["a"].base, nodes["b"].base}, Arena: 8, Duration: 35 * time.Second,
		ResignAfter: 8, ThinkMin: 50 * time.Millisecond, ThinkMax: 150 * time.Millisecond, Sources: sources, Seed: 3, Verify: true,
		OutageMax: 30 * time.Second, StallAfter: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	<-done
	var text bytes.Buffer
	_ = rep.WriteText(&text)
	t.Logf("killed node %s (the director)\n%s", killed, text.String())
	for kind, n := range rep.Errors {
		if !refusedByTheDeadNode(kind) {
			t.Errorf("%d errors %s", n, kind)
		}
	}
	if c := rep.Check; c == nil || c.MovesLost != 0 || c.Unreadable != 0 || c.MovesChecked == 0 {
		t.Errorf("check %+v: want every published move still in its game", c)
	}
	var after, doubled, orphans int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM tournament_pairings WHERE started_at > $1`, killedAt.Add(6*time.Second).UnixNano()).Scan(&after); err != nil {
		t.Fatal(err)
	}
	if after == 0 {
		t.Error("no game was paired after the director died and its lease ran out")
	}
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM (SELECT u FROM (SELECT white AS u FROM tournament_pairings WHERE outcome = 0
		UNION ALL SELECT black FROM tournament_pairings WHERE outcome = 0) p GROUP BY u HAVING count(*) > 1) d`).Scan(&doubled); err != nil {
		t.Fatal(err)
	}
	if doubled != 0 {
		t.Errorf("%d players with two games pending", doubled)
	}
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM games g WHERE NOT EXISTS (SELECT 1 FROM tournament_pairings p WHERE p.game_id = g.id)`).Scan(&orphans); err != nil {
		t.Fatal(err)
	}
	if orphans != 0 {
		t.Errorf("%d games that are no arena's", orphans)
	}
	t.Logf("%d games paired after the kill", after)
}
