package server

import (
	"fmt"
	"github.com/gambitchess/gambit/server/guards"
	"net"
	"net/http"
	"net/netip"
	"time"
)

// Connection hygiene against hostile clients: every connection is bounded
// in time (a request must arrive, be read and be answered within its
// timeouts, an idle keep-alive ends), in number (connlimit.go) and in rate
// (ratelimit.go). A WebSocket lives as long as it answers its pings.

// Defaults of the Config fields of the same names.
const (
	defaultReadHeaderTimeout = 10 * time.Second
	defaultReadTimeout       = 30 * time.Second
	defaultWriteTimeout      = 40 * time.Second // past ReadTimeout: a request cut off still gets its 408
	defaultIdleTimeout       = 60 * time.Second
	defaultPingPeriod        = 10 * time.Second
	defaultPongWait          = 10 * time.Second
	defaultMaxConnsPerAddr   = 256
)

// connSettings are a Server's connection limits, defaults applied.
type connSettings struct {
	readHeaderTimeout, readTimeout time.Duration
	writeTimeout, idleTimeout      time.Duration
	pingPeriod, pongWait           time.Duration
	maxConns                       int // 0: derived from the file-descriptor limit when listening
	maxConnsPerAddr                int
	trustedProxies                 []netip.Prefix
}

// newConnSettings reads cfg's connection limits, with the default for each
// one left zero.
func newConnSettings(cfg Config) connSettings {
	orDefault := func(d, def time.Duration) time.Duration {
		if d <= 0 {
			return def
		}
		return d
	}
	cs := connSettings{
		readHeaderTimeout: orDefault(cfg.ReadHeaderTimeout, defaultReadHeaderTimeout),
		readTimeout:       orDefault(cfg.ReadTimeout, defaultReadTimeout),
		writeTimeout:      orDefault(cfg.WriteTimeout, defaultWriteTimeout),
		idleTimeout:       orDefault(cfg.IdleTimeout, defaultIdleTimeout),
		pingPeriod:        orDefault(cfg.PingPeriod, defaultPingPeriod),
		pongWait:          orDefault(cfg.PongWait, defaultPongWait),
		maxConns:          max(cfg.MaxConns, 0),
		maxConnsPerAddr:   cfg.MaxConnsPerAddr,
		trustedProxies:    cfg.TrustedProxies,
	}
	if cs.maxConnsPerAddr <= 0 {
		cs.maxConnsPerAddr = defaultMaxConnsPerAddr
	}
	return cs
}

// httpServer is the http.Server Run serves with: every timeout set, so no
// connection can be held open by a trickle or by silence.
func (s *Server) httpServer() *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: s.conn.readHeaderTimeout,
		ReadTimeout:       s.conn.readTimeout,
		WriteTimeout:      s.conn.writeTimeout,
		IdleTimeout:       s.conn.idleTimeout,
		MaxHeaderBytes:    64 << 10, // a browser sends a few kilobytes; the default 1 MB only feeds an attacker
	}
}

// listen opens addr for Run: the file-descriptor limit raised as far as the
// system allows, and the connections capped below it, per address and in
// total.
func (s *Server) listen(addr string) (net.Listener, error) {
	fds, err := guards.RaiseFileLimit()
	if err != nil {
		s.log.Warn("cannot raise the open-file limit", "err", err)
	}
	total := s.conn.maxConns
	if total == 0 {
		total = defaultMaxConns(fds)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("server: listen on %s: %w", addr, err)
	}
	s.log.Info("connection limits", "maxConns", total, "maxConnsPerAddr", s.conn.maxConnsPerAddr, "openFiles", fds)
	return guards.NewCapListener(ln, total, s.conn.maxConnsPerAddr, s.trustedPeer, s.metrics.refusedConns), nil
}

// defaultMaxConns is the total connection cap for a process that may open
// fds files: three quarters of them, and at least 64 fewer, so that the
// database, the log and the refusals of connections over the cap always
// find a descriptor. An unknown limit (0) gives 1024.
func defaultMaxConns(fds uint64) int {
	if fds == 0 {
		return 1024
	}
	fds = min(fds, 1<<24) // far beyond what any server holds; keeps the sums in range
	headroom := max(fds/4, 64)
	if fds <= headroom+16 {
		return 16
	}
	return int(fds - headroom)
}

// trustedPeer reports whether a is one of the trusted proxies.
func (s *Server) trustedPeer(a netip.Addr) bool {
	return guards.IsTrusted(a, s.conn.trustedProxies)
}
