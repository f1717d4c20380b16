package lichess

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/gambitchess/gambit/game"
)

// The event stream of the API for programs (GET /api/stream/event, as
// lichess's): its lines fanned out to the streams of each player, and
// the gate that lets one gameStart per game through a stream.

// KeepAlive is how often an idle event or game stream sends an empty line.
const KeepAlive = 6 * time.Second

// eventBuffer is each stream's queue; a stream that lets it fill loses
// lines rather than hold up the server (as a slow WebSocket does).
const eventBuffer = 32

// EventBus fans lines out to the streams of each player id (an account's
// player, Accounts.PlayerOf).
type EventBus struct {
	mu   sync.Mutex
	subs map[string]map[chan []byte]struct{}
}

func NewEventBus() *EventBus { return &EventBus{subs: map[string]map[chan []byte]struct{}{}} }

// Subscribe returns a stream of player's lines and its cancel.
func (b *EventBus) Subscribe(player string) (chan []byte, func()) {
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

// Publish sends line to every stream of player here.
func (b *EventBus) Publish(player string, line []byte) {
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

// StartGate lets one gameStart per game through a stream: a seat taken
// again in a game without moves (a rename, a seat adopted) or a game that
// starts while the stream connects would otherwise announce the same game
// twice. It keeps the ids of the games the stream has told of.
type StartGate map[string]struct{}

// startGateMax bounds the games a stream's gate remembers.
const startGateMax = 10_000

// Pass reports whether line goes to the stream: every line but a
// gameStart of a game already started or finished on it.
func (g StartGate) Pass(line []byte) bool {
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

// EventsFor reports whether g is a game the event stream tells of.
func EventsFor(g *game.Game) bool {
	return g.Mode() != game.ModeLocal && BothSeated(g) // begun: lichessStatus calls it started from now
}

// Seated reports whether evs hold a seat taken.
func Seated(evs []game.Event) bool {
	for _, e := range evs {
		if e.Type == game.EventSeat {
			return true
		}
	}
	return false
}

// EventStream streams the account's events (challenge:read): GET
// /api/stream/event, as lichess's: one NDJSON line per challenge made to
// or by the account, per game of its starting or finishing, and an empty
// line every KeepAlive so that proxies and the program know the stream
// lives.
func (a *API) EventStream(w http.ResponseWriter, r *http.Request) {
	u, err := a.srv.Allowed(r, ChallengeRead)
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	player := a.srv.PlayerOf(u)
	lines, unsubscribe := a.events.Subscribe(player)
	defer unsubscribe()
	defer a.online.Enter(u)()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	defer a.srv.Hold(r, cancel)() // the stream ends with its token or session
	f, ok := a.ndjson(w)
	if !ok {
		return
	}
	gate := StartGate{}
	for _, line := range a.pendingLines(r.Context(), u.ID) { // the challenges still open, as lichess sends them on connecting
		_, _ = w.Write(line)
	}
	for _, info := range a.runningStarts(r.Context(), player) { // and a gameStart for each game under way
		if line := Line(GameEvent{Type: "gameStart", Game: info}); gate.Pass(line) {
			_, _ = w.Write(line)
		}
	}
	f.Flush()
	tick := time.NewTicker(KeepAlive)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-a.ctx.Done():
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
