package server

import (
	"context"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/round"
)

// The spectator benchmarks compare presence coalesced (the default
// PresenceEvery) with presence sent to everyone at every change, as it
// was before (PresenceEvery of a nanosecond), in one run on one machine.
// Server and clients share the process, so the CPU reported is both
// sides'. Run them one at a time, on a quiet machine:
//
//	go test -run '^$' -bench 'Spectators' -benchtime=1x ./server/
var presenceModes = []struct {
	name  string
	every time.Duration
}{{"every-change", time.Nanosecond}, {"coalesced", 0}}

// spectatorServer serves a server whose presence goes out every every
// (0: the default), with an online game of two people connected; it
// returns the server and the game's id.
func spectatorServer(b *testing.B, every time.Duration) (*httptest.Server, string) {
	b.Helper()
	s := New(Config{Store: openStore(b, b.TempDir()), Bot: computer.NewEngineBot(1), CreatePerMinute: 1000})
	if every > 0 {
		s.timings.PresenceEvery = every // below what Config takes: the old behaviour
	}
	if err := s.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	b.Cleanup(func() { srv.Close(); s.Close() })
	g, _ := benchCreate(b, srv, `{"mode":"online","color":"white"}`)
	return srv, g.ID
}

// benchCreate makes a game as a new person would; it returns the game and
// the person's secret, as the server set it in the cookie.
func benchCreate(b *testing.B, srv *httptest.Server, body string) (createResponse, string) {
	b.Helper()
	secret := randomToken()
	rec := httptest.NewRecorder()
	srv.Config.Handler.ServeHTTP(rec, personRequest("POST", "/api/games", body, secret))
	var g createResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &g); rec.Code != http.StatusCreated && rec.Code != http.StatusOK || err != nil {
		b.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	for _, c := range rec.Result().Cookies() {
		if c.Name == playerCookie { // the server signs the secrets it honours: an unsigned one is replaced
			secret = c.Value
		}
	}
	return g, secret
}

// watcher is a spectator that reads and counts what it is sent, and
// nothing else.
type watcher struct {
	conn     *websocket.Conn
	presence *atomic.Int64 // presence messages read, shared by all watchers of a run
	done     chan struct{}
}

func watch(ctx context.Context, srv *httptest.Server, id string, presence *atomic.Int64) (*watcher, error) {
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws/game/"+id, nil)
	if err != nil {
		return nil, err
	}
	conn.SetReadLimit(-1)
	w := &watcher{conn: conn, presence: presence, done: make(chan struct{})}
	go func() {
		defer close(w.done)
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				return
			}
			if strings.HasPrefix(string(data), `{"t":"presence"`) {
				presence.Add(1)
			}
		}
	}()
	return w, nil
}

func (w *watcher) close() {
	w.conn.Close(websocket.StatusNormalClosure, "")
	<-w.done
}

// cpuTime is the process's CPU time so far, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// joinWatchers opens n spectators of game id, eight dialling at once.
func joinWatchers(b *testing.B, srv *httptest.Server, id string, n int, presence *atomic.Int64) []*watcher {
	b.Helper()
	ws := make([]*watcher, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				w, err := watch(ctx, srv, id, presence)
				cancel()
				if err != nil {
					errs <- err
					return
				}
				ws[i] = w
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		b.Fatal(err)
	}
	return ws
}

// BenchmarkSpectatorsJoin: 2,000 spectators join one game, eight dialling
// at once; it reports the time until every one is in (sec/op), the
// process's CPU seconds and the presence messages sent.
func BenchmarkSpectatorsJoin(b *testing.B) {
	const n = 2000
	for _, mode := range presenceModes {
		b.Run(mode.name, func(b *testing.B) {
			var cpu time.Duration
			var sent int64
			for b.Loop() {
				b.StopTimer()
				srv, id := spectatorServer(b, mode.every)
				var presence atomic.Int64
				c0 := cpuTime()
				b.StartTimer()
				ws := joinWatchers(b, srv, id, n, &presence)
				b.StopTimer()
				cpu += cpuTime() - c0
				sent += presence.Load()
				for _, w := range ws {
					w.close()
				}
				b.StartTimer()
			}
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(sent)/float64(b.N), "presence/op")
		})
	}
}

