package tourney

import (
	"bytes"
	"context"
	"log/slog"
	"math"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/gambitchess/gambit/server/guards"
)

// A tournament's live page is told of every change over a WebSocket: a
// message shared by all its viewers (the standings, the games), and, to
// a signed-in viewer, their own (their place, their game), built for
// that viewer alone. Rooms keeps one room per tournament watched on this
// node. A room reads its tournament when this node saw a change (Poke:
// a join, a result, a pairing), at most every MinGap, else every
// Refresh (another node's change, read from the store).
//
// A viewer's own message goes at once when its news changes (they were
// paired: the page sends them to the game); the rest of it (their rank)
// and the shared message go at most every SharedGap(sockets): each costs
// a message per socket, and a thousand games ending in a second make a
// few standings, not a thousand. The shared message reaches a room's
// sockets spread over half that gap, each at its own delay, so that a
// big room's push is not a burst that holds up the games' moves.

// Refresh is how often a watched room reads its tournament again.
const Refresh = time.Second

// MinGap is the least time between two readings of a room's tournament:
// a player paired waits for the next reading to hear of it. A reading
// costs a few milliseconds for an arena of a thousand (its standings are
// kept between results).
const MinGap = 100 * time.Millisecond

// SharedGap is the least time between two shared messages sent to a room
// of n sockets.
func SharedGap(n int) time.Duration {
	switch {
	case n < 50:
		return 250 * time.Millisecond
	case n < 500:
		return time.Second
	}
	return 2 * time.Second
}

// goldenRatio's multiples, modulo 1, spread evenly over [0, 1) however
// many are taken.
const goldenRatio = 1.6180339887498949

// pingEvery keeps a quiet socket open through proxies.
const pingEvery = 25 * time.Second

// A Reading is a tournament as a room sends it.
type Reading struct {
	// Shared is the message for every viewer; Key is what of it makes
	// news (Shared less its countdowns, which the page counts down
	// itself): an unchanged Key sends nothing, except to a newcomer.
	Shared, Key []byte
	// Mine returns account user's own message and what of it is news to
	// send at once (msg's other changes wait for the next shared
	// message); nil msg for none. Nil Mine: no own messages.
	Mine func(user string) (msg []byte, news string)
}

// Rooms are the tournaments watched on this node: read reads one.
type Rooms struct {
	read func(ctx context.Context, id string) (Reading, error)
	mu   sync.Mutex
	n    uint64 // sockets joined: spreads their delays
	byID map[string]*room
}

// NewRooms returns the rooms of the tournaments read reads.
func NewRooms(read func(ctx context.Context, id string) (Reading, error)) *Rooms {
	return &Rooms{read: read, byID: map[string]*room{}}
}

// room is one watched tournament: its sockets and its last message.
type room struct {
	id   string
	subs map[*sub]struct{}
	kick chan struct{}
	stop context.CancelFunc
	last []byte    // the last Key sent
	sent time.Time // when
}

// sub is one socket of a room: the latest shared message not yet sent,
// and the latest of its own. The room's goroutine alone reads and writes
// its fields below the channels.
type sub struct {
	user   string      // the viewer's account id; "" signed out
	spread float64     // in [0, 1): its share of the push's spread
	shared chan pushed // holds the latest shared message
	mine   chan []byte // holds the latest own message
	had    bool        // sent a shared message already
	lastMe []byte      // the last own message sent
	news   string      // its news
}

// pushed is a shared message and how long its socket waits to send it.
type pushed struct {
	msg   []byte
	delay time.Duration
}

// Poke makes tournament id's room read it now; every room for "".
func (rs *Rooms) Poke(id string) {
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

// join subscribes user ("" for none) to tournament id's messages. Call
// leave when done.
func (rs *Rooms) join(id, user string) (sb *sub, leave func()) {
	sb = &sub{user: user, shared: make(chan pushed, 1), mine: make(chan []byte, 1)}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.byID[id]
	if r == nil {
		ctx, cancel := context.WithCancel(context.Background())
		r = &room{id: id, subs: map[*sub]struct{}{}, kick: make(chan struct{}, 1), stop: cancel}
		rs.byID[id] = r
		go rs.run(ctx, r)
	}
	rs.n++
	_, sb.spread = math.Modf(float64(rs.n) * goldenRatio) // each newcomer far from the last ones
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

// run refreshes room r until it has no socket left: every Refresh, and
// when kicked, at least MinGap apart.
func (rs *Rooms) run(ctx context.Context, r *room) {
	refresh := func(ctx context.Context) error { rs.refresh(ctx, r); return nil }
	Direct(ctx, Refresh, MinGap, r.kick, refresh, slog.Default(), "tournament room")
}

// refresh reads r's tournament and sends it to every socket when it
// changed (at most every SharedGap), to those that came since the last
// message in any case, and to each viewer their own message.
func (rs *Rooms) refresh(ctx context.Context, r *room) {
	rd, err := rs.read(ctx, r.id)
	if err != nil {
		return
	}
	// rs.mu guards the set of subs only, held for a copy, so that a game's
	// hub poking the rooms never waits for a refresh.
	rs.mu.Lock()
	subs := make([]*sub, 0, len(r.subs))
	for sb := range r.subs {
		subs = append(subs, sb)
	}
	rs.mu.Unlock()
	now := time.Now()
	gap := SharedGap(len(subs))
	changed := !bytes.Equal(rd.Key, r.last) && now.Sub(r.sent) >= gap
	if changed { // else a later refresh sends it: the ticker's at the latest
		r.last, r.sent = rd.Key, now
	}
	for _, sb := range subs {
		if changed || !sb.had {
			delay := time.Duration(sb.spread * float64(gap/2))
			if !sb.had {
				delay = 0
			}
			replace(sb.shared, pushed{msg: rd.Shared, delay: delay})
			sb.had = true
		}
		if sb.user == "" || rd.Mine == nil {
			continue
		}
		me, news := rd.Mine(sb.user)
		if me != nil && !bytes.Equal(me, sb.lastMe) && (news != sb.news || changed || sb.lastMe == nil) {
			replace(sb.mine, me)
			sb.lastMe, sb.news = me, news
		}
	}
}

// replace puts msg in ch in place of an unsent older one.
func replace[T any](ch chan T, msg T) {
	select {
	case <-ch:
	default:
	}
	select {
	case ch <- msg:
	default:
	}
}

// Serve serves a live page's socket for tournament id to account user
// ("" for none): the socket only listens; what a viewer does goes by the
// API. Check that the tournament exists first.
func (rs *Rooms) Serve(w http.ResponseWriter, r *http.Request, id, user string, log *slog.Logger) {
	if err := guards.LiftDeadlines(w); err != nil {
		log.Warn("websocket keeps the request's deadlines", "err", err)
	}
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return // Accept has answered
	}
	conn.SetReadLimit(512)
	ctx := conn.CloseRead(r.Context())
	sb, leave := rs.join(id, user)
	defer leave()
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	var due <-chan time.Time // the shared message waiting its turn
	var waiting []byte
	for {
		select {
		case <-ctx.Done():
			_ = conn.CloseNow()
			return
		case p := <-sb.shared:
			waiting = p.msg
			if due == nil {
				due = time.After(p.delay)
			}
		case <-due:
			due = nil
			if !write(ctx, conn, waiting) {
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
