package swiss

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/tourney"
	"github.com/gambitchess/gambit/store"
)

// Kind is a Swiss event's store.Tournament Kind.
const Kind = "swiss"

// Server is what the Swiss events need of the server (tourney.Server).
type Server = tourney.Server

// Config is what a Service is made of.
type Config struct {
	Store  store.Swiss
	Server Server
	Node   string           // this node's name: the director's lease holder
	Now    func() time.Time // nil: time.Now
	Log    *slog.Logger     // nil: slog.Default()
	// Tick is how often the director looks at the events (0: 500 ms); a
	// game's end wakes it at once on its own node.
	Tick time.Duration
	// Lease is how long a director's lease lasts unrenewed (0: 5 s): the
	// time another node waits before it takes over a dead one's events.
	Lease time.Duration
}

// Service is the Swiss events of one node: their API and their director.
// It is safe for concurrent use.
type Service struct {
	cfg  Config
	st   store.Swiss
	srv  Server
	now  func() time.Time
	log  *slog.Logger
	lim  *tourney.Limits // each account's creations and joins
	wake chan struct{}   // a game ended or someone came: look now
	live *tourney.Rooms  // the live pages' sockets on this node

	mu        sync.Mutex
	directing map[string]bool // the events this node directed at its last look
}

// New returns the Swiss events of cfg; Run directs them.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Tick <= 0 {
		cfg.Tick = 500 * time.Millisecond
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 5 * time.Second
	}
	if cfg.Node == "" {
		cfg.Node = "local"
	}
	s := &Service{cfg: cfg, st: cfg.Store, srv: cfg.Server, now: cfg.Now, log: cfg.Log, lim: tourney.NewLimits(cfg.Now), wake: make(chan struct{}, 1), directing: map[string]bool{}}
	s.live = tourney.NewRooms(s.reading)
	return s
}

// poke wakes the director now.
func (s *Service) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// NoteSaved records the result of a Swiss game that g's events have just
// ended (the server calls it after every append). The arenas' NoteSaved
// may have recorded it first (the two share the pairings' table): the
// result counts once either way, and the director is woken.
func (s *Service) NoteSaved(g *game.Game, evs []game.Event) {
	if s == nil || !g.Status().Finished() || !game.EndedBy(evs) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	end := store.TournamentPairing{Outcome: int(outcomeOf(g)), Plies: g.Ply(), Ended: s.now()}
	if _, _, err := s.st.FinishPairing(ctx, g.ID(), end); err != nil {
		s.log.Error("swiss game's result not recorded", "game", g.ID(), "err", err)
		return
	}
	s.poke()
	s.live.Poke("") // the game's event is not known here; its room, if any, is on this node
}
