package live

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
	_ "github.com/gambitchess/gambit/variant/all" // the variants games are made of
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// fixture is a node's live games over a SQLite store, its hubs real ones
// whose server is the fixture.
type fixture struct {
	st      *store.SQLite
	gs      *Games
	loads   atomic.Int32
	retired atomic.Int32
	errs    prometheus.Counter
	cancel  context.CancelFunc // ends the hubs' context (Config.Ctx)
}

func newFixture(t *testing.T, leases store.Leases, node string) *fixture {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	f := &fixture{st: st, errs: prometheus.NewCounter(prometheus.CounterOpts{Name: "errors"}), cancel: cancel}
	env := round.Env{Server: hubServer{f}, Ctx: ctx}.WithDefaults()
	f.gs = New(Config{Ctx: ctx, Store: st, Leases: leases, Node: node,
		Load: func(ctx context.Context, id string) (*game.Game, error) {
			f.loads.Add(1)
			time.Sleep(10 * time.Millisecond) // a slow store: the others wait for this load
			return round.LoadGame(ctx, st, f.errs, id, time.Now)
		},
		Append: func(ctx context.Context, g *game.Game, evs []game.Event) error {
			return round.AppendEvents(ctx, st, f.errs, g, evs)
		},
		NewHub:  func(g *game.Game, client string) *round.Hub { return round.New(env, g, client) },
		Retired: func(string) { f.retired.Add(1) },
		Gauge:   prometheus.NewGauge(prometheus.GaugeOpts{Name: "live"}),
		Now:     time.Now, Log: slog.New(slog.DiscardHandler)})
	t.Cleanup(func() { cancel(); f.gs.Close() })
	return f
}

// stored stores a new local game of chess and returns its id.
func (f *fixture) stored(t *testing.T) string {
	t.Helper()
	g, err := game.New(game.Options{ID: wire.NewID(), Mode: game.ModeLocal})
	if err != nil {
		t.Fatal(err)
	}
	if err := round.CreateGame(context.Background(), f.st, f.errs, g); err != nil {
		t.Fatal(err)
	}
	return g.ID()
}

// hubServer is the fixture as its hubs see it.
type hubServer struct{ f *fixture }

func (s hubServer) AppendEvents(ctx context.Context, g *game.Game, evs []game.Event) error {
	return s.f.gs.cfg.Append(ctx, g, evs)
}
func (s hubServer) LoadGame(ctx context.Context, id string) (*game.Game, error) {
	return s.f.gs.cfg.Load(ctx, id)
}
func (s hubServer) Retire(h *round.Hub) bool       { return s.f.gs.Retire(h) }
func (s hubServer) Disown(id string)               { s.f.gs.Disown(id) }
func (hubServer) TakeCreation(string) error        { return nil }
func (hubServer) TakeChatLine(*round.Client) error { return nil }
func (hubServer) CreateRematch(context.Context, *game.Game) (string, error) {
	return "", errors.New("no rematches here")
}

// TestHubLoadsOnce: many asking at once for a stored game load it once
// and all get its one hub; a hub that retires is forgotten, and the next
// ask loads the game again.
func TestHubLoadsOnce(t *testing.T) {
	f := newFixture(t, nil, "")
	id := f.stored(t)
	if f.gs.Running(id) != nil {
		t.Fatal("a stored game is running before anyone asked for it")
	}
	const askers = 8
	hubs := make([]*round.Hub, askers)
	var wg sync.WaitGroup
	for i := range askers {
		wg.Go(func() {
			h, err := f.gs.Hub(context.Background(), id)
			if err != nil {
				t.Error(err)
			}
			hubs[i] = h
		})
	}
	wg.Wait()
	if n := f.loads.Load(); n != 1 {
		t.Errorf("%d askers at once loaded the game %d times, want 1", askers, n)
	}
	for i, h := range hubs {
		if h == nil || h != hubs[0] {
			t.Fatalf("asker %d got hub %p, asker 0 %p: want one hub", i, h, hubs[0])
		}
	}
	if f.gs.Running(id) != hubs[0] || len(f.gs.All()) != 1 {
		t.Errorf("Running = %p, All has %d; want the one hub", f.gs.Running(id), len(f.gs.All()))
	}
	if !f.gs.Retire(hubs[0]) || f.gs.Retire(hubs[0]) {
		t.Error("Retire: want true once, then false")
	}
	if f.gs.Running(id) != nil || f.retired.Load() != 1 {
		t.Errorf("after Retire: Running %p, Retired told %d times; want nil, 1", f.gs.Running(id), f.retired.Load())
	}
	h, err := f.gs.Hub(context.Background(), id)
	if err != nil || h == hubs[0] || f.loads.Load() != 2 {
		t.Errorf("after Retire: Hub = %p, %v with %d loads; want a new hub, loaded again", h, err, f.loads.Load())
	}
}

