// Package live keeps the games that run on one node, each in its hub
// (package round): one hub per game, loaded from the store when someone
// first opens it and one load at a time, so a slow load never installs a
// hub older than one that saved and retired meanwhile. With several nodes
// on one database it holds the leases that make this node a game's owner
// (leases.go), and it ends the games no one will come back to
// (expire.go). The server wires it (Config) and routes to it; nothing in
// it knows HTTP.
package live

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Config is what Games needs of the server that runs it.
type Config struct {
	// Ctx ends when the server stops: the hubs run under it.
	Ctx   context.Context
	Store store.Log
	// Leases and Node make this node one of several (see leases.go): Node
	// is its name on the bus. Leases nil: one node on its own, owning
	// every game.
	Leases store.Leases
	Node   string
	// Load reads a game from the store; Append saves the events a game
	// has just applied (the server's, which tell its other services).
	Load   func(ctx context.Context, id string) (*game.Game, error)
	Append func(ctx context.Context, g *game.Game, evs []game.Event) error
	// NewHub makes (does not run) the hub of g; client is the address of
	// the person who made the game ("" for a game loaded from the store).
	// Retired is told of each hub that left: what else knew the game live
	// forgets it (the lobby, the computer's count). Both run with Games'
	// lock held, so that a new hub's start and an old one's retirement
	// never cross: they must not call Games.
	NewHub  func(g *game.Game, client string) *round.Hub
	Retired func(id string)
	// Gauge counts the hubs running.
	Gauge Gauge
	Now   func() time.Time
	Log   *slog.Logger
}

// Gauge is a count that goes up and down (a prometheus.Gauge).
type Gauge interface {
	Inc()
	Dec()
}

// Games are the live games of one node.
type Games struct {
	cfg  Config
	mu   sync.Mutex
	hubs map[string]*round.Hub
	// loading holds a channel per game being loaded, closed when its hub
	// is installed (or the load failed).
	loading map[string]chan struct{}
	wg      sync.WaitGroup // the hubs' goroutines
}

// New returns the live games of a node, none yet.
func New(cfg Config) *Games {
	return &Games{cfg: cfg, hubs: map[string]*round.Hub{}, loading: map[string]chan struct{}{}}
}

// Hub returns the live hub of game id, loading the game from the store
// when it is not live yet. One load runs per game at a time and the others
// wait for it.
func (gs *Games) Hub(ctx context.Context, id string) (*round.Hub, error) {
	for {
		gs.mu.Lock()
		if h, ok := gs.hubs[id]; ok {
			gs.mu.Unlock()
			return h, nil
		}
		if wait, ok := gs.loading[id]; ok {
			gs.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return nil, wire.ErrShuttingDown
			}
		}
		done := make(chan struct{})
		gs.loading[id] = done
		gs.mu.Unlock()

		g, err := gs.claimAndLoad(ctx, id)
		gs.mu.Lock()
		delete(gs.loading, id)
		close(done)
		var h *round.Hub
		if err == nil {
			h = gs.startLocked(g, "")
		}
		gs.mu.Unlock()
		return h, err
	}
}

// With runs f with the live hub of game id. When that hub retires before
// taking f's command (round.ErrRetired), the game is loaded again.
func (gs *Games) With(ctx context.Context, id string, f func(h *round.Hub) error) error {
	if !wire.ValidID(id) {
		return fmt.Errorf("%w: no such game", store.ErrNotFound) // and never echo what was sent
	}
	for range 5 {
		h, err := gs.Hub(ctx, id)
		if err != nil {
			return err
		}
		if err := f(h); !errors.Is(err, round.ErrRetired) {
			return err
		}
	}
	return wire.ErrBusy
}

// Running returns the hub of game id when it is live here, nil otherwise;
// it loads nothing.
func (gs *Games) Running(id string) *round.Hub {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	return gs.hubs[id]
}

// All returns the hubs live now.
func (gs *Games) All() []*round.Hub {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	hubs := make([]*round.Hub, 0, len(gs.hubs))
	for _, h := range gs.hubs {
		hubs = append(hubs, h)
	}
	return hubs
}

// Retire removes h from the live hubs; it reports false when h is no
// longer the registered hub of its game (round.Server.Retire).
func (gs *Games) Retire(h *round.Hub) bool {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	if gs.hubs[h.ID()] != h {
		return false
	}
	delete(gs.hubs, h.ID())
	gs.cfg.Retired(h.ID())
	return true
}

// Start runs a hub for g, or returns the one already running for its ID.
// client is the address of the person who made the game ("" for a game
// loaded from the store). The caller has claimed g (Claim).
func (gs *Games) Start(g *game.Game, client string) *round.Hub {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	return gs.startLocked(g, client)
}

// startLocked is Start with gs.mu held.
func (gs *Games) startLocked(g *game.Game, client string) *round.Hub {
	if h, ok := gs.hubs[g.ID()]; ok {
		return h
	}
	h := gs.cfg.NewHub(g, client)
	gs.hubs[g.ID()] = h
	gs.wg.Add(1)
	gs.cfg.Gauge.Inc()
	go func() {
		defer gs.wg.Done()
		defer gs.cfg.Gauge.Dec()
		h.Run(gs.cfg.Ctx)
	}()
	return h
}

// claimAndLoad takes game id's lease (with several nodes) and loads it.
func (gs *Games) claimAndLoad(ctx context.Context, id string) (*game.Game, error) {
	if err := gs.Claim(ctx, id); err != nil {
		return nil, err
	}
	return gs.cfg.Load(ctx, id)
}

// Resume starts the games that run by themselves (a clock runs, or the
// computer is to move: store.Summary.Active) and that no other node runs;
// every other game waits in the store until someone opens it. It returns
// how many it started.
func (gs *Games) Resume(ctx context.Context) (int, error) {
	ids, err := gs.cfg.Store.Active(ctx)
	if err != nil {
		return 0, fmt.Errorf("resume games: %w", err)
	}
	resumed := 0
	for _, id := range ids {
		g, err := gs.cfg.Load(ctx, id)
		if err != nil {
			gs.cfg.Log.Error("cannot resume game", "game", id, "err", err)
			continue
		}
		if err := gs.Claim(ctx, id); err != nil {
			continue // another node runs it
		}
		if !g.Active() { // stored before the flag existed, or flagged in error
			if err := gs.cfg.Store.MarkIdle(ctx, id, g.Version()); err != nil {
				gs.cfg.Log.Error("cannot mark game idle", "game", id, "err", err)
			}
			continue
		}
		gs.Start(g, "")
		resumed++
	}
	return resumed, nil
}

// Close waits for the hubs to stop, then gives up their leases: saved as
// they stopped, another node may take them at once. The caller ends
// Config.Ctx first (that stops the hubs), or Close waits for ever.
func (gs *Games) Close() {
	gs.wg.Wait()
	for _, id := range gs.ids() {
		gs.Disown(id)
	}
}

// ids returns the ids of the games with a hub here.
func (gs *Games) ids() []string {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	ids := make([]string, 0, len(gs.hubs))
	for id := range gs.hubs {
		ids = append(ids, id)
	}
	return ids
}
