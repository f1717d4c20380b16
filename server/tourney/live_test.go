package tourney

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// fakeTournament is what a test's room reads: its standings and each
// player's rank and game.
type fakeTournament struct {
	mu        sync.Mutex
	standings string
	rank      map[string]int
	game      map[string]string
}

func (f *fakeTournament) read(context.Context, string) (Reading, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	rank, game := map[string]int{}, map[string]string{}
	for k, v := range f.rank {
		rank[k] = v
	}
	for k, v := range f.game {
		game[k] = v
	}
	shared := "standings " + f.standings
	return Reading{Shared: []byte(shared), Key: []byte(shared), Mine: func(user string) ([]byte, string) {
		return []byte(fmt.Sprintf("me %s rank %d game %s", user, rank[user], game[user])), game[user]
	}}, nil
}

func (f *fakeTournament) set(change func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	change()
}

// dialRoom opens a socket on rooms' tournament "t" as user and returns a
// function that reads its next message (or "" after wait).
func dialRoom(t *testing.T, rs *Rooms, user string) func(wait time.Duration) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rs.Serve(w, r, "t", user, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.CloseNow() })
	msgs := make(chan string, 16)
	go func() {
		for {
			_, b, err := conn.Read(ctx)
			if err != nil {
				close(msgs)
				return
			}
			msgs <- string(b)
		}
	}()
	return func(wait time.Duration) string {
		select {
		case m := <-msgs:
			return m
		case <-time.After(wait):
			return ""
		}
	}
}

func TestRoomSendsNewsAtOnceAndRanksWithTheStandings(t *testing.T) {
	f := &fakeTournament{standings: "1", rank: map[string]int{"ann": 1}, game: map[string]string{}}
	rs := NewRooms(f.read)
	next := dialRoom(t, rs, "ann")
	got := []string{next(5 * time.Second), next(5 * time.Second)}
	if !(got[0] == "standings 1" && got[1] == "me ann rank 1 game " || got[1] == "standings 1" && got[0] == "me ann rank 1 game ") {
		t.Fatalf("a newcomer got %q, want the standings and their own place", got)
	}

	// Her rank alone changes: nothing until the standings change.
	f.set(func() { f.rank["ann"] = 2 })
	rs.Poke("t")
	if m := next(2 * MinGap); m != "" {
		t.Fatalf("a rank alone changed, and the socket sent %q", m)
	}
	// She is paired: at once, with her new rank.
	f.set(func() { f.game["ann"] = "g1" })
	rs.Poke("t")
	if m := next(2 * time.Second); m != "me ann rank 2 game g1" {
		t.Fatalf("paired, the socket sent %q", m)
	}
	// The standings change (a room this small has no delay to spread):
	// they go, and her rank with them.
	f.set(func() { f.standings, f.rank["ann"] = "2", 3 })
	rs.Poke("t")
	got = []string{next(2 * time.Second), next(2 * time.Second)}
	if !(got[0] == "standings 2" && got[1] == "me ann rank 3 game g1" || got[1] == "standings 2" && got[0] == "me ann rank 3 game g1") {
		t.Fatalf("the standings changed, the socket sent %q", got)
	}
	// Unchanged, nothing more is sent, though the room reads again.
	rs.Poke("t")
	if m := next(Refresh + MinGap); m != "" {
		t.Fatalf("nothing changed, and the socket sent %q", m)
	}
}

func TestRoomSpreadsItsSocketsOverHalfTheGap(t *testing.T) {
	rs := NewRooms(func(context.Context, string) (Reading, error) { return Reading{}, io.EOF })
	spread := map[int]bool{}
	for range 64 {
		sb, leave := rs.join("t", "")
		spread[int(sb.spread*8)] = true
		defer leave()
	}
	if len(spread) != 8 {
		t.Fatalf("64 sockets' delays fall in %d of 8 eighths of the gap, want all", len(spread))
	}
}
