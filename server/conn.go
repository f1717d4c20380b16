package server

import (
	"fmt"
	"github.com/gambitchess/gambit/server/guards"
	"net"
	"net/http"
	"net/netip"
)

// Connection hygiene against hostile clients: Run's listener and
// http.Server apply Config.Conn (guards.ConnLimits), the per-address
// buckets are limits.go's.

// httpServer is the http.Server Run serves with: every timeout set, so no
// connection can be held open by a trickle or by silence.
func (s *Server) httpServer() *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: s.conn.ReadHeaderTimeout,
		ReadTimeout:       s.conn.ReadTimeout,
		WriteTimeout:      s.conn.WriteTimeout,
		IdleTimeout:       s.conn.IdleTimeout,
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
	total := s.conn.MaxConns
	if total == 0 {
		total = guards.DefaultMaxConns(fds)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("server: listen on %s: %w", addr, err)
	}
	s.log.Info("connection limits", "maxConns", total, "maxConnsPerAddr", s.conn.MaxConnsPerAddr, "openFiles", fds)
	return guards.NewCapListener(ln, total, s.conn.MaxConnsPerAddr, s.trustedPeer, s.metrics.RefusedConns), nil
}

// trustedPeer reports whether a is one of the trusted proxies.
func (s *Server) trustedPeer(a netip.Addr) bool {
	return guards.IsTrusted(a, s.conn.TrustedProxies)
}
