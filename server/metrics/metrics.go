// Package metrics holds the server's Prometheus series, on a registry of
// their own: the live games, the open WebSockets, the moves and how long
// one takes from its WebSocket to the other clients, the store's failures,
// the computer's queue and its moves, the requests refused by limits, and
// the Go runtime's and the process's own collectors. The server counts in
// them (the hubs through round.Env) and serves them on a listener of
// their own (server.RunMetrics), never on the public one.
//
//	m := metrics.New()
//	m.Moves.Inc()
//	http.Handle("GET /metrics", m.Handler())
package metrics

import (
	"net/http"

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

	GamesLive        prometheus.Gauge     // games in memory, each with its hub
	PlayerSockets    prometheus.Gauge     // WebSockets of clients holding a seat
	SpectatorSockets prometheus.Gauge     // WebSockets of spectators
	Moves            prometheus.Counter   // moves played, by people and the computer
	Relay            prometheus.Histogram // a move from its WebSocket to its publication
	StoreErrors      prometheus.Counter   // store operations that failed
	BotWaiting       prometheus.Gauge     // the computer's thoughts queued for a worker
	BotMoves         prometheus.Counter   // moves the computer made

	RefusedConns     prometheus.Counter // over a connection cap (503 from the listener)
	RefusedRate      prometheus.Counter // an HTTP rate limit (429)
	RefusedBusy      prometheus.Counter // the computer or the server busy (503)
	RefusedWSMessage prometheus.Counter // WebSocket messages over their rate, dropped
}

// relayBuckets are the move relay latency buckets, in seconds: 100 µs to
// about 26 s, doubling (a store falling behind queues moves for seconds).
var relayBuckets = prometheus.ExponentialBuckets(0.0001, 2, 19)

// New returns the series on a new registry.
func New() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{reg: reg}
	sockets := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "gambit_sockets_open",
		Help: "WebSocket clients connected to a live game, by kind (player: holds a seat; spectator)."}, []string{"kind"})
	refused := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gambit_refused_total",
		Help: "Requests refused by a limit, by reason: conn_cap (503 from the listener), rate_limited (429), busy (503), ws_rate_limited (WebSocket messages dropped)."},
		[]string{"reason"})
	m.GamesLive = prometheus.NewGauge(prometheus.GaugeOpts{Name: "gambit_games_live", Help: "Games in memory, each owned by a hub goroutine."})
	m.PlayerSockets = sockets.WithLabelValues("player")
	m.SpectatorSockets = sockets.WithLabelValues("spectator")
	m.Moves = prometheus.NewCounter(prometheus.CounterOpts{Name: "gambit_moves_total", Help: "Moves played, by people and by the computer."})
	m.Relay = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "gambit_move_relay_seconds",
		Help:    "From a move read off a WebSocket to its publication to the game's clients: through the hub and the store's Append.",
		Buckets: relayBuckets})
	m.StoreErrors = prometheus.NewCounter(prometheus.CounterOpts{Name: "gambit_store_errors_total", Help: "Store operations that failed (a game not found excepted)."})
	m.BotWaiting = prometheus.NewGauge(prometheus.GaugeOpts{Name: "gambit_computer_moves_waiting", Help: "Computer thoughts queued for a worker."})
	m.BotMoves = prometheus.NewCounter(prometheus.CounterOpts{Name: "gambit_computer_moves_total", Help: "Moves the computer made."})
	m.RefusedConns = refused.WithLabelValues("conn_cap")
	m.RefusedRate = refused.WithLabelValues("rate_limited")
	m.RefusedBusy = refused.WithLabelValues("busy")
	m.RefusedWSMessage = refused.WithLabelValues("ws_rate_limited")
	reg.MustRegister(m.GamesLive, sockets, m.Moves, m.Relay, m.StoreErrors, m.BotWaiting, m.BotMoves, refused,
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

// SocketGauge is the gauge of open sockets a client of kind spectator (or
// not) counts in.
func (m *Metrics) SocketGauge(spectator bool) prometheus.Gauge {
	if spectator {
		return m.SpectatorSockets
	}
	return m.PlayerSockets
}

// NoteRefusal counts an HTTP answer that a limit caused, by its status.
func (m *Metrics) NoteRefusal(status int) {
	switch status {
	case http.StatusTooManyRequests:
		m.RefusedRate.Inc()
	case http.StatusServiceUnavailable:
		m.RefusedBusy.Inc()
	}
}
