package loadtest

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// readLimit bounds a server message: a "state" carries the whole history.
const readLimit = 1 << 20

// liveGame is one game being played: its id, the move in flight (for the
// relay latency) and whether it is over.
type liveGame struct {
	id       string
	r        *run
	mu       sync.Mutex
	acked    []string     // the moves the server published, by ply (from 1): stored, so never to be lost
	sentPly  atomic.Int64 // the ply the move in flight makes, -1 for none
	sentAt   atomic.Int64 // when it was sent, in the run's clock
	progress atomic.Int64 // when a position last arrived, in the run's clock
	sawEnd   atomic.Int32 // the players who saw the game over
	done     chan struct{}
	once     sync.Once
}

func newLiveGame(r *run, id string) *liveGame {
	g := &liveGame{id: id, r: r, done: make(chan struct{})}
	g.sentPly.Store(-1)
	g.progress.Store(r.clock())
	return g
}

// endGrace is how long a game stays open after one player saw it end,
// for the other to read the last move too (and its relay time be taken).
const endGrace = 2 * time.Second

// playerSawEnd notes that one more player saw the game end: the game is
// counted finished at the first, and closed at the second (or after
// endGrace).
func (g *liveGame) playerSawEnd() {
	if g.sawEnd.Add(1) == 1 {
		g.r.stats.gamesFinished.Add(1)
		time.AfterFunc(endGrace, g.finish)
		return
	}
	g.finish()
}

// noteMove records the move the server published at ply: it stored it
// before it sent it, so it must be in the game for ever.
func (g *liveGame) noteMove(ply int, uci string) {
	if ply < 1 || uci == "" {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for len(g.acked) < ply {
		g.acked = append(g.acked, "")
	}
	g.acked[ply-1] = uci
}

// ackedMoves returns the moves seen published, by ply ("" for a ply no
// socket saw as a move message).
func (g *liveGame) ackedMoves() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.acked...)
}

// finish marks the game over (once).
func (g *liveGame) finish() { g.once.Do(func() { close(g.done) }) }

// over reports whether the game is over.
func (g *liveGame) over() bool {
	select {
	case <-g.done:
		return true
	default:
		return false
	}
}

// socket is one WebSocket of a game: a player's (it moves when the server
// gives it dests) or a spectator's. One goroutine reads it; a player's
// moves go out from a timer after its think time.
type socket struct {
	g         *liveGame
	p         person
	spectator bool
	rng       *rand.Rand // the reader's only: think times and moves

	conn      atomic.Pointer[websocket.Conn] // replaced by a redial, while a timer may write
	droppedAt int64                          // when its connection dropped, in the run's clock (0: it did not)
	color     string                         // the seat it holds, from hello
	lastV     int64
	planned   int           // the ply a move has been planned for, -1 for none
	sawEnd    bool          // it saw the game over
	sawEndAt  *atomic.Int64 // an arena player's: set to when it saw the game over (nil: none)
	timer     *time.Timer
}

