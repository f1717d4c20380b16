package round

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// A Client is what a hub holds of a connection to its game (a WebSocket
// served by Serve, conn.go; a relay from another node, the server's
// cluster.go; a stream of the API for programs): where its messages go,
// whom it acts for, its lag.

// MaxLagCredit bounds the time a move is credited for the network: a slow
// line does not lose on time for its lag, and a client cannot buy itself
// more than this per move by delaying its pongs.
const MaxLagCredit = 500 * time.Millisecond

// Client is one WebSocket connection to a game.
type Client struct {
	Send   chan []byte
	viewer game.Viewer // the seats this connection acts for; none for a spectator
	Chat   Chatter     // its chat name and rate limit (the hub's, as viewer is)
	Cancel context.CancelFunc
	once   sync.Once
	lag    atomic.Int64     // one-way network time, smoothed, in nanoseconds
	Addr   string           // the client's address, as limits key it
	open   prometheus.Gauge // the open sockets it counts in while the hub holds it (set by the hub)
	fullAt time.Time        // when a sync was last answered a whole state (the hub's, as viewer is)
}

// TrySend queues data for the client unless its queue is full (the reader
// must never block on a slow writer).
func (c *Client) TrySend(data []byte) {
	select {
	case c.Send <- data:
	default:
	}
}

// NoteRoundTrip folds a ping's round trip into the connection's lag.
func (c *Client) NoteRoundTrip(rtt time.Duration) {
	sample := int64(rtt / 2)
	if old := c.lag.Load(); old > 0 {
		sample = (3*old + sample) / 4
	}
	c.lag.Store(sample)
}

// LagCredit is what a move from this connection is credited on the clock.
func (c *Client) LagCredit() time.Duration {
	return min(time.Duration(c.lag.Load()), MaxLagCredit)
}

// Close ends the connection (the pumps notice and return).
func (c *Client) Close() { c.once.Do(c.Cancel) }

// colorNames lists the colours v holds, as the hello message names them.
func colorNames(v game.Viewer) []string {
	out := []string{}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if v.Holds(c) {
			out = append(out, game.ColorName(c))
		}
	}
	return out
}
