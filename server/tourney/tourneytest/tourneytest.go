// Package tourneytest is what the tournaments' tests share: a fake server
// (tourney.Server), the two stores, a clock moved by hand. Only tests
// import it.
package tourneytest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/pgtest"
	"github.com/gambitchess/gambit/store"
)

// FakeServer stands for the server: accounts u0, u1, … rated 1500 + 10
// × their number, games recorded by id. Failing makes StartGame fail: a
// node that dies after writing its pairings. Lock Mu to read its fields
// while a director may run.
type FakeServer struct {
	Mu      sync.Mutex
	Games   map[string]game.Options // the games started, by id
	Over    map[string]*game.Game   // games over, as Ended reads them
	Starts  int
	Failing bool
	Prefix  string // of the ids NewID makes
	ids     int
}

// NewFakeServer returns a fake server whose game ids start with prefix.
func NewFakeServer(prefix string) *FakeServer {
	return &FakeServer{Games: map[string]game.Options{}, Over: map[string]*game.Game{}, Prefix: prefix}
}

func (f *FakeServer) User(*http.Request) (store.User, bool)      { return store.User{}, false }
func (f *FakeServer) Error(http.ResponseWriter, error)           {}
func (f *FakeServer) Perf(game.Variant, game.ClockConfig) string { return "blitz" }
func (f *FakeServer) UserByID(_ context.Context, id string) (store.User, error) {
	return store.User{ID: id, Name: "N" + id}, nil
}

// Rating is 1500 + 10 × n for account un.
func (f *FakeServer) Rating(_ context.Context, user, _ string) (int, error) {
	var n int
	fmt.Sscanf(user, "u%d", &n)
	return 1500 + 10*n, nil
}

func (f *FakeServer) Ended(_ context.Context, id string) (*game.Game, error) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	return f.Over[id], nil
}

func (f *FakeServer) NewID() string {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	f.ids++
	return fmt.Sprintf("%sg%d", f.Prefix, f.ids)
}

func (f *FakeServer) StartGame(_ context.Context, id string, opts game.Options, _ bool, _, _ store.User) error {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	if f.Failing {
		return errors.New("node died")
	}
	if _, ok := f.Games[id]; ok {
		return store.ErrExists
	}
	f.Starts++
	f.Games[id] = opts
	return nil
}

// Stores are the two stores a director runs on; a test package that
// opens PostgreSQL calls pgtest.Main from its TestMain.
var Stores = []struct {
	Name string
	Open func(t *testing.T) store.Swiss
}{
	{"SQLite", func(t *testing.T) store.Swiss {
		st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}},
	{"Postgres", func(t *testing.T) store.Swiss {
		st, err := store.OpenPostgres(context.Background(), pgtest.URL(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}},
}

// Clock is a test's time, moved by hand.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Add moves the clock on by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}
