package guards

import (
	"net/netip"
	"time"
)

// ConnLimits are a server's bounds on its connections, one value the
// server is given (server.Config.Conn) and reads as it listens, serves
// and upgrades: every connection is bounded in time (a request must
// arrive, be read and be answered within its timeouts, an idle
// keep-alive ends, a WebSocket lives as long as it answers its pings) and
// in number (connlimit.go). Zero means the default of each
// (WithDefaults).
type ConnLimits struct {
	// ReadHeaderTimeout bounds reading a request's headers (10 s),
	// ReadTimeout the whole request, body included (30 s: a body trickled
	// in is cut off, answered 408), WriteTimeout the answer (40 s, so that
	// a request cut off can still be told) and IdleTimeout a keep-alive
	// connection waiting for its next request (60 s). A WebSocket is held
	// to none of them once upgraded: its pings are.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// PingPeriod is how often a WebSocket is pinged (10 s) and PongWait how
	// long its pong may take (10 s) before the connection is dropped.
	PingPeriod, PongWait time.Duration
	// MaxConns bounds the connections open at once (default: three
	// quarters of the file-descriptor limit, see DefaultMaxConns, worked
	// out as the server listens), and MaxConnsPerAddr those from one
	// client address (256); a connection over either is answered 503 and
	// closed. The server's listener applies them (and its http.Server the
	// timeouts): its Handler alone has neither.
	MaxConns, MaxConnsPerAddr int
	// TrustedProxies are the peers (IPs, CIDRs) whose X-Forwarded-For
	// names the client; from anyone else the header is ignored. A trusted
	// proxy is also free of the per-address connection cap.
	TrustedProxies []netip.Prefix
}

// WithDefaults returns l with the default of each limit left zero but
// MaxConns, which stays 0 until the server listens (DefaultMaxConns).
func (l ConnLimits) WithDefaults() ConnLimits {
	orDefault := func(d *time.Duration, def time.Duration) {
		if *d <= 0 {
			*d = def
		}
	}
	orDefault(&l.ReadHeaderTimeout, 10*time.Second)
	orDefault(&l.ReadTimeout, 30*time.Second)
	orDefault(&l.WriteTimeout, 40*time.Second) // past ReadTimeout: a request cut off still gets its 408
	orDefault(&l.IdleTimeout, 60*time.Second)
	orDefault(&l.PingPeriod, 10*time.Second)
	orDefault(&l.PongWait, 10*time.Second)
	l.MaxConns = max(l.MaxConns, 0)
	if l.MaxConnsPerAddr <= 0 {
		l.MaxConnsPerAddr = 256
	}
	return l
}

// DefaultMaxConns is the total connection cap for a process that may open
// fds files: three quarters of them, and at least 64 fewer, so that the
// database, the log and the refusals of connections over the cap always
// find a descriptor. An unknown limit (0) gives 1024.
func DefaultMaxConns(fds uint64) int {
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
