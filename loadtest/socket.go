package loadtest

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
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

	conn    atomic.Pointer[websocket.Conn] // replaced by a redial, while a timer may write
	color   string                         // the seat it holds, from hello
	lastV   int64
	planned int  // the ply a move has been planned for, -1 for none
	sawEnd  bool // it saw the game over
	timer   *time.Timer
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

// maxRedials is how many times a socket dropped mid-game is dialled again.
const maxRedials = 3

// read reads and handles messages until the game ends or ctx does; a
// connection dropped mid-game is dialled again, caught up from the last
// version seen.
func (s *socket) read(ctx context.Context) {
	st := s.g.r.stats
	st.sockets.inc()
	defer st.sockets.dec()
	defer s.stopTimer()
	redials := 0
	for {
		err := s.readOne(ctx)
		if err == nil {
			continue
		}
		s.conn.Load().CloseNow()
		if ctx.Err() != nil || s.g.over() {
			return
		}
		if redials == maxRedials {
			st.fail("ws_dropped")
			s.g.finish()
			return
		}
		redials++
		st.reconnections.Add(1)
		if err := s.dial(ctx, s.lastV); err != nil {
			st.fail("ws_redial")
			s.g.finish()
			return
		}
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
	if m.Type == "move" && s.lastV >= 0 && m.V > s.lastV+1 {
		s.send(ctx, fmt.Appendf(nil, `{"t":"sync","d":{"v":%d}}`, s.lastV))
	}
	s.lastV = max(s.lastV, m.V)
	mine := !s.spectator && s.color != "" && m.Turn == s.color
	if mine && m.Type == "move" && s.g.sentPly.CompareAndSwap(int64(m.Ply), -1) {
		r.stats.latency.Record(time.Duration(now - s.g.sentAt.Load()))
		r.stats.moves.Add(1)
	}
	if m.Finished() {
		if !s.spectator && !s.sawEnd {
			s.sawEnd = true
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

// send writes msg, counting a failure (the reader sees the connection end).
func (s *socket) send(ctx context.Context, msg []byte) {
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := s.conn.Load().Write(wctx, websocket.MessageText, msg); err != nil && ctx.Err() == nil && !s.g.over() {
		s.g.r.stats.fail("ws_write")
	}
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
