package server

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/coder/websocket"

	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/round"
)

// Connection timing: a write that takes longer than writeWait drops the
// client, and a ping goes out when the connection opens and every
// Config.PingPeriod after (10 s), to keep proxies and dead peers honest and
// to measure the connection's lag; a pong later than Config.PongWait
// (10 s) drops the client. A peer that stops answering is gone within
// PingPeriod + PongWait.
const writeWait = 10 * time.Second

// Per-connection message limits: a burst, then so many a second; what is
// over is dropped with one error event, and nothing reaches the game. A
// connection that keeps on past maxDropped messages over its own limit
// (beyond the burst and the rate) is closed with 1008: the dropped
// messages are still read, and a flood would be read for ever. Messages
// dropped for its address's limit do not count: a connection that keeps
// to its own limit is not closed for another's flood.
// closeSignedOut is the close code of a WebSocket whose session or token
// ended (RFC 6455 leaves 4000-4999 to applications).
const closeSignedOut websocket.StatusCode = 4001

const (
	messageRate  = 10
	messageBurst = 30
	maxDropped   = 100
)

// handleWS upgrades GET /ws/game/{id}?v=N to a WebSocket. The browser's
// player cookie says which seats the connection acts for; without one it
// watches as a spectator, who sees what everyone may see. (A follow=
// parameter, from pages that offered to follow one player's view of a
// hidden game, is ignored: any such view, however late, leaked that
// player's secrets to whoever asked.)
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	since := int64(-1)
	if v := r.URL.Query().Get("v"); v != "" {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			since = n
		}
	}
	ctx, cancel := context.WithCancel(s.ctx)
	c := &round.Client{Send: make(chan []byte, round.SendBuffer), Cancel: cancel, Addr: guards.ClientAddress(r)}
	join := round.JoinCmd{Client: c, Since: since, Player: playerOf(r)}
	link, err := s.openGame(r.Context(), r.PathValue("id"), join)
	if err != nil {
		cancel()
		s.httpError(w, err)
		return
	}
	if err := guards.LiftDeadlines(w); err != nil {
		s.log.Warn("websocket keeps the request's deadlines", "err", err)
	}
	// Compression stays off (the library's default, said here so that it is
	// not turned on unawares): the frame guard bounds what is sent, and
	// with permessage-deflate a small frame could inflate to far more.
	opts := &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled}
	var raw net.Conn
	conn, err := websocket.Accept(guards.GuardedWriter{ResponseWriter: w, Limit: round.MaxMessage, Conn: &raw}, r, opts)
	if err != nil {
		link.leave()
		cancel()
		return // Accept has answered the request
	}
	conn.SetReadLimit(round.MaxMessage) // a message of many small frames: their sum
	// A connection signed in to an account ends with its session (or
	// token): it holds the account's seats, and a device signed out must
	// not keep playing them. It is told why (closeSignedOut), so that a
	// page can tell it from a network's drop; the close waits for the
	// peer's answer, never the one ending the credential.
	defer s.holdCredential(r, func() {
		go func() {
			_ = conn.Close(closeSignedOut, "signed out")
			cancel()
		}()
	})()
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
	go s.writePump(ctx, conn, c, dl)
	go s.pingLoop(ctx, conn, c)
	s.readPump(ctx, conn, link, c, dl)
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
// an error event and change nothing; one over maxMessage (or a frame that
// declares more) closes the connection with 1009, a binary message with
// 1003 (the protocol is JSON text), and a connection over the frame guard's
// bounds or maxDropped messages over its own rate limit with 1008.
func (s *Server) readPump(ctx context.Context, conn *websocket.Conn, link gameLink, c *round.Client, dl deadlines) {
	defer func() {
		link.leave()
		c.Close()
	}()
	var rate guards.Bucket
	// flood counts the same messages as rate, with maxDropped more of
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
		if !flood.Allow(s.now(), messageRate, messageBurst+maxDropped) {
			conn.Close(websocket.StatusPolicyViolation, "too many messages")
			return
		}
		if err := s.takeMessage(c, &rate); err != nil {
			s.metrics.refusedWSMessage.Inc()
			if !warned {
				warned = true
				c.TrySend(round.ErrorEvent(err))
			}
			continue
		}
		warned = false
		msg, err := round.ParseClientMsg(data)
		if err != nil {
			c.TrySend(round.ErrorEvent(err))
			continue
		}
		msg.Lag, msg.Read = c.LagCredit(), read
		if err := link.message(ctx, data, msg); err != nil {
			return
		}
	}
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
func (s *Server) pingLoop(ctx context.Context, conn *websocket.Conn, c *round.Client) {
	ping := time.NewTicker(s.conn.pingPeriod)
	defer ping.Stop()
	for {
		pctx, cancel := context.WithTimeout(ctx, s.conn.pongWait)
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
// say) share one write deadline, at most writeBurst of them, instead of a
// context and its timer each; every one is still its own frame.
func (s *Server) writePump(ctx context.Context, conn *websocket.Conn, c *round.Client, dl deadlines) {
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
func writeBurst(ctx context.Context, conn *websocket.Conn, c *round.Client, data []byte, dl deadlines) bool {
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