// TestWithRefusesBadIDs: an id that cannot be a game's is not found, and
// nothing is loaded for it; a well-formed id of no game is looked for.
func TestWithRefusesBadIDs(t *testing.T) {
	f := newFixture(t, nil, "")
	with := func(id string) error {
		return f.gs.With(context.Background(), id, func(*round.Hub) error { return nil })
	}
	for _, id := range []string{"", "../x", "abc<script>", strings.Repeat("a", 100)} {
		if err := with(id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("With(%q): %v, want not found", id, err)
		}
	}
	if n := f.loads.Load(); n != 0 {
		t.Errorf("ids that cannot be a game's were looked for in the store %d times", n)
	}
	if err := with("nosuchgame"); !errors.Is(err, store.ErrNotFound) || f.loads.Load() != 1 {
		t.Errorf("With(nosuchgame): %v after %d loads, want not found after one", err, f.loads.Load())
	}
}

// otherNode's leases are all another node's.
type otherNode struct{ released atomic.Int32 }

func (*otherNode) Acquire(context.Context, string, string, time.Duration) (string, error) {
	return "node-b", nil
}
func (*otherNode) Renew(context.Context, string, []string, time.Duration) ([]string, error) {
	return nil, nil
}
func (o *otherNode) Release(context.Context, string, string) error { o.released.Add(1); return nil }
func (*otherNode) Orphans(context.Context, int) ([]string, error)  { return nil, nil }

// TestGameOfAnotherNode: a game whose lease another node holds is not
// loaded here; Hub names the owner, and the stale sweep leaves it.
func TestGameOfAnotherNode(t *testing.T) {
	leases := &otherNode{}
	f := newFixture(t, leases, "node-a")
	id := f.stored(t)
	_, err := f.gs.Hub(context.Background(), id)
	var remote *wire.RemoteOwner
	if !errors.As(err, &remote) || remote.Node != "node-b" {
		t.Fatalf("Hub of another node's game: %v, want its owner node-b", err)
	}
	if f.loads.Load() != 0 || f.gs.Running(id) != nil {
		t.Errorf("another node's game was loaded (%d loads) or runs here", f.loads.Load())
	}
	f.gs.cfg.Now = func() time.Time { return time.Now().Add(30 * 24 * time.Hour) } // long untouched
	n, err := f.gs.ExpireStale(context.Background())
	if err != nil || n != 0 {
		t.Errorf("ExpireStale: ended %d, %v; want none: another node has the game open", n, err)
	}
	if leases.released.Load() != 0 {
		t.Error("this node released a lease it did not hold")
	}
}

// ownLeases are leases this node ("node-a") always gets; it records what
// it is asked, and says the games in lost are another's now.
type ownLeases struct {
	mu       sync.Mutex
	released []string
	orphans  []string
	lost     []string
}

func (*ownLeases) Acquire(context.Context, string, string, time.Duration) (string, error) {
	return "node-a", nil
}
func (o *ownLeases) Renew(_ context.Context, _ string, ids []string, _ time.Duration) ([]string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var lost []string
	for _, id := range ids {
		if slices.Contains(o.lost, id) {
			lost = append(lost, id)
		}
	}
	return lost, nil
}
func (o *ownLeases) Release(_ context.Context, id, _ string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.released = append(o.released, id)
	return nil
}
func (o *ownLeases) Orphans(context.Context, int) ([]string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Clone(o.orphans), nil
}

// TestLeasesOfThisNode: this node adopts an orphan (its hub runs here,
// counted by the gauge), a game whose lease another node took leaves at
// once, and Close gives up the leases of the games still live.
func TestLeasesOfThisNode(t *testing.T) {
	leases := &ownLeases{}
	f := newFixture(t, leases, "node-a")
	orphan, taken, kept := f.stored(t), f.stored(t), f.stored(t)
	leases.orphans = []string{orphan}
	f.gs.adoptOrphans(context.Background())
	if f.gs.Running(orphan) == nil {
		t.Fatal("the orphan was not adopted")
	}
	for _, id := range []string{taken, kept} {
		if _, err := f.gs.Hub(context.Background(), id); err != nil {
			t.Fatal(err)
		}
	}
	if got := testutil.ToFloat64(f.gs.cfg.Gauge.(prometheus.Gauge)); got != 3 {
		t.Errorf("the gauge counts %v hubs, want 3", got)
	}
	leases.mu.Lock()
	leases.lost = []string{taken}
	leases.mu.Unlock()
	f.gs.renewLeases(context.Background())
	for deadline := time.Now().Add(5 * time.Second); f.gs.Running(taken) != nil; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the game whose lease another node took is still live here after 5 s")
		}
	}
	if f.gs.Running(kept) == nil || f.gs.Running(orphan) == nil {
		t.Error("a game whose lease this node kept left")
	}
	f.cancel()
	f.gs.Close()
	leases.mu.Lock()
	defer leases.mu.Unlock()
	for _, id := range []string{orphan, kept} {
		if !slices.Contains(leases.released, id) {
			t.Errorf("Close did not give up the lease of %s (released %v)", id, leases.released)
		}
	}
}
