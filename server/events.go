package server

import (
	"context"
	"net/http"
	"time"

	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lichess"
)

// The event stream of the API for programs (GET /api/stream/event, as
// lichess's): one NDJSON line per challenge made to or by the account,
// per game of its starting or finishing, and an empty line every
// keepAlive so that proxies and the program know the stream lives.

// publishEvent sends v, as one line, to the event streams of player, on
// every node.
func (s *Server) publishEvent(player string, v any) {
	if player == "" {
		return
	}
	line := lichess.Line(v)
	s.events.Publish(player, line)
	if s.bus != nil {
		if err := s.bus.Event(player, line); err != nil {
			s.log.Warn("send an event line to the other nodes", "err", err)
		}
	}
}

// ndjson readies w for a stream of lines: its type, no caching, and the
// write deadline lifted (a stream lasts as long as its reader).
func (s *Server) ndjson(w http.ResponseWriter) (http.Flusher, bool) {
	f, ok := w.(http.Flusher)
	if !ok {
		return nil, false
	}
	if err := guards.LiftDeadlines(w); err != nil {
		s.log.Warn("stream keeps the request's deadlines", "err", err)
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	f.Flush()
	return f, true
}

// handleEventStream streams the account's events (challenge:read).
func (s *Server) handleEventStream(w http.ResponseWriter, r *http.Request) {
	u, err := account.Allowed(r, account.ScopeChallengeRead)
	if err != nil {
		s.httpError(w, err)
		return
	}
	lines, unsubscribe := s.events.Subscribe(playerID(u.Player))
	defer unsubscribe()
	defer s.online.Enter(u)()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	defer s.holdCredential(r, cancel)() // the stream ends with its token or session
	f, ok := s.ndjson(w)
	if !ok {
		return
	}
	gate := lichess.StartGate{}
	for _, line := range s.pendingLines(r.Context(), u.ID) { // the challenges still open, as lichess sends them on connecting
		_, _ = w.Write(line)
	}
	for _, info := range s.runningStarts(r.Context(), playerID(u.Player)) { // and a gameStart for each game under way
		if line := lichess.Line(lichess.GameEvent{Type: "gameStart", Game: info}); gate.Pass(line) {
			_, _ = w.Write(line)
		}
	}
	f.Flush()
	tick := time.NewTicker(lichess.KeepAlive)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.ctx.Done():
			return
		case line := <-lines:
			if !gate.Pass(line) {
				continue
			}
			if _, err := w.Write(line); err != nil {
				return
			}
		case <-tick.C:
			if _, err := w.Write([]byte("\n")); err != nil {
				return
			}
		}
		f.Flush()
	}
}

// holdCredential ties a connection that outlives its request to the
// session or token r came with: cancel ends the connection when that
// credential ends (account.Service.Hold). Call the release it returns when
// the connection ends.
func (s *Server) holdCredential(r *http.Request, cancel func()) (release func()) {
	if s.accounts == nil {
		return func() {}
	}
	return s.accounts.Hold(r, cancel)
}