// dial opens the socket's WebSocket, caught up from version since (-1:
// from the start).
func (s *socket) dial(ctx context.Context, since int64) error {
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(dctx, wsURL(s.p.base, s.g.id, since), &websocket.DialOptions{
		HTTPClient: s.p.client, CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		if resp != nil {
			return fmt.Errorf("dial: %d", resp.StatusCode)
		}
		return fmt.Errorf("dial: %w", err)
	}
	conn.SetReadLimit(readLimit)
	s.conn.Store(conn)
	return nil
}

// read reads and handles messages until the game ends or ctx does; a
// connection dropped mid-game is dialled again (see redial), caught up
// from the last version seen, and the time without the game measured.
func (s *socket) read(ctx context.Context) {
	st := s.g.r.stats
	st.sockets.inc()
	defer st.sockets.dec()
	defer s.stopTimer()
	for {
		err := s.readOne(ctx)
		if err == nil {
			continue
		}
		s.conn.Load().CloseNow()
		if ctx.Err() != nil || s.g.over() {
			return
		}
		st.reconnections.Add(1)
		s.droppedAt = s.g.r.clock()
		s.stopTimer()
		s.planned = -1 // a move planned on the dropped connection may be lost: plan again from what comes back
		if err := s.redial(ctx); err != nil {
			if ctx.Err() == nil && !s.g.over() {
				st.fail("ws_lost")
				s.g.finish()
			}
			return
		}
	}
}

// redial dials the socket's server again, and when it does not take the
// game back, the other servers in turn, waiting longer after each refusal,
// until one does or OutageMax has passed since the drop: a cluster moves
// the games of a node that died to another within its lease time.
func (s *socket) redial(ctx context.Context) error {
	r := s.g.r
	addrs := r.cfg.Addrs
	first := slices.IndexFunc(addrs, func(a string) bool { return strings.TrimSuffix(a, "/") == s.p.base })
	wait := 100 * time.Millisecond
	for try := 0; ; try++ {
		if err := s.dial(ctx, s.lastV); err == nil {
			return nil
		}
		if time.Duration(r.clock()-s.droppedAt) > r.cfg.OutageMax {
			return fmt.Errorf("game %s: no server took it back within %v", s.g.id, r.cfg.OutageMax)
		}
		if len(addrs) > 1 {
			s.p.base = strings.TrimSuffix(addrs[(first+try+1)%len(addrs)], "/")
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
		wait = min(2*wait, time.Second)
	}
}

// readOne reads one message into a pooled buffer and handles it.
func (s *socket) readOne(ctx context.Context) error {
	_, rd, err := s.conn.Load().Reader(ctx)
	if err != nil {
		return err
	}
	buf := s.g.r.buffers.Get().(*bytes.Buffer)
	defer s.g.r.buffers.Put(buf)
	buf.Reset()
	if _, err := buf.ReadFrom(rd); err != nil {
		return err
	}
	m, err := ParseMessage(buf.Bytes())
	if err != nil {
		s.g.r.stats.fail("bad_message")
		return nil
	}
	s.handle(ctx, m)
	return nil
}

// handle acts on one server message.
func (s *socket) handle(ctx context.Context, m Message) {
	r := s.g.r
	switch m.Type {
	case "hello":
		if len(m.You) == 1 {
			s.color = m.You[0]
		}
		return
	case "error":
		r.stats.fail("server_" + m.Code)
		if m.Code == "rate_limited" && !s.spectator && s.lastV > 0 {
			// The move was dropped: ask for the last event again, and plan anew from it.
			s.planned = -1
			s.send(ctx, fmt.Appendf(nil, `{"t":"sync","d":{"v":%d}}`, s.lastV-1))
		}
		return
	}
	if !m.IsPosition() {
		return
	}
	now := r.clock()
	s.g.progress.Store(now)
	if s.droppedAt != 0 { // back in the game after a drop
		r.stats.outage.Record(time.Duration(now - s.droppedAt))
		s.droppedAt = 0
	}
	if m.Type == "move" {
		s.g.noteMove(m.Ply, m.Last)
	}
	if m.Type == "move" && s.lastV >= 0 && m.V > s.lastV+1 {
		s.send(ctx, fmt.Appendf(nil, `{"t":"sync","d":{"v":%d}}`, s.lastV))
	}
	s.lastV = max(s.lastV, m.V)
	mine := !s.spectator && s.color != "" && m.Turn == s.color
	if mine && m.Type == "move" && s.g.sentPly.CompareAndSwap(int64(m.Ply), -1) {
		d := time.Duration(now - s.g.sentAt.Load())
		r.stats.latency.Record(d)
		if from := r.stats.steadyFrom.Load(); from > 0 && now >= from {
			r.stats.steady.Record(d)
		}
		r.stats.moves.Add(1)
	}
	if m.Finished() {
		if !s.spectator && !s.sawEnd {
			s.sawEnd = true
			if s.sawEndAt != nil {
				s.sawEndAt.Store(now)
			}
			s.g.playerSawEnd()
		}
		return
	}
	if mine && m.Ply != s.planned {
		s.plan(ctx, m)
	}
}

// plan picks a move uniformly among the legal ones m offers and sends it
// after a think time.
func (s *socket) plan(ctx context.Context, m Message) {
	n, err := CountMoves(m.Dests)
	if err != nil || n == 0 {
		if err != nil {
			s.g.r.stats.fail("bad_dests")
		}
		return
	}
	move, err := PickMove(m.Dests, m.FEN, s.rng.IntN(n))
	if err != nil {
		s.g.r.stats.fail("bad_dests")
		return
	}
	s.planned = m.Ply
	cfg := s.g.r.cfg
	think := cfg.ThinkMin
	if cfg.ThinkMax > cfg.ThinkMin {
		think += time.Duration(s.rng.Int64N(int64(cfg.ThinkMax - cfg.ThinkMin)))
	}
	msg := []byte(`{"t":"move","d":{"u":"` + move + `"}}`)
	if cfg.ResignAfter > 0 && m.Ply >= cfg.ResignAfter {
		msg = []byte(`{"t":"resign"}`)
	}
	ply := int64(m.Ply + 1)
	s.stopTimer()
	s.timer = time.AfterFunc(think, func() {
		if s.g.over() || ctx.Err() != nil {
			return
		}
		s.g.sentAt.Store(s.g.r.clock())
		s.g.sentPly.Store(ply)
		s.send(ctx, msg)
	})
}

// send writes msg. A write that fails is no error of its own: the
// connection dropped, the reader sees it end and dials again (and plans the
// move again from the game it gets back); only a game it cannot get back
// counts, as ws_lost.
func (s *socket) send(ctx context.Context, msg []byte) {
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_ = s.conn.Load().Write(wctx, websocket.MessageText, msg)
}

func (s *socket) stopTimer() {
	if s.timer != nil {
		s.timer.Stop()
	}
}

// person is one player, or spectator, with the server it uses and its own
// cookie jar (a player's seat is its cookie).
type person struct {
	base   string
	client *http.Client
}
