package server

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/gambitchess/gambit/server/lichess"
	"net/http"
	"sync"
	"time"

	"github.com/gambitchess/gambit/server/account"
)

// The event stream of the API for programs (GET /api/stream/event, as
// lichess's): one NDJSON line per challenge made to or by the account,
// per game of its starting or finishing, and an empty line every
// keepAlive so that proxies and the program know the stream lives.

// keepAlive is how often an idle event or game stream sends an empty line.
const keepAlive = 6 * time.Second

// eventBuffer is each stream's queue; a stream that lets it fill loses
// lines rather than hold up the server (as a slow WebSocket does).
const eventBuffer = 32

// eventBus fans lines out to the streams of each player id (an account's
// player, see player.go).
type eventBus struct {
	mu   sync.Mutex
	subs map[string]map[chan []byte]struct{}
}

func newEventBus() *eventBus { return &eventBus{subs: map[string]map[chan []byte]struct{}{}} }

// subscribe returns a stream of player's lines and its cancel.
func (b *eventBus) subscribe(player string) (chan []byte, func()) {
	ch := make(chan []byte, eventBuffer)
	b.mu.Lock()
	if b.subs[player] == nil {
		b.subs[player] = map[chan []byte]struct{}{}
	}
	b.subs[player][ch] = struct{}{}
	b.mu.Unlock()
	return ch, func() {
		b.mu.Lock()
		delete(b.subs[player], ch)
		if len(b.subs[player]) == 0 {
			delete(b.subs, player)
		}
		b.mu.Unlock()
	}
}

// publishLine sends line to every stream of player here.
func (b *eventBus) publishLine(player string, line []byte) {
	if player == "" {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for ch := range b.subs[player] {
		select {
		case ch <- line:
		default:
		}
	}
}

// publishEvent sends v, as one line, to the event streams of player, on
// every node.
func (s *Server) publishEvent(player string, v any) {
	if player == "" {
		return
	}
	line := lichess.Line(v)
	s.events.publishLine(player, line)
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
	if err := liftDeadlines(w); err != nil {
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
	lines, unsubscribe := s.events.subscribe(playerID(u.Player))
	defer unsubscribe()
	defer s.online.Enter(u)()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	defer s.holdCredential(r, cancel)() // the stream ends with its token or session
	f, ok := s.ndjson(w)
	if !ok {
		return
	}
	gate := startGate{}
	for _, line := range s.pendingLines(r.Context(), u.ID) { // the challenges still open, as lichess sends them on connecting
		_, _ = w.Write(line)
	}
	for _, info := range s.runningStarts(r.Context(), playerID(u.Player)) { // and a gameStart for each game under way
		if line := lichess.Line(lichess.GameEvent{Type: "gameStart", Game: info}); gate.pass(line) {
			_, _ = w.Write(line)
		}
	}
	f.Flush()
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.ctx.Done():
			return
		case line := <-lines:
			if !gate.pass(line) {
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

// startGate lets one gameStart per game through a stream: a seat taken
// again in a game without moves (a rename, a seat adopted) or a game that
// starts while the stream connects would otherwise announce the same game
// twice. It keeps the ids of the games the stream has told of.
type startGate map[string]struct{}

// startGateMax bounds the games a stream's gate remembers.
const startGateMax = 10_000

// pass reports whether line goes to the stream: every line but a
// gameStart of a game already started or finished on it.
func (g startGate) pass(line []byte) bool {
	if !bytes.Contains(line, []byte(`"gameStart"`)) && !bytes.Contains(line, []byte(`"gameFinish"`)) {
		return true
	}
	var ev struct {
		Type string `json:"type"`
		Game struct {
			ID string `json:"gameId"`
		} `json:"game"`
	}
	if err := json.Unmarshal(line, &ev); err != nil || ev.Game.ID == "" {
		return true
	}
	if len(g) >= startGateMax {
		clear(g) // a stream open for days: bounded, at the cost of a rare repeat
	}
	_, seen := g[ev.Game.ID]
	switch ev.Type {
	case "gameStart":
		g[ev.Game.ID] = struct{}{}
		return !seen
	case "gameFinish":
		g[ev.Game.ID] = struct{}{} // a start after the end is no news
	}
	return true
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
