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
// answers it, page 1, without "me">}, the same for everyone, and, to a
// signed-in viewer, {"t":"me","d":<their own place and game, or null>}
// when it changes: built for that viewer alone. One room per arena
// watched on this node reads the arena when this node saw a change (a
// join, a result, a pairing), at most every minGap, else on each refresh
// (another node's change, read from the store). It sends each viewer's
// "me" at once, so a player paired hears of it within minGap; and the
// shared message, built once for all its sockets, at most every
// sharedGap(its sockets): a thousand games ending in a second make a few
// standings, not a thousand, and a big room's fewer still.

// refresh is how often a watched room reads its arena again.
const refresh = time.Second

// minGap is the least time between two readings of a room's arena.
const minGap = 250 * time.Millisecond

// sharedGap is the least time between two standings sent to a room of n
// sockets: each costs n messages.
func sharedGap(n int) time.Duration {
	switch {
	case n < 50:
		return minGap
	case n < 500:
		return time.Second
	}
	return 2 * time.Second
}

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

// room is one watched arena: its sockets and its last message.
type room struct {
	id   string
	subs map[*sub]struct{}
	kick chan struct{}
	stop context.CancelFunc
	last []byte    // the last standings sent, countdowns left out
	sent time.Time // when
}

func newRooms(s *Service) *rooms { return &rooms{s: s, byID: map[string]*room{}} }

// poke makes the room of arena id read it now; every room for "".
func (rs *rooms) poke(id string) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	for rid, r := range rs.byID {
		if id != "" && rid != id {
			continue
		}
		select {
		case r.kick <- struct{}{}:
		default:
		}
	}
}

// sub is one socket of a room: the latest shared message not yet sent,
// and the latest of its own.
type sub struct {
	user   string      // the viewer's account id; "" signed out
	shared chan []byte // holds the latest reload
	mine   chan []byte // holds the latest me
	had    bool        // sent a reload already
	lastMe []byte      // the last me sent
}

// join subscribes user ("" for none) to arena id's messages. Call leave
// when done.
func (rs *rooms) join(id, user string) (sb *sub, leave func()) {
	sb = &sub{user: user, shared: make(chan []byte, 1), mine: make(chan []byte, 1)}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.byID[id]
	if r == nil {
		ctx, cancel := context.WithCancel(context.Background())
		r = &room{id: id, subs: map[*sub]struct{}{}, kick: make(chan struct{}, 1), stop: cancel}
		rs.byID[id] = r
		go rs.run(ctx, r)
	}
	r.subs[sb] = struct{}{}
	select {
	case r.kick <- struct{}{}: // the newcomer needs the current state
	default:
	}
	return sb, func() {
		rs.mu.Lock()
		defer rs.mu.Unlock()
		delete(r.subs, sb)
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
		select { // a kick meanwhile waits in r.kick for the next turn
		case <-ctx.Done():
			return
		case <-time.After(minGap):
		}
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
	// The room's goroutine alone reads and writes r.last, r.sent and its
	// subs' fields: rs.mu guards the set of subs only, held for a copy, so
	// a game's hub poking the rooms never waits for a refresh.
	rs.mu.Lock()
	subs := make([]*sub, 0, len(r.subs))
	for sb := range r.subs {
		subs = append(subs, sb)
	}
	rs.mu.Unlock()
	now := time.Now()
	changed := !bytes.Equal(keyJSON, r.last) && now.Sub(r.sent) >= sharedGap(len(subs))
	if changed { // else a later refresh sends it: the ticker's at the latest
		r.last, r.sent = keyJSON, now
	}
	places := a.mePlaces(full.standings)
	for _, sb := range subs {
		if changed || !sb.had {
			replace(sb.shared, msg)
			sb.had = true
		}
		if sb.user == "" {
			continue
		}
		me, err := json.Marshal(meMessage{T: "me", D: meOf(places, sb.user)})
		if err == nil && !bytes.Equal(me, sb.lastMe) {
			replace(sb.mine, me)
			sb.lastMe = me
		}
	}
}

// meMessage is a viewer's own place: null before they join.
type meMessage struct {
	T string  `json:"t"`
	D *meJSON `json:"d"`
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
	u, _ := s.srv.User(r)
	sb, leave := s.live.join(r.PathValue("id"), u.ID)
	defer leave()
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			_ = conn.CloseNow()
			return
		case msg := <-sb.shared:
			if !write(ctx, conn, msg) {
				return
			}
		case msg := <-sb.mine:
			if !write(ctx, conn, msg) {
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

// write sends msg on conn, closing it on failure; false then.
func write(ctx context.Context, conn *websocket.Conn, msg []byte) bool {
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := conn.Write(wctx, websocket.MessageText, msg); err != nil {
		_ = conn.CloseNow()
		return false
	}
	return true
}
