package loadtest_test

import (
	"bytes"
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/loadtest"
	"github.com/gambitchess/gambit/server"
	"github.com/gambitchess/gambit/server/metrics"
	"github.com/gambitchess/gambit/store"
)

// startServer runs a stock server (its default limits) on a loopback port
// with SQLite in a temporary directory, and its metrics on another; it
// returns their base URLs.
func startServer(t *testing.T) (base, metricsURL string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "gambit.db"))
	if err != nil {
		t.Fatal(err)
	}
	m := metrics.New()
	srv := server.New(server.Config{Store: st, Metrics: m})
	addrs := make(chan net.Addr, 2)
	done := make(chan error, 2)
	go func() { done <- srv.Run(ctx, "127.0.0.1:0", func(a net.Addr) { addrs <- a }) }()
	base = "http://" + (<-addrs).String()
	go func() { done <- server.RunMetrics(ctx, "127.0.0.1:0", m, false, func(a net.Addr) { addrs <- a }) }()
	metricsURL = "http://" + (<-addrs).String() + "/metrics"
	t.Cleanup(func() {
		cancel()
		for range 2 {
			if err := <-done; err != nil {
				t.Errorf("server: %v", err)
			}
		}
		st.Close()
	})
	return base, metricsURL
}

// TestRunAgainstAServer plays ten games with a spectator each for a few
// seconds against a real server: games are played, moves relayed with
// their latencies, nothing fails, and the server's metrics saw the games
// and the moves.
func TestRunAgainstAServer(t *testing.T) {
	base, metrics := startServer(t)
	sources, err := loadtest.ParseSources("127.0.0.2-127.0.0.40")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := loadtest.Run(context.Background(), loadtest.Config{
		Addrs: []string{base}, Games: 10, Duration: 3 * time.Second, Spectators: 1,
		ThinkMin: 30 * time.Millisecond, ThinkMax: 80 * time.Millisecond,
		Metrics: []string{metrics}, Sources: sources, Ramp: 200 * time.Millisecond, Seed: 1, Verify: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", text.String())
	if rep.GamesStarted < 10 || rep.GamesPeak != 10 || rep.SocketsPeak != 30 {
		t.Errorf("games started %d, peak %d, sockets peak %d; want 10, 10, 30", rep.GamesStarted, rep.GamesPeak, rep.SocketsPeak)
	}
	if rep.Moves < 20 || rep.Latency.Count != rep.Moves || rep.Latency.P50 <= 0 || rep.Latency.Max < rep.Latency.P99 {
		t.Errorf("moves %d, latency %+v", rep.Moves, rep.Latency)
	}
	if len(rep.Errors) != 0 {
		t.Errorf("errors %v, want none", rep.Errors)
	}
	if c := rep.Check; c == nil || c.Games != int(rep.GamesStarted) || c.MovesChecked < int(rep.Moves) || c.MovesLost != 0 || c.Unreadable != 0 {
		t.Errorf("check %+v: want every game read back, every published move found", c)
	}
	s := rep.Server
	if s == nil || !s.OK || s.GamesLive < 10 || s.Moves < float64(rep.Moves) || s.RSSPerGame <= 0 || s.SocketsOpen < 30 {
		t.Errorf("server metrics %+v", s)
	}
	st := rep.Steady
	if st == nil || st.Latency.Count == 0 || st.Latency.Count > rep.Latency.Count || st.Seconds <= 0 || st.Seconds >= rep.Seconds ||
		st.Moves <= 0 || st.CPUPerMove <= 0 || st.CPUCores <= 0 || !strings.Contains(text.String(), "ms a move") {
		t.Errorf("steady window %+v: want the relays and the servers' CPU per move after the ramp", st)
	}
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil || !strings.Contains(js.String(), `"p99ms"`) {
		t.Errorf("json: %v %s", err, js.String())
	}
}

// TestArenaAgainstAServer plays an arena of six for a few seconds against a
// real server: the players sign up, join, are paired, play short games
// (resigning at ply 6) and are paired again; the pairing times and the
// standings pushed are measured, and nothing fails.
func TestArenaAgainstAServer(t *testing.T) {
	base, _ := startServer(t)
	sources, err := loadtest.ParseSources("127.0.0.2-127.0.0.40")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := loadtest.Run(context.Background(), loadtest.Config{
		Addrs: []string{base}, Arena: 6, Duration: 8 * time.Second, ResignAfter: 6,
		ThinkMin: 20 * time.Millisecond, ThinkMax: 50 * time.Millisecond, Sources: sources, Seed: 1, Verify: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", text.String())
	a := rep.Arena
	if a == nil || a.Players != 6 || a.Pushes == 0 || a.Pairing.Count == 0 || a.Pairing.Max < a.Pairing.P50 {
		t.Fatalf("arena report %+v: want six players, standings pushed, players paired again", a)
	}
	if rep.GamesStarted < 6 || rep.Moves == 0 {
		t.Errorf("games started %d, moves %d: want two rounds of three games at least", rep.GamesStarted, rep.Moves)
	}
	if len(rep.Errors) != 0 {
		t.Errorf("errors %v, want none", rep.Errors)
	}
	if c := rep.Check; c == nil || c.MovesLost != 0 || c.Unreadable != 0 {
		t.Errorf("check %+v: every published move stored", c)
	}
	if !strings.Contains(text.String(), "next game named") {
		t.Errorf("text report lacks the arena's line:\n%s", text.String())
	}
}
