package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are the server's Prometheus series, on a registry of their own
// (never the process-wide default one, which would be global state): the
// live games, the open WebSockets, the moves and how long one takes from
// its WebSocket to the other clients, the store's failures, the computer's
// queue and its moves, the requests refused by limits, and the Go runtime's
// and the process's own collectors.
//
// Every series a hot path touches is bound to its labels once, here, so a
// move costs a few atomic adds and no map lookup nor label building.
type Metrics struct {
	reg *prometheus.Registry

	gamesLive        prometheus.Gauge
	playerSockets    prometheus.Gauge
	spectatorSockets prometheus.Gauge
	moves            prometheus.Counter
	relay            prometheus.Histogram
	storeErrors      prometheus.Counter
	botWaiting       prometheus.Gauge
	botMoves         prometheus.Counter

	refusedConns     prometheus.Counter // over a connection cap (503 from the listener)
	refusedRate      prometheus.Counter // an HTTP rate limit (429)
	refusedBusy      prometheus.Counter // the computer or the server busy (503)
	refusedWSMessage prometheus.Counter // WebSocket messages over their rate, dropped
}

// relayBuckets are the move relay latency buckets, in seconds: 100 µs to
// about 26 s, doubling (a store falling behind queues moves for seconds).
var relayBuckets = prometheus.ExponentialBuckets(0.0001, 2, 19)

// NewMetrics returns the series on a new registry.
func NewMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{reg: reg}
	sockets := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "gambit_sockets_open",
		Help: "WebSocket clients connected to a live game, by kind (player: holds a seat; spectator)."}, []string{"kind"})
	refused := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gambit_refused_total",
		Help: "Requests refused by a limit, by reason: conn_cap (503 from the listener), rate_limited (429), busy (503), ws_rate_limited (WebSocket messages dropped)."},
		[]string{"reason"})
	m.gamesLive = prometheus.NewGauge(prometheus.GaugeOpts{Name: "gambit_games_live", Help: "Games in memory, each owned by a hub goroutine."})
	m.playerSockets = sockets.WithLabelValues("player")
	m.spectatorSockets = sockets.WithLabelValues("spectator")
	m.moves = prometheus.NewCounter(prometheus.CounterOpts{Name: "gambit_moves_total", Help: "Moves played, by people and by the computer."})
	m.relay = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "gambit_move_relay_seconds",
		Help:    "From a move read off a WebSocket to its publication to the game's clients: through the hub and the store's Append.",
		Buckets: relayBuckets})
	m.storeErrors = prometheus.NewCounter(prometheus.CounterOpts{Name: "gambit_store_errors_total", Help: "Store operations that failed (a game not found excepted)."})
	m.botWaiting = prometheus.NewGauge(prometheus.GaugeOpts{Name: "gambit_computer_moves_waiting", Help: "Computer thoughts queued for a worker."})
	m.botMoves = prometheus.NewCounter(prometheus.CounterOpts{Name: "gambit_computer_moves_total", Help: "Moves the computer made."})
	m.refusedConns = refused.WithLabelValues("conn_cap")
	m.refusedRate = refused.WithLabelValues("rate_limited")
	m.refusedBusy = refused.WithLabelValues("busy")
	m.refusedWSMessage = refused.WithLabelValues("ws_rate_limited")
	reg.MustRegister(m.gamesLive, sockets, m.moves, m.relay, m.storeErrors, m.botWaiting, m.botMoves, refused,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Registry is the registry the series are on, to read them (tests) or
// to add more.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the series in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// socketGauge is the gauge of open sockets a client of kind spectator (or
// not) counts in.
func (m *Metrics) socketGauge(spectator bool) prometheus.Gauge {
	if spectator {
		return m.spectatorSockets
	}
	return m.playerSockets
}

// noteRefusal counts an HTTP answer that a limit caused, by its status.
func (m *Metrics) noteRefusal(status int) {
	switch status {
	case http.StatusTooManyRequests:
		m.refusedRate.Inc()
	case http.StatusServiceUnavailable:
		m.refusedBusy.Inc()
	}
}

// MetricsHandler serves GET /metrics and nothing else; with withPprof also
// Go's profiles under /debug/pprof/. It is meant for a listener of its own
// (loopback, or an internal network), never for the public one.
func MetricsHandler(m *Metrics, withPprof bool) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	if withPprof {
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	}
	return mux
}

// RunMetrics serves MetricsHandler(m, withPprof) on addr until ctx ends;
// ready, if not nil, gets the address listened on.
func RunMetrics(ctx context.Context, addr string, m *Metrics, withPprof bool, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("server: metrics: listen on %s: %w", addr, err)
	}
	// A CPU profile takes its seconds to answer: the write timeout leaves room for one.
	hs := &http.Server{Handler: MetricsHandler(m, withPprof), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 10 * time.Second, WriteTimeout: 2 * time.Minute, IdleTimeout: time.Minute}
	if ready != nil {
		ready(ln.Addr())
	}
	return serveUntil(ctx, hs, ln, 2*time.Second, nil, "server: metrics")
}
