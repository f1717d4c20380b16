package tournaments

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/tourney"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament"
)

// Server is what the arenas need of the server (tourney.Server).
type Server = tourney.Server

// Config is what a Service is made of.
type Config struct {
	Store  store.Tournaments
	Server Server
	Node   string           // this node's name: the director's lease holder
	Now    func() time.Time // nil: time.Now
	Log    *slog.Logger     // nil: slog.Default()
	// Tick is how often the director looks at the arenas (0: 500 ms); a
	// game's end wakes it at once on its own node.
	Tick time.Duration
	// Lease is how long a director's lease lasts unrenewed (0: 5 s): the
	// time another node waits before it takes over a dead one's arenas.
	Lease time.Duration
	// CacheFor is how long an arena read from the store serves again on
	// this node (0: 250 ms): what another node changes is seen within it.
	// A node alone, which sees every change, may keep it longer.
	CacheFor time.Duration
}

// Service is the arenas of one node: their API, their live sockets and
// their director. It is safe for concurrent use.
type Service struct {
	cfg  Config
	st   store.Tournaments
	srv  Server
	now  func() time.Time
	log  *slog.Logger
	lim  *tourney.Limits // each account's creations and joins
	wake chan struct{}   // a game ended or someone came: pair now
	live *tourney.Rooms

	mu       sync.Mutex
	cache    map[string]cachedArena // by tournament id (loadArena)
	reads    map[string][]*inflight // the readings from the store under way, by tournament id
	lookedAt map[string]time.Time   // when the director last looked for missed results, by tournament id
}

// New returns the arenas of cfg; Run directs them.
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
	if cfg.CacheFor <= 0 {
		cfg.CacheFor = 250 * time.Millisecond
	}
	if cfg.Node == "" {
		cfg.Node = "local"
	}
	s := &Service{cfg: cfg, st: cfg.Store, srv: cfg.Server, now: cfg.Now, log: cfg.Log, lim: tourney.NewLimits(cfg.Now), wake: make(chan struct{}, 1), cache: map[string]cachedArena{}, reads: map[string][]*inflight{}, lookedAt: map[string]time.Time{}}
	s.live = tourney.NewRooms(s.reading)
	return s
}

// poke wakes the director and arena id's live room ("": every arena's)
// now, after a change on this node: the arena is read again.
func (s *Service) poke(id string) {
	s.forget(id)
	s.wakeUp(id)
}

// wakeUp wakes the director and arena id's live room ("": every arena's)
// after a change this node made to its reading too (update).
func (s *Service) wakeUp(id string) {
	select {
	case s.wake <- struct{}{}:
	default:
	}
	s.live.Poke(id)
}

// NoteSaved records what g's events, just saved, mean for a tournament
// game: a player who went berserk (the standings read the flag), and the
// result of a game they ended (the server calls it after every append),
// of any tournament: it returns the result when it recorded it (ok), for
// a Swiss event's service to hear of its own.
func (s *Service) NoteSaved(g *game.Game, evs []game.Event) (result store.TournamentPairing, ok bool) {
	if s == nil {
		return result, false
	}
	s.noteBerserk(g, evs)
	if !g.Status().Finished() || !game.EndedBy(evs) {
		return result, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ended := g.UpdatedAt() // when the game ended, not when this ran
	if ended.IsZero() {
		ended = s.now()
	}
	end := store.TournamentPairing{Outcome: int(outcomeOf(g)), Plies: g.Ply(), Ended: ended}
	p, ok, err := s.st.FinishPairing(ctx, g.ID(), end)
	if err != nil {
		s.log.Error("tournament game's result not recorded", "game", g.ID(), "err", err)
		return p, false
	}
	if !ok {
		return p, false
	}
	if s.pauseAbsent(ctx, p, g) {
		s.poke(p.Tournament)
		return p, true
	}
	s.updateGame(p.Game, true, func(q *store.TournamentPairing) { *q = p })
	s.wakeUp(p.Tournament)
	return p, true
}

// pauseAbsent pauses, in p's tournament, the player of game g who never
// made their first move (it ended by game.StartLapsed: lost, or aborted
// in a game from before tournaments' games were mandatory): lichess takes
// such a player out of the pairings, so that the next opponent does not
// wait for them too. They come back by joining again. It reports whether
// it did (or tried to).
func (s *Service) pauseAbsent(ctx context.Context, p store.TournamentPairing, g *game.Game) bool {
	noStart := g.Outcome().Termination == "no start"
	if !noStart && (p.Outcome != int(tournament.Void) || g.Ply() > 1) {
		return false
	}
	absent := [2]string{p.White, p.Black}[g.Turn()] // the side to move when it ended
	if err := s.st.SetPlayerState(ctx, p.Tournament, absent, store.PlayerPaused, s.now()); err != nil {
		s.log.Error("absent tournament player not paused", "tournament", p.Tournament, "player", absent, "err", err)
	}
	return true
}

// noteBerserk marks berserk, in the store's pairing, each side that evs
// say went berserk. Only an arena's games are berserkable: any other game
// has no such event, and costs nothing here.
func (s *Service) noteBerserk(g *game.Game, evs []game.Event) {
	for _, e := range evs {
		if e.Type != game.EventBerserk {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := s.st.SetBerserk(ctx, g.ID(), int(e.Color))
		cancel()
		switch {
		case err == nil: // the live standings show who went berserk
			s.updateGame(g.ID(), false, func(q *store.TournamentPairing) { q.Berserk[e.Color&1] = true })
			s.wakeUp("")
		case !errors.Is(err, store.ErrNoTournament):
			s.log.Error("tournament game's berserk not recorded", "game", g.ID(), "side", game.ColorName(e.Color), "err", err)
		}
	}
}

// lastOf is the index of game id in ps, looked for from the end (where
// the games of now are), or -1.
func lastOf(ps []store.TournamentPairing, id string) int {
	for i := len(ps) - 1; i >= 0; i-- {
		if ps[i].Game == id {
			return i
		}
	}
	return -1
}