// BenchmarkSpectatorsChurn: 1,000 spectators watch one game while 72 a
// second join or leave it (half each), and a bystander game on the same
// server relays moves, ten a second; it reports that game's move round
// trip (sent to echoed back), p50 and p99, and the process's CPU share.
func BenchmarkSpectatorsChurn(b *testing.B) {
	const n, churn, moves = 1000, 72, 100
	for _, mode := range presenceModes {
		b.Run(mode.name, func(b *testing.B) {
			var rtts []time.Duration
			var cpu, wall time.Duration
			for b.Loop() {
				b.StopTimer()
				srv, id := spectatorServer(b, mode.every)
				var presence atomic.Int64
				ws := joinWatchers(b, srv, id, n, &presence)
				ctx, stop := context.WithCancel(context.Background())
				var wg sync.WaitGroup
				wg.Go(func() { churnWatchers(ctx, srv, id, ws, churn, &presence) })
				c0, t0 := cpuTime(), time.Now()
				b.StartTimer()
				rtts = append(rtts, relayMoves(b, srv, moves)...)
				b.StopTimer()
				cpu, wall = cpu+cpuTime()-c0, wall+time.Since(t0)
				stop()
				wg.Wait()
				b.StartTimer()
			}
			slices.Sort(rtts)
			at := func(q float64) float64 { return float64(rtts[int(q*float64(len(rtts)-1))].Microseconds()) / 1000 }
			b.ReportMetric(at(0.5), "p50-ms")
			b.ReportMetric(at(0.99), "p99-ms")
			b.ReportMetric(100*cpu.Seconds()/wall.Seconds(), "cpu-%")
		})
	}
}

// churnWatchers makes rate spectators a second leave or join game id, in
// turn, until ctx ends; then it closes them all.
func churnWatchers(ctx context.Context, srv *httptest.Server, id string, ws []*watcher, rate int, presence *atomic.Int64) {
	tick := time.NewTicker(time.Second / time.Duration(rate))
	defer tick.Stop()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			for _, w := range ws {
				w.close()
			}
			return
		case <-tick.C:
		}
		if i%2 == 0 {
			k := rng.IntN(len(ws))
			ws[k].close()
			ws = append(ws[:k], ws[k+1:]...)
			continue
		}
		dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		w, err := watch(dctx, srv, id, presence)
		cancel()
		if err == nil {
			ws = append(ws, w)
		}
	}
}

// relayMoves plays n random moves in a game on one screen (a new one when
// it ends), ten a second, and returns each one's round trip: from sending
// it to reading it back.
func relayMoves(b *testing.B, srv *httptest.Server, n int) []time.Duration {
	b.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	var out []time.Duration
	for len(out) < n {
		g, secret := benchCreate(b, srv, `{"mode":"local"}`)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		hdr := http.Header{"Cookie": {(&http.Cookie{Name: playerCookie, Value: secret}).String()}}
		conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws/game/"+g.ID,
			&websocket.DialOptions{HTTPHeader: hdr})
		if err != nil {
			b.Fatal(err)
		}
		st := g.State
		for len(out) < n && (st.Status == "started" || st.Status == "created") {
			froms := slices.Sorted(maps.Keys(st.Dests))
			from := froms[rng.IntN(len(froms))]
			start := time.Now()
			move := `{"t":"move","d":{"u":"` + from + st.Dests[from][rng.IntN(len(st.Dests[from]))] + `"}}`
			if err := conn.Write(ctx, websocket.MessageText, []byte(move)); err != nil {
				b.Fatal(err)
			}
			for { // hello, state and presence first, then the move
				_, data, err := conn.Read(ctx)
				if err != nil {
					b.Fatal(err)
				}
				var m inMsg
				if json.Unmarshal(data, &m) == nil && m.T == "move" {
					st = round.StateJSON{}
					if err := json.Unmarshal(m.D, &st); err != nil {
						b.Fatal(err)
					}
					break
				}
				if m.T == "error" && strings.HasSuffix(move, `"}}`) && len(move) == len(`{"t":"move","d":{"u":"e2e4"}}`) {
					move = strings.TrimSuffix(move, `"}}`) + `q"}}` // a pawn's last step: promote
					start = time.Now()
					if err := conn.Write(ctx, websocket.MessageText, []byte(move)); err != nil {
						b.Fatal(err)
					}
				} else if m.T == "error" {
					b.Fatalf("move %s: %s", move, m.D)
				}
			}
			out = append(out, time.Since(start))
			time.Sleep(100 * time.Millisecond)
		}
		conn.Close(websocket.StatusNormalClosure, "")
		cancel()
	}
	return out
}
