package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/gambitchess/gambit/server/metrics"
)

// The server's Prometheus series are package metrics's; Config.Metrics
// holds them, and RunMetrics serves them on a listener of their own.

// MetricsHandler serves GET /metrics and nothing else; with withPprof also
// Go's profiles under /debug/pprof/. It is meant for a listener of its own
// (loopback, or an internal network), never for the public one.
func MetricsHandler(m *metrics.Metrics, withPprof bool) http.Handler {
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
func RunMetrics(ctx context.Context, addr string, m *metrics.Metrics, withPprof bool, ready func(net.Addr)) error {
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
