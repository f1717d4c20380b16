package loadtest

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// fakeServer plays a two-move game by the wire format: white plays e2e4,
// black e7e5, and that is mate. Black's first connection of every game is
// dropped once white has moved, so black must dial again and catch up.
type fakeServer struct {
	mu    sync.Mutex
	games map[string]*fakeGame
	next  int
}

type fakeGame struct {
	ply     int
	conns   map[string]*websocket.Conn // by seat
	dropped bool
}

func (f *fakeServer) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/games", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.next++
		id := fmt.Sprintf("g%d", f.next)
		f.games[id] = &fakeGame{conns: map[string]*websocket.Conn{}}
		f.mu.Unlock()
		http.SetCookie(w, &http.Cookie{Name: "seat", Value: "white", Path: "/"})
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, `{"id":%q}`, id)
	})
	mux.HandleFunc("POST /api/games/{id}/join", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "seat", Value: "black", Path: "/"})
		fmt.Fprint(w, `{}`)
	})
	mux.HandleFunc("GET /ws/game/{id}", f.serveWS)
	return mux
}

// position is the fake game at ply as seat sees it.
func position(typ string, ply int, seat string) string {
	turn, dests, status := "white", `{}`, "started"
	switch ply {
	case 0:
		if seat == "white" {
			dests = `{"e2":["e4"]}`
		}
	case 1:
		turn = "black"
		if seat == "black" {
			dests = `{"e7":["e5"]}`
		}
	default:
		status = "mate"
	}
	return fmt.Sprintf(`{"t":%q,"d":{"v":%d,"ply":%d,"turn":%q,"status":%q,"fen":"8/8/8/8/8/8/8/8 w - - 0 1","dests":%s}}`,
		typ, ply, ply, turn, status, dests)
}

func (f *fakeServer) serveWS(w http.ResponseWriter, r *http.Request) {
	seat := "spectator"
	if c, err := r.Cookie("seat"); err == nil {
		seat = c.Value
	}
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer conn.CloseNow()
	ctx := r.Context()
	f.mu.Lock()
	g := f.games[r.PathValue("id")]
	g.conns[seat] = conn
	ply := g.ply
	f.mu.Unlock()
	you := `[]`
	if seat != "spectator" {
		you = `["` + seat + `"]`
	}
	_ = conn.Write(ctx, websocket.MessageText, []byte(`{"t":"hello","d":{"you":`+you+`}}`))
	_ = conn.Write(ctx, websocket.MessageText, []byte(position("state", ply, seat)))
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		if !strings.Contains(string(data), `"move"`) {
			continue
		}
		f.mu.Lock()
		g.ply++
		targets := make(map[string]*websocket.Conn, len(g.conns))
		for s, c := range g.conns {
			targets[s] = c
		}
		drop := g.ply == 1 && !g.dropped
		g.dropped = g.dropped || drop
		ply := g.ply
		f.mu.Unlock()
		for s, c := range targets {
			if drop && s == "black" {
				c.CloseNow() // black missed the move: it must dial again and catch up
				continue
			}
			_ = c.Write(ctx, websocket.MessageText, []byte(position("move", ply, s)))
		}
	}
}

// TestRunRedialsAndFinishes: against a fake server that drops a player's
// socket mid-game, the run dials again (a reconnection), catches up,
// finishes its games and starts new ones, measuring each relayed move.
func TestRunRedialsAndFinishes(t *testing.T) {
	f := &fakeServer{games: map[string]*fakeGame{}}
	srv := httptest.NewServer(f.handler())
	defer srv.Close()
	rep, err := Run(context.Background(), Config{Addrs: []string{srv.URL}, Games: 2, Duration: time.Second, Spectators: 1,
		ThinkMin: 10 * time.Millisecond, ThinkMax: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("finished %d, reconnections %d, moves %d, errors %v", rep.GamesFinished, rep.Reconnections, rep.Moves, rep.Errors)
	if rep.GamesFinished < 4 || rep.Reconnections < rep.GamesFinished || rep.Moves < rep.GamesFinished {
		t.Errorf("finished %d games with %d reconnections and %d moves relayed; want several, each with a reconnection and a move",
			rep.GamesFinished, rep.Reconnections, rep.Moves)
	}
	if len(rep.Errors) != 0 || rep.Latency.Count != rep.Moves {
		t.Errorf("errors %v, latencies %d for %d moves", rep.Errors, rep.Latency.Count, rep.Moves)
	}
}
