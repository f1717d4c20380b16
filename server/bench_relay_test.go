package server

import (
	"context"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gambitchess/gambit/server/round"
)

// BenchmarkRelayMove is one move of an online game end to end, as the
// server relays it: the player's message read off its WebSocket, decoded,
// judged, appended to the store (SQLite, on disk, synchronous) and then
// written to the opponent and to K spectators; an op ends when the
// opponent and every spectator have read it. The clients run in the same
// process, so ns/op, allocs/op and B/op count both sides; compare two
// commits with benchstat, or with callgrind when the machine is shared
// (BENCH.md). The moves are seeded random ones; a game that ends is
// replaced, untimed, by a new one.
func BenchmarkRelayMove(b *testing.B) {
	for _, k := range []int{0, 10} {
		b.Run("spectators="+strconv.Itoa(k), func(b *testing.B) {
			// The server's clock moves a second a move: the message limits,
			// which a benchmark's pace would meet, stay as they are.
			clock := &fakeClock{t: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}
			s := New(Config{Store: openStore(b, b.TempDir()), CreatePerMinute: 1 << 20, Now: clock.now})
			if err := s.Start(context.Background()); err != nil {
				b.Fatal(err)
			}
			srv := httptest.NewServer(s.Handler())
			b.Cleanup(func() { srv.Close(); s.Close() })
			rng := rand.New(rand.NewPCG(5, 6))
			var r *relayGame
			b.ReportAllocs()
			for b.Loop() {
				if r == nil || r.over {
					b.StopTimer()
					if r != nil {
						r.close()
					}
					r = newRelayGame(b, srv, k)
					b.StartTimer()
				}
				clock.advance(time.Second)
				r.move(b, rng)
			}
			r.close()
		})
	}
}

// relayGame is an online game between two connected players, watched by
// spectators.
type relayGame struct {
	ctx     context.Context
	cancel  context.CancelFunc
	players [2]*websocket.Conn // white, black
	watched chan struct{}      // a spectator read a move
	specs   []*watcher
	st      round.StateJSON // the game as the side to move last saw it
	over    bool
}

func newRelayGame(b *testing.B, srv *httptest.Server, k int) *relayGame {
	b.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r := &relayGame{ctx: ctx, cancel: cancel, watched: make(chan struct{}, 1024)}
	g, white := benchCreate(b, srv, `{"mode":"online","color":"white"}`)
	rec := httptest.NewRecorder()
	srv.Config.Handler.ServeHTTP(rec, personRequest("POST", "/api/games/"+g.ID+"/join", `{}`, randomToken()))
	var joined createResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &joined); rec.Code != http.StatusOK || err != nil {
		b.Fatalf("join: %d %s", rec.Code, rec.Body)
	}
	black := seatCookie(rec.Header()).Value
	for i, secret := range []string{white, black} {
		hdr := http.Header{"Cookie": {(&http.Cookie{Name: playerCookie, Value: secret}).String()}}
		conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws/game/"+g.ID,
			&websocket.DialOptions{HTTPHeader: hdr})
		if err != nil {
			b.Fatal(err)
		}
		r.players[i] = conn
	}
	r.st = r.until(b, 0, "state")
	for range k {
		conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws/game/"+g.ID, nil)
		if err != nil {
			b.Fatal(err)
		}
		w := &watcher{conn: conn, done: make(chan struct{})}
		go func() {
			defer close(w.done)
			for {
				_, data, err := conn.Read(context.Background())
				if err != nil {
					return
				}
				if strings.HasPrefix(string(data), `{"t":"move"`) {
					r.watched <- struct{}{}
				}
			}
		}()
		r.specs = append(r.specs, w)
	}
	return r
}

// until reads player i's messages until one of type typ (or an error),
// and returns its state.
func (r *relayGame) until(b *testing.B, i int, typ string) round.StateJSON {
	b.Helper()
	for {
		_, data, err := r.players[i].Read(r.ctx)
		if err != nil {
			b.Fatal(err)
		}
		var m inMsg
		if err := json.Unmarshal(data, &m); err != nil {
			b.Fatal(err)
		}
		if m.T == "error" {
			b.Fatalf("player %d: %s", i, m.D)
		}
		if m.T == typ {
			var st round.StateJSON
			if err := json.Unmarshal(m.D, &st); err != nil {
				b.Fatal(err)
			}
			return st
		}
	}
}

// move plays a random legal move for the side to move and waits until the
// opponent and every spectator have it.
func (r *relayGame) move(b *testing.B, rng *rand.Rand) {
	b.Helper()
	mover := 0
	if r.st.Turn == "black" {
		mover = 1
	}
	froms := slices.Sorted(maps.Keys(r.st.Dests))
	from := froms[rng.IntN(len(froms))]
	to := r.st.Dests[from][rng.IntN(len(r.st.Dests[from]))]
	u := from + to
	if promotes(r.st.FEN, from, to) {
		u += "q"
	}
	if err := r.players[mover].Write(r.ctx, websocket.MessageText, []byte(`{"t":"move","d":{"u":"`+u+`"}}`)); err != nil {
		b.Fatal(err)
	}
	r.until(b, mover, "move")
	st := r.until(b, 1-mover, "move")
	for range r.specs {
		<-r.watched
	}
	r.st = st
	r.over = st.Status != "started" && st.Status != "created"
}

// promotes tells whether the move from-to is a pawn's last step in the
// position of fen.
func promotes(fen, from, to string) bool {
	if to[1] != '1' && to[1] != '8' {
		return false
	}
	rank := strings.Split(strings.Fields(fen)[0], "/")[8-int(from[1]-'0')]
	file := int(from[0] - 'a')
	for _, c := range rank {
		if c >= '1' && c <= '8' {
			file -= int(c - '0')
		} else {
			if file == 0 {
				return c == 'P' || c == 'p'
			}
			file--
		}
		if file < 0 {
			return false
		}
	}
	return false
}

func (r *relayGame) close() {
	for _, p := range r.players {
		p.Close(websocket.StatusNormalClosure, "")
	}
	for _, w := range r.specs {
		w.close()
	}
	r.cancel()
	time.Sleep(10 * time.Millisecond) // let the hub see them go
}
