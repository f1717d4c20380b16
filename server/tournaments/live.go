package tournaments

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/gambitchess/gambit/server/guards"
)

// An arena's live page is told of every change over a WebSocket: each
// message is {"t":"reload","d":<the arena as GET /api/tournament/{id}
// answers it, page 1, without "me">}. One room per arena watched on this
// node builds the message once for all its sockets: when this node saw a
// change (a join, a result, a pairing) at once, else on each refresh
// (another node's change, read from the store).

// refresh is how often a watched room reads its arena again.
const refresh = time.Second

// pingEvery keeps a quiet socket open through proxies.
const pingEvery = 25 * time.Second

// liveMessage is what the socket sends.
type liveMessage struct {
	T string   `json:"t"`
	D fullJSON `json:"d"`
}

// rooms are the arenas watched on this node.
type rooms struct {
	s    *Service
	mu   sync.Mutex
	byID map[string]*room
}

// room is one watched arena: its sockets' channels and its last message.
type room struct {
	id   string
	subs map[chan []byte]bool // true once sent a message
	kick chan struct{}
	stop context.CancelFunc
	last []byte // the last message sent, countdowns left out
}

func newRooms(s *Service) *rooms { return &rooms{s: s, byID: map[string]*room{}} }

// poke makes every room read its arena now.
func (rs *rooms) poke() {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	for _, r := range rs.byID {
		select {
		case r.kick <- struct{}{}:
		default:
		}
	}
}

// join subscribes to arena id's messages; the channel holds the latest
// one. Call leave when done.
func (rs *rooms) join(id string) (ch chan []byte, leave func()) {
	ch = make(chan []byte, 1)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.byID[id]
	if r == nil {
		ctx, cancel := context.WithCancel(context.Background())
		r = &room{id: id, subs: map[chan []byte]bool{}, kick: make(chan struct{}, 1), stop: cancel}
		rs.byID[id] = r
		go rs.run(ctx, r)
	}
	r.subs[ch] = false
	select {
	case r.kick <- struct{}{}: // the newcomer needs the current state
	default:
	}
	return ch, func() {
		rs.mu.Lock()
		defer rs.mu.Unlock()
		delete(r.subs, ch)
		if len(r.subs) == 0 {
			r.stop()
			delete(rs.byID, id)
		}
	}
}

// run refreshes room r until it has no socket left.
func (rs *rooms) run(ctx context.Context, r *room) {
	t := time.NewTicker(refresh)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-r.kick:
		}
		rs.refresh(ctx, r)
	}
}

// refresh reads r's arena and sends it to every socket when it changed
// (countdowns aside: the page counts them down itself), and to those that
// came since the last message in any case.
func (rs *rooms) refresh(ctx context.Context, r *room) {
	a, err := rs.s.arenaByID(ctx, r.id)
	if err != nil {
		return
	}
	full := rs.s.fullOf(a, rs.s.now(), 1)
	key := full
	key.SecondsToStart, key.SecondsToFinish = 0, 0
	keyJSON, _ := json.Marshal(key)
	msg, err := json.Marshal(liveMessage{T: "reload", D: full})
	if err != nil {
		return
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	changed := !bytes.Equal(keyJSON, r.last)
	r.last = keyJSON
	for ch, had := range r.subs {
		if changed || !had {
			replace(ch, msg)
			r.subs[ch] = true
		}
	}
}

// replace puts msg in ch in place of an unsent older one.
func replace(ch chan []byte, msg []byte) {
	select {
	case <-ch:
	default:
	}
	select {
	case ch <- msg:
	default:
	}
}

// Socket serves GET /tournament/{id}/socket: the live page's messages.
// The socket only listens: what a viewer does goes by the API.
func (s *Service) Socket(w http.ResponseWriter, r *http.Request) {
	if _, err := s.arenaByID(r.Context(), r.PathValue("id")); err != nil {
		s.srv.Error(w, err)
		return
	}
	if err := guards.LiftDeadlines(w); err != nil {
		s.log.Warn("websocket keeps the request's deadlines", "err", err)
	}
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return // Accept has answered
	}
	conn.SetReadLimit(512)
	ctx := conn.CloseRead(r.Context())
	ch, leave := s.live.join(r.PathValue("id"))
	defer leave()
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			_ = conn.CloseNow()
			return
		case msg := <-ch:
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := conn.Write(wctx, websocket.MessageText, msg)
			cancel()
			if err != nil {
				_ = conn.CloseNow()
				return
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := conn.Ping(pctx)
			cancel()
			if err != nil {
				_ = conn.CloseNow()
				return
			}
		}
	}
}
