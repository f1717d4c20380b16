package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/gambitchess/gambit/server/metrics"
)

// TestMetricsFollowAGame: an online game played over WebSocket moves the
// series: a hub goes live, sockets open by kind and close again, moves are
// counted and each one relayed gets a latency.
func TestMetricsFollowAGame(t *testing.T) {
	m := metrics.New()
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Metrics: m})
	h := srv.Config.Handler
	g := create(t, h, `{"mode":"online","color":"white","clock":{"minutes":5,"increment":3}}`)
	guest := join(t, h, g.ID, http.StatusOK)

	white := dial(t, srv, g.ID, g.Token)
	white.state("state")
	black := dial(t, srv, g.ID, guest.Token)
	black.state("state")
	watcher := dial(t, srv, g.ID, "")
	watcher.state("state")
	waitGauge(t, "players", func() float64 { return testutil.ToFloat64(m.PlayerSockets) }, 2)
	waitGauge(t, "spectators", func() float64 { return testutil.ToFloat64(m.SpectatorSockets) }, 1)
	if live := testutil.ToFloat64(m.GamesLive); live != 1 {
		t.Errorf("games live %v, want 1", live)
	}

	white.send(`{"t":"move","d":{"u":"e2e4"}}`)
	black.position(1)
	black.send(`{"t":"move","d":{"u":"e7e5"}}`)
	white.position(2)
	if moves := testutil.ToFloat64(m.Moves); moves != 2 {
		t.Errorf("moves %v, want 2", moves)
	}
	// The latency is taken once the move is out, so it may land just after the client read it.
	waitGauge(t, "relay latencies recorded", func() float64 { return float64(histogramCount(t, m)) }, 2)

	watcher.conn.CloseNow()
	waitGauge(t, "spectators after one left", func() float64 { return testutil.ToFloat64(m.SpectatorSockets) }, 0)
	white.conn.CloseNow()
	black.conn.CloseNow()
	waitGauge(t, "players after both left", func() float64 { return testutil.ToFloat64(m.PlayerSockets) }, 0)
}

// histogramCount is how many relay latencies m has recorded.
func histogramCount(t *testing.T, m *metrics.Metrics) uint64 {
	t.Helper()
	families, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == "gambit_move_relay_seconds" {
			return f.GetMetric()[0].GetHistogram().GetSampleCount()
		}
	}
	t.Fatal("no gambit_move_relay_seconds")
	return 0
}

// waitGauge waits up to five seconds for read to give want.
func waitGauge(t *testing.T, what string, read func() float64, want float64) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got := read()
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v, want %v", what, got, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestMetricsEndpoint: the metrics handler serves every series in the text
// format at /metrics, the standard collectors included, and nothing else;
// pprof only when asked for.
func TestMetricsEndpoint(t *testing.T) {
	m := metrics.New()
	m.Moves.Inc()
	tests := []struct {
		name  string
		pprof bool
		path  string
		want  int
		body  []string
	}{
		{"metrics", false, "/metrics", http.StatusOK, []string{
			"gambit_games_live 0", "gambit_moves_total 1", `gambit_sockets_open{kind="player"} 0`,
			`gambit_sockets_open{kind="spectator"} 0`, "gambit_move_relay_seconds_bucket", "gambit_store_errors_total 0",
			"gambit_computer_moves_waiting 0", "gambit_computer_moves_total 0", `gambit_refused_total{reason="conn_cap"} 0`,
			"go_goroutines", "go_memstats_heap_inuse_bytes", "process_resident_memory_bytes", "process_cpu_seconds_total", "process_open_fds"}},
		{"nothing else", false, "/api/games", http.StatusNotFound, nil},
		{"no pprof unless asked", false, "/debug/pprof/", http.StatusNotFound, nil},
		{"pprof when asked", true, "/debug/pprof/", http.StatusOK, []string{"goroutine"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(MetricsHandler(m, tt.pprof))
			defer srv.Close()
			resp, err := http.Get(srv.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.want {
				t.Fatalf("GET %s: %d, want %d", tt.path, resp.StatusCode, tt.want)
			}
			for _, s := range tt.body {
				if !strings.Contains(string(body), s) {
					t.Errorf("GET %s: no %q in the answer", tt.path, s)
				}
			}
		})
	}
}

// TestMetricsCountRefusals: an HTTP rate limit is counted by its reason.
func TestMetricsCountRefusals(t *testing.T) {
	m := metrics.New()
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Metrics: m, CreatePerMinute: 1})
	h := srv.Config.Handler
	create(t, h, `{"mode":"local"}`)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, apiRequest("POST", "/api/games", `{"mode":"local"}`))
	if rec.Code != http.StatusTooManyRequests {
		t.Fatalf("second game: %d, want 429", rec.Code)
	}
	if n := testutil.ToFloat64(m.RefusedRate); n != 1 {
		t.Errorf("refused rate_limited %v, want 1", n)
	}
}
