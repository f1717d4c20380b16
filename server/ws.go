package server

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// Connection timing: a write that takes longer than writeWait drops the
// client, and a ping goes out every pingPeriod to keep proxies and dead
// peers honest.
const (
	writeWait  = 10 * time.Second
	pingPeriod = 30 * time.Second
)

// client is one WebSocket connection to a game.
type client struct {
	send   chan []byte
	viewer game.Viewer // the seats this connection acts for; none for a spectator
	chat   chatter     // its chat name and rate limit (the hub's, as viewer is)
	cancel context.CancelFunc
	once   sync.Once
}

// close ends the connection (the pumps notice and return).
func (c *client) close() { c.once.Do(c.cancel) }

// viewerFor returns the viewer whose seats' secret is token: both seats of
// a game on one screen, one online, none (a spectator) for any other token.
func viewerFor(g *game.Game, token string) game.Viewer {
	var v game.Viewer
	if token == "" {
		return v
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		s := g.Seat(c)
		if s.Kind == game.SeatHuman && subtle.ConstantTimeCompare([]byte(s.Token), []byte(token)) == 1 {
			v.Seats[c] = true
		}
	}
	return v
}

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

// handleWS upgrades GET /ws/game/{id}?token=...&v=N to a WebSocket. Without a
// valid token the client watches as a spectator.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	since := int64(-1)
	if v := r.URL.Query().Get("v"); v != "" {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			since = n
		}
	}
	ctx, cancel := context.WithCancel(s.ctx)
	c := &client{send: make(chan []byte, sendBuffer), cancel: cancel}
	var h *hub
	join := joinCmd{c: c, since: since, token: r.URL.Query().Get("token")}
	err := s.withHub(r.Context(), r.PathValue("id"), func(hh *hub) error {
		h = hh
		return hh.send(r.Context(), join)
	})
	if err != nil {
		cancel()
		s.httpError(w, err)
		return
	}
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		_ = h.send(s.ctx, leaveCmd{c: c})
		cancel()
		return // Accept has answered the request
	}
	conn.SetReadLimit(hardReadLimit)
	go s.writePump(ctx, conn, c)
	s.readPump(ctx, conn, h, c)
}

// snapshotFunc is a command that runs a read-only function on the hub's game.
type snapshotFunc func(g *game.Game)

// readPump reads client messages and hands them to the hub until the
// connection ends. Bad messages get an error event and change nothing.
func (s *Server) readPump(ctx context.Context, conn *websocket.Conn, h *hub, c *client) {
	defer func() {
		_ = h.send(s.ctx, leaveCmd{c: c})
		c.close()
	}()
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) == websocket.StatusMessageTooBig || errors.Is(err, websocket.ErrMessageTooBig) {
				conn.Close(websocket.StatusMessageTooBig, "message too large")
			}
			return
		}
		msg, err := parseClientMsg(data)
		if err != nil {
			select {
			case c.send <- errorEvent(err):
			default:
			}
			continue
		}
		if err := h.send(ctx, messageCmd{c: c, msg: msg}); err != nil {
			return
		}
	}
}

// writePump writes queued messages and pings until the connection ends.
func (s *Server) writePump(ctx context.Context, conn *websocket.Conn, c *client) {
	ping := time.NewTicker(pingPeriod)
	defer func() {
		ping.Stop()
		conn.Close(websocket.StatusNormalClosure, "")
		c.close()
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case data := <-c.send:
			wctx, cancel := context.WithTimeout(ctx, writeWait)
			err := conn.Write(wctx, websocket.MessageText, data)
			cancel()
			if err != nil {
				return
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, writeWait)
			err := conn.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		}
	}
}
