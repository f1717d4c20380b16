package round

import (
	"bytes"
	"context"
	"errors"
	"net"
	"time"

	"github.com/coder/websocket"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/gambitchess/gambit/server/guards"
)

// A client's WebSocket, once the server has upgraded it and joined it to
// its game (Serve): a reader that hands its messages to the game, a
// writer of the hub's messages, and a pinger that keeps the connection
// honest and measures its lag (gorilla chat's readPump and writePump).
//
// Timing: a write that takes longer than writeWait drops the client, and
// a ping goes out when the connection opens and every
// ConnConfig.PingPeriod after (10 s), to keep proxies and dead peers
// honest and to measure the connection's lag; a pong later than
// ConnConfig.PongWait (10 s) drops the client. A peer that stops answering
// is gone within PingPeriod + PongWait.
const writeWait = 10 * time.Second

// Per-connection message limits: a burst, then so many a second; what is
// over is dropped with one error event, and nothing reaches the game. A
// connection that keeps on past MaxDropped messages over its own limit
// (beyond the burst and the rate) is closed with 1008: the dropped
// messages are still read, and a flood would be read for ever. Messages
// dropped for its address's limit do not count: a connection that keeps
// to its own limit is not closed for another's flood.
const (
	MessageRate  = 10
	MessageBurst = 30
	MaxDropped   = 100
)

// Link is where a connection's messages go: its game's hub on this node,
// or its owner on another (the server's relay).
type Link interface {
	// Message hands msg, read as raw, to the game; an error ends the
	// connection.
	Message(ctx context.Context, raw []byte, msg ClientMsg) error
	// Leave takes the connection out of the game.
	Leave()
}

// ConnConfig is what a connection asks of the server that serves it.
type ConnConfig struct {
	PingPeriod, PongWait time.Duration
	Now                  func() time.Time
	// TakeAddr takes one message from the address addr, over all its
	// connections, or says why not: more sockets buy no more messages.
	TakeAddr func(addr string) error
	// Refused counts the messages dropped over a limit.
	Refused prometheus.Counter
}

// Serve runs WebSocket conn of client c, joined to its game by link,
// until ctx ends or the connection does: it reads the client's messages
// into link, writes the hub's to the client and pings it. raw is the
// hijacked network connection, nil when it is not at hand. When Serve
// returns the client has left the game.
func Serve(ctx context.Context, conn *websocket.Conn, raw net.Conn, link Link, c *Client, cfg ConnConfig) {
	dl := deadlines{ctx: ctx}
	if raw != nil {
		dl = deadlines{ctx: context.WithoutCancel(ctx), conn: raw}
		// The end of the connection's context cuts short a read or write
		// under way, as the library would for each call's context.
		stop := context.AfterFunc(ctx, func() {
			now := time.Now()
			_ = raw.SetReadDeadline(now)
			_ = raw.SetWriteDeadline(now)
		})
		defer stop()
	}
	go writePump(ctx, conn, c, dl)
	go pingLoop(ctx, conn, c, cfg)
	readPump(ctx, conn, link, c, dl, cfg)
}

// deadlines are how a connection's reads and writes are bounded. The
// library bounds each call by its context, and a context that can end costs
// every call a context.AfterFunc and, for a write, a timer: a quarter of the
// allocations of a relayed move (BENCH.md). So when the hijacked
// connection is at hand, reads and writes are given a context that never
// ends (ctx) and are bounded on the connection itself: its write deadline
// for each burst, and both deadlines set to the past when the connection's
// context ends. Without it (conn nil), ctx is the connection's context.
type deadlines struct {
	ctx  context.Context
	conn net.Conn
}

// readPump reads client messages and hands them to the game (its hub, or
// its owner on another node) until the connection ends. Bad messages get
// an error event and change nothing; one over MaxMessage (or a frame that
// declares more) closes the connection with 1009, a binary message with
// 1003 (the protocol is JSON text), and a connection over the frame guard's
// bounds or MaxDropped messages over its own rate limit with 1008.
func readPump(ctx context.Context, conn *websocket.Conn, link Link, c *Client, dl deadlines, cfg ConnConfig) {
	defer func() {
		link.Leave()
		c.Close()
	}()
	var rate guards.Bucket
	// flood counts the same messages as rate, with MaxDropped more of
	// burst: it runs dry once that many have been over the connection's
	// own limit, however they were spread.
	var flood guards.Bucket
	warned := false      // one error per flood, not one per message
	var buf bytes.Buffer // each message read into it: no allocation a message
	for {
		typ, data, err := readInto(dl.ctx, conn, &buf)
		read := time.Now()
		if err != nil {
			switch {
			case errors.Is(err, guards.ErrFrameTooLarge) || errors.Is(err, websocket.ErrMessageTooBig):
				conn.Close(websocket.StatusMessageTooBig, "message too large")
			case errors.Is(err, guards.ErrTooManyFrames):
				conn.Close(websocket.StatusPolicyViolation, "too many frames")
			case errors.Is(err, guards.ErrTooManyFragments):
				conn.Close(websocket.StatusPolicyViolation, "too many fragments")
			}
			return
		}
		if typ != websocket.MessageText {
			conn.Close(websocket.StatusUnsupportedData, "text messages only")
			return
		}
		if !flood.Allow(cfg.Now(), MessageRate, MessageBurst+MaxDropped) {
			conn.Close(websocket.StatusPolicyViolation, "too many messages")
			return
		}
		if err := takeMessage(c, &rate, cfg); err != nil {
			cfg.Refused.Inc()
			if !warned {
				warned = true
				c.TrySend(ErrorEvent(err))
			}
			continue
		}
		warned = false
		msg, err := ParseClientMsg(data)
		if err != nil {
			c.TrySend(ErrorEvent(err))
			continue
		}
		msg.Lag, msg.Read = c.LagCredit(), read
		if err := link.Message(ctx, data, msg); err != nil {
			return
		}
	}
}

