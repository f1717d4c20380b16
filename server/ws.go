package server

import (
	"context"
	"net"
	"net/http"
	"strconv"

	"github.com/coder/websocket"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/round"
)

// closeSignedOut is the close code of a WebSocket whose session or token
// ended (RFC 6455 leaves 4000-4999 to applications).
const closeSignedOut websocket.StatusCode = 4001

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
		link.Leave()
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
	round.Serve(ctx, conn, raw, link, c, round.ConnConfig{PingPeriod: s.conn.PingPeriod, PongWait: s.conn.PongWait, Now: s.now,
		TakeAddr: s.takeAddrMessage, Refused: s.metrics.RefusedWSMessage})
}
