package server

import (
	"context"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/store"
)

// liveGames returns the ids of the games with a hub, sorted.
func liveGames(s *Server) []string {
	var ids []string
	for _, h := range s.live.All() {
		ids = append(ids, h.ID())
	}
	slices.Sort(ids)
	return ids
}

// waitUnloaded waits until no game has a hub.
func waitUnloaded(t *testing.T, s *Server) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); len(liveGames(s)) > 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("games still live: %q", liveGames(s))
		}
	}
}

// play makes moves in game g as its player, over a WebSocket.
func playMoves(t *testing.T, srv *httptest.Server, g created, moves ...string) {
	t.Helper()
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	for _, u := range moves {
		p.send(`{"t":"move","d":{"u":"` + u + `"}}`)
		p.state("move")
	}
	p.conn.CloseNow()
}

// legacyStore reports every unfinished game Active, as a database
// migrated from before the flag does, and records MarkIdle calls.
type legacyStore struct {
	store.Log
	mu     sync.Mutex
	idled  []string
	extras []string
}

func (l *legacyStore) Active(ctx context.Context) ([]string, error) {
	ids, err := l.Log.Active(ctx)
	return append(ids, l.extras...), err
}

func (l *legacyStore) MarkIdle(ctx context.Context, id string, v int64) error {
	l.mu.Lock()
	l.idled = append(l.idled, id)
	l.mu.Unlock()
	return l.Log.MarkIdle(ctx, id, v)
}

// TestRestartResumesOnlyActiveGames: after a restart only the games that
// run by themselves (a clock running, the computer to move) are in memory;
// a game flagged active in error is loaded, found idle and marked so; the
// others load when someone opens them, with nothing lost.
func TestRestartResumesOnlyActiveGames(t *testing.T) {
	dir := t.TempDir()
	st := openStore(t, dir)
	s, srv, stop := serveWith(t, Config{Store: st, Bot: slowBot{release: make(chan struct{})}})
	idle := create(t, s.Handler(), `{"mode":"local"}`)
	playMoves(t, srv, idle, "e2e4")
	untouched := create(t, s.Handler(), `{"mode":"local","clock":{"minutes":5,"increment":0}}`)
	computer := create(t, s.Handler(), `{"mode":"computer","color":"black","level":"greedy"}`) // the computer to move
	timed := create(t, s.Handler(), `{"mode":"local","clock":{"minutes":5,"increment":0}}`)
	playMoves(t, srv, timed, "e2e4", "e7e5") // the clock runs
	stop()
	st.Close()

	legacy := &legacyStore{Log: openStore(t, dir), extras: []string{idle.ID, untouched.ID}}
	s, srv, _ = serveWith(t, Config{Store: legacy, Bot: slowBot{release: make(chan struct{})}})
	want := []string{computer.ID, timed.ID}
	slices.Sort(want)
	if got := liveGames(s); !slices.Equal(got, want) {
		t.Errorf("live after restart: %q, want the computer's and the timed game %q", got, want)
	}
	if slices.Sort(legacy.idled); !slices.Equal(legacy.idled, sortedIDs(idle.ID, untouched.ID)) {
		t.Errorf("marked idle: %q, want the two flagged in error", legacy.idled)
	}
	ids, err := legacy.Log.Active(context.Background())
	if slices.Sort(ids); err != nil || !slices.Equal(ids, want) {
		t.Errorf("stored active: %q, %v; want %q", ids, err, want)
	}
	p := dial(t, srv, idle.ID, idle.Token, "v=0")
	p.next("hello")
	if st := p.state("state"); st.Ply != 1 {
		t.Errorf("the idle game opened after the restart: ply %d, want 1", st.Ply)
	}
}

func sortedIDs(ids ...string) []string {
	slices.Sort(ids)
	return ids
}

// TestIdleGameUnloadedKeepsEverything: a game nobody is connected to, with
// no clock running and no computer to move, leaves memory, and comes back
// whole when opened: its moves, its clock banks.
func TestIdleGameUnloadedKeepsEverything(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Hub: round.Settings{IdleGrace: 20 * time.Millisecond}})
	g := create(t, s.Handler(), `{"mode":"local","clock":{"minutes":5,"increment":3}}`)
	playMoves(t, srv, g, "e2e4") // one side moved: no clock runs yet
	waitUnloaded(t, s)
	for _, path := range []string{"/api/games/" + g.ID, "/api/games/" + g.ID + "/pgn"} {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "e4") && !strings.Contains(rec.Body.String(), `"ply":1`) {
			t.Errorf("GET %s of the unloaded game: %d %s", path, rec.Code, rec.Body)
		}
	}
	if live := liveGames(s); len(live) > 0 {
		t.Errorf("reading the game brought it into memory: %q", live)
	}
	p := dial(t, srv, g.ID, g.Token, "v=0")
	p.next("hello")
	st := p.state("state")
	if st.Ply != 1 || st.V != 1 || st.Clock == nil || st.Clock.White != 5*60*1000 {
		t.Fatalf("reloaded: ply %d v%d clock %+v", st.Ply, st.V, st.Clock)
	}
	if got := liveGames(s); !slices.Equal(got, []string{g.ID}) {
		t.Errorf("live while watched: %q", got)
	}
}

// TestExpireUntouchedGames: an unfinished game nobody moved in ends
// (aborted) after a day, a correspondence one after its days; a game
// with a move stays, as does a game someone has open.
func TestExpireUntouchedGames(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Now: clock, Hub: round.Settings{IdleGrace: 20 * time.Millisecond}})
	h := s.Handler()
	casual := create(t, h, `{"mode":"local"}`)
	invite := create(t, h, `{"mode":"online"}`)
	moved := create(t, h, `{"mode":"local"}`)
	playMoves(t, srv, moved, "e2e4")
	corr := create(t, h, `{"mode":"local","clock":{"days":3}}`)
	watched := create(t, h, `{"mode":"local"}`)
	waitUnloaded(t, s)
	p := dial(t, srv, watched.ID, watched.Token)
	p.state("state")

	status := func(id string) string { // from the store: a request would load the game
		st, err := s.store.Load(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return st.Summary.Status
	}
	steps := []struct {
		after time.Duration
		ended int
		want  map[string]string
	}{
		{23 * time.Hour, 0, map[string]string{casual.ID: "created", invite.ID: "created", corr.ID: "created"}},
		{2 * time.Hour, 2, map[string]string{casual.ID: "aborted", invite.ID: "aborted", moved.ID: "started", corr.ID: "created", watched.ID: "created"}},
		{2 * 24 * time.Hour, 1, map[string]string{corr.ID: "aborted", moved.ID: "started", watched.ID: "created"}},
	}
	for _, step := range steps {
		advance(step.after)
		n, err := s.live.ExpireStale(context.Background())
		if err != nil || n != step.ended {
			t.Errorf("after %v more: expired %d, %v; want %d", step.after, n, err, step.ended)
		}
		for id, want := range step.want {
			if got := status(id); got != want {
				t.Errorf("after %v more: game %s is %s, want %s", step.after, id, got, want)
			}
		}
	}
}