// takeMessage admits one message from client c, whose own bucket is own:
// the connection's limit first, then its address's, so that more sockets
// buy no more messages.
func takeMessage(c *Client, own *guards.Bucket, cfg ConnConfig) error {
	if !own.Allow(cfg.Now(), MessageRate, MessageBurst) {
		return guards.LimitedAt(own.Wait(MessageRate), "messages", MessageRate, "at most %d messages a second; some were dropped", MessageRate)
	}
	return cfg.TakeAddr(c.Addr)
}

// readInto reads conn's next message into buf, as conn.Read does into a
// new slice; the message is valid until the next call. Nothing keeps it:
// the hub gets it decoded, a relay to another node copies it out.
func readInto(ctx context.Context, conn *websocket.Conn, buf *bytes.Buffer) (websocket.MessageType, []byte, error) {
	typ, r, err := conn.Reader(ctx)
	if err != nil {
		return 0, nil, err
	}
	buf.Reset()
	if _, err := buf.ReadFrom(r); err != nil {
		return 0, nil, err
	}
	return typ, buf.Bytes(), nil
}

// pingLoop pings the client at once and every ping period, timing each
// round trip for the lag credit; a ping unanswered within the pong wait
// ends the connection. It runs beside writePump so that waiting for a pong
// never holds up a move.
func pingLoop(ctx context.Context, conn *websocket.Conn, c *Client, cfg ConnConfig) {
	ping := time.NewTicker(cfg.PingPeriod)
	defer ping.Stop()
	for {
		pctx, cancel := context.WithTimeout(ctx, cfg.PongWait)
		start := time.Now()
		err := conn.Ping(pctx)
		cancel()
		if err != nil {
			c.Close()
			return
		}
		c.NoteRoundTrip(time.Since(start))
		select {
		case <-ctx.Done():
			return
		case <-ping.C:
		}
	}
}

// writePump writes queued messages until the connection ends. The
// messages waiting together (a burst: a move, its clock and the presence,
// say) share one write deadline, at most maxBurst of them, instead of a
// context and its timer each; every one is still its own frame.
func writePump(ctx context.Context, conn *websocket.Conn, c *Client, dl deadlines) {
	defer func() {
		conn.Close(websocket.StatusNormalClosure, "")
		c.Close()
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case data := <-c.Send:
			if !writeBurst(ctx, conn, c, data, dl) {
				return
			}
		}
	}
}

// maxBurst bounds the messages one write deadline covers, so that a client
// that keeps up with a steady stream is never cut off by a deadline set
// for the messages before.
const maxBurst = 16

// writeBurst writes data and whatever else is already waiting in c's
// queue, up to maxBurst messages, within one writeWait; false when a write
// failed or ctx has ended.
func writeBurst(ctx context.Context, conn *websocket.Conn, c *Client, data []byte, dl deadlines) bool {
	wctx := dl.ctx
	if dl.conn == nil {
		var cancel context.CancelFunc
		wctx, cancel = context.WithTimeout(ctx, writeWait)
		defer cancel()
	} else {
		if err := dl.conn.SetWriteDeadline(time.Now().Add(writeWait)); err != nil {
			return false
		}
		// Cleared after the burst, or it would cut the pings' writes. Set
		// after ctx's end would lift what the end set: then stop here.
		defer func() { _ = dl.conn.SetWriteDeadline(time.Time{}) }()
		if ctx.Err() != nil {
			return false
		}
	}
	for n := 1; ; n++ {
		if err := conn.Write(wctx, websocket.MessageText, data); err != nil {
			return false
		}
		if n == maxBurst {
			return true
		}
		select {
		case data = <-c.Send:
		default:
			return true
		}
	}
}
