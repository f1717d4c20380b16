package swiss

import (
	"log/slog"
	"sync"
	"time"

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

// NoteFinished takes a tournament game's result, just recorded on this
// node (the arenas' NoteSaved records every tournament's, the two kinds
// sharing the pairings' table): a Swiss game's wakes the director, for
// the next round, and its event's live room.
func (s *Service) NoteFinished(p store.TournamentPairing) {
	if s == nil || p.Round == 0 { // an arena's
		return
	}
	s.poke()
	s.live.Poke(p.Tournament)
}
