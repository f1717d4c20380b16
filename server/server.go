package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/gambitchess/gambit/chess/opening"
	"github.com/gambitchess/gambit/chess/polyglot"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/puzzle"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/games"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/lobby"
	"github.com/gambitchess/gambit/server/media"
	"github.com/gambitchess/gambit/server/metrics"
	"github.com/gambitchess/gambit/server/node"
	"github.com/gambitchess/gambit/server/player"
	"github.com/gambitchess/gambit/server/puzzles"
	"github.com/gambitchess/gambit/server/reviews"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/sched"
	"github.com/gambitchess/gambit/server/swiss"
	"github.com/gambitchess/gambit/server/tournaments"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Config holds a Server's dependencies.
type Config struct {
	Store store.Log
	// Bot plays the computer seats at the built-in levels; nil means the
	// engine (EngineBot).
	Bot computer.Bot
	// Book, when set, is a Polyglot opening book: the computer plays its
	// moves in chess while the position is in it (computer.BookBot), and
	// GET /api/book lists them.
	Book *polyglot.Book
	// Engines are the external UCI engines registered as opponents (see
	// computer.OpenEngine): each adds levels 1 to 8 in the variants it
	// plays. The server kills their processes when it closes.
	Engines []*computer.Engine
	// Workers is how many computer moves are searched at once (1 when
	// zero): bounded, so the engine never takes every core. The workers
	// serve the clients waiting for a move in turn (see package sched).
	Workers int
	// ThinkSlice is how long a computer move may think, whatever its level,
	// while another game waits for the computer (150 ms when zero).
	ThinkSlice time.Duration
	// ComputerGames bounds the live games against the computer (64 per
	// worker when zero), ComputerGamesPerPlayer those of one player (a
	// browser, or an account while signed in; 4 when zero) and
	// ComputerGamesPerClient those of one address, everyone behind it
	// together (16 when zero: four players' shares, for the people who
	// share a network, while a client that mints a player per request
	// still takes no more than a quarter of one worker's places); a new
	// one beyond any is refused.
	ComputerGames, ComputerGamesPerPlayer, ComputerGamesPerClient int
	// Assets is the web UI (index.html at its root); nil serves the API only.
	Assets fs.FS
	Now    func() time.Time
	Logger *slog.Logger
	// MinClock is the shortest time control a game may have: 15 seconds
	// (as on lichess) when zero. Shorter is a typo, and a tiny value must
	// never read as no clock.
	MinClock time.Duration
	// Hub are the timings of every game's hub (round.Settings: claims,
	// first moves, presence, syncs, idle hubs and computer games), the
	// default of each left zero.
	Hub round.Settings
	// CreatePerMinute is how many games one address may create a minute,
	// in a burst or spread out (30 when zero).
	CreatePerMinute int
	// Bus and Leases make this server one node of several on one
	// PostgreSQL database (see cluster.go): the nodes relay their clients
	// to each game's owner, the node holding its lease. Both nil: one node
	// on its own, owning every game.
	Bus    node.Bus
	Leases store.Leases
	// ExpireEvery is how often the games no one will come back to are
	// looked for and ended (hourly when zero; see game.Expired).
	ExpireEvery time.Duration

	// Conn are the bounds on connections against hostile clients
	// (guards.ConnLimits: timeouts, pings, connection caps, trusted
	// proxies), the default of each left zero.
	Conn guards.ConnLimits
	// ChallengePerMinute is how many lobby challenges and quick pairings
	// one address may open a minute (10).
	ChallengePerMinute int
	// Review configures the game reviews (package reviews): the engine,
	// its budget, the opening book, the limits. Its Store and Sched are
	// the server's own (the store's Reviews when it keeps them).
	Review reviews.Config
	// NoSignup closes sign-up (POST /api/signup answers signup_closed);
	// existing accounts still sign in.
	NoSignup bool
	// RPID and RPOrigin are the passkeys' relying party (see
	// account.Config); each request's host when empty.
	RPID, RPOrigin string
	// PasswordParams are the password hashes' costs (account.DefaultParams
	// when zero: tests give cheap ones), and CredentialCheckEvery how often
	// the sessions and tokens that open connections hold are checked
	// (account.DefaultCheckEvery when zero).
	PasswordParams       account.Params
	CredentialCheckEvery time.Duration
	// FindPuzzles finds puzzles in the games as they finish, in the
	// background, at the review's budget in the computer's scheduler
	// (puzzles.Finder), when the store keeps puzzles. gambit serve does;
	// tests leave the scheduler to their games.
	FindPuzzles bool
	// PuzzleBudget is the finder's search (zero: puzzles.FinderConfig's
	// default, the review's budget).
	PuzzleBudget puzzle.Budget
	// Puzzles are added to the store at start, beside the starter set
	// (gambit serve --puzzles).
	Puzzles []puzzle.Puzzle
	// Metrics receives the server's Prometheus series; nil keeps them
	// unread (a new Metrics no one serves). Serve them with RunMetrics on
	// a listener of their own, not on the public one.
	Metrics *metrics.Metrics
}

// Server serves the API, the WebSockets and the UI. It holds no global
// state: everything lives in its fields.
type Server struct {
	store    store.Log
	bot      *computer.Roster // the built-in bot and the external engines
	book     *polyglot.Book   // GET /api/book's; nil: none
	bus      node.Bus         // the other nodes (nil: none)
	leases   store.Leases     // which node owns which game (nil: this one, all)
	sched    *sched.Scheduler // the computer's thinking, shared fairly
	computer *computer.Games  // live games against the computer, counted
	timings  round.Settings   // every hub's timings (Config.Hub, defaults applied)
	assets   fs.FS
	now      func() time.Time
	log      *slog.Logger
	metrics  *metrics.Metrics

	expireEvery time.Duration
	creations   *guards.Limiter // game creation per address
	lobby       *lobby.Lobby

	players  *player.Cookies  // issues and checks player cookies (package player)
	accounts *account.Service // sign-up, sign-in, sessions; nil when the store keeps no accounts (accounts.go)

	lichess *lichess.API   // the API for programs, lichess's (lichessapi.go)
	games   *games.Handler // Gambit's own API of games (gamesapi.go)

	conn  guards.ConnLimits // timeouts, pings, connection caps, trusted proxies (Config.Conn, defaults applied)
	rates addressLimits     // per-address buckets besides creations (ratelimit.go)

	media   *media.Files     // the game's page, images and viewer page (package media)
	reviews *reviews.Reviews // the games' reviews, run in the computer's scheduler (package reviews)
	finder  *puzzles.Finder  // puzzles found in the games as they finish; nil: none (Config.FindPuzzles)
	// tournaments are the arenas: their API, live sockets and director;
	// nil when the store keeps no tournaments (tournamentsapi.go).
	tournaments *tournaments.Service
	// swiss are the Swiss events: their API and director; nil as
	// tournaments (swissapi.go).
	swiss   *swiss.Service
	puzzles []puzzle.Puzzle // added at start beside the starter set (Config.Puzzles)

	ctx    context.Context // ends when the server stops; hubs run under it
	cancel context.CancelFunc
	mu     sync.Mutex
	hubs   map[string]*round.Hub
	// loading holds a channel per game being loaded, closed when its hub
	// is installed (or the load failed).
	loading map[string]chan struct{}
	wg      sync.WaitGroup
}

// New returns a Server; call Start (or Run) before serving.
func New(cfg Config) *Server {
	if cfg.Bot == nil {
		cfg.Bot = computer.NewEngineBot(uint64(time.Now().UnixNano()))
	}
	if cfg.Book != nil {
		cfg.Bot = computer.BookBot{Book: cfg.Book, Next: cfg.Bot}
	}
	// The opening names are built once, on first use (about 0.1 s): start
	// now, so the first games' messages do not wait for them.
	go opening.Load()
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.ComputerGames <= 0 {
		cfg.ComputerGames = 64 * cfg.Workers
	}
	if cfg.ComputerGamesPerPlayer <= 0 {
		cfg.ComputerGamesPerPlayer = 4
	}
	if cfg.ComputerGamesPerClient <= 0 {
		cfg.ComputerGamesPerClient = 16
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MinClock <= 0 {
		cfg.MinClock = 15 * time.Second
	}
	if cfg.ExpireEvery <= 0 {
		cfg.ExpireEvery = time.Hour
	}
	if cfg.CreatePerMinute <= 0 {
		cfg.CreatePerMinute = 30
	}
	if cfg.ThinkSlice <= 0 {
		cfg.ThinkSlice = sched.DefaultSlice
	}
	if cfg.Metrics == nil {
		cfg.Metrics = metrics.New()
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{book: cfg.Book, store: cfg.Store, bot: computer.NewRoster(cfg.Bot, cfg.Engines...), bus: cfg.Bus, leases: cfg.Leases, sched: sched.New(sched.Config{Workers: cfg.Workers, Slice: cfg.ThinkSlice, Queued: cfg.Metrics.BotWaiting}),
		computer: computer.NewGames(cfg.ComputerGamesPerPlayer, cfg.ComputerGamesPerClient, cfg.ComputerGames), timings: cfg.Hub.WithDefaults(), assets: cfg.Assets,
		now: cfg.Now, log: cfg.Logger, metrics: cfg.Metrics, expireEvery: cfg.ExpireEvery,
		creations: guards.NewLimiter(cfg.CreatePerMinute, cfg.CreatePerMinute, cfg.Now), lobby: lobby.New(), ctx: ctx, cancel: cancel, hubs: map[string]*round.Hub{},
		loading: map[string]chan struct{}{},
		players: player.New(cfg.Store, cfg.Logger),
		conn:    cfg.Conn.WithDefaults(), rates: newAddressLimits(cfg)}
	rc := cfg.Review
	rc.Store, _ = cfg.Store.(store.Reviews) // nil: kept in memory
	rc.Sched = s.sched
	if rc.Book == nil {
		rc.Book = review.OpeningBook // lichess's openings are not judged
	}
	if rc.Logger == nil {
		rc.Logger = cfg.Logger
	}
	s.reviews = reviews.New(rc)
	s.puzzles = cfg.Puzzles
	if ps, ok := cfg.Store.(store.Puzzles); ok && cfg.FindPuzzles {
		s.finder = puzzles.NewFinder(puzzles.FinderConfig{Store: ps, Sched: s.sched, Budget: cfg.PuzzleBudget, Logger: cfg.Logger})
	}
	s.media = s.newMedia(0)
	s.lichess = s.newLichess()
	s.games = s.newGames(cfg.MinClock)
	s.accounts = s.accountService(cfg)
	s.tournaments, s.swiss = s.newTournaments()
	return s
}

// newMedia returns the game files of s, keeping cacheBytes of drawings
// (0: the default, negative: none).
func (s *Server) newMedia(cacheBytes int) *media.Files {
	return media.New(media.Config{Read: s.read, Asker: playerOf, Sight: (*game.Game).ViewerOf, Error: s.httpError,
		Assets: s.assets, Done: s.ctx.Done(), CacheBytes: cacheBytes, EvalGraph: s.reviews.EvalGraph, BotName: localBotName})
}

// Start resumes the games that run by themselves (a clock runs, or the
// computer is to move: store.Summary.Active); every other game waits in
// the store until someone opens it. It also starts the hourly sweep that
// ends the games no one will come back to (see expireStale).
func (s *Server) Start(ctx context.Context) error {
	ids, err := s.store.Active(ctx)
	if err != nil {
		return fmt.Errorf("server: resume games: %w", err)
	}
	resumed := 0
	for _, id := range ids {
		g, err := s.loadGame(ctx, id)
		if err != nil {
			s.log.Error("cannot resume game", "game", id, "err", err)
			continue
		}
		if err := s.claim(ctx, id); err != nil {
			continue // another node runs it
		}
		if !g.Active() { // stored before the flag existed, or flagged in error
			if err := s.store.MarkIdle(ctx, id, g.Version()); err != nil {
				s.log.Error("cannot mark game idle", "game", id, "err", err)
			}
			continue
		}
		s.startHub(g, "")
		resumed++
	}
	if resumed > 0 {
		s.log.Info("resumed active games", "count", resumed)
	}
	s.addPuzzles(ctx)
	if s.tournaments != nil { // the arenas' and the Swiss events' directors
		for _, direct := range []func(context.Context){s.tournaments.Run, s.swiss.Run} {
			s.wg.Go(func() { direct(s.ctx) })
		}
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.sweepStale(s.ctx)
	}()
	return s.startCluster()
}

// Close stops every hub and the bot pool.
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
	s.lichess.Wait()  // its event work, cut short by the end of s.ctx
	s.reviews.Close() // before the scheduler its positions wait in
	s.finder.Close()  // likewise
	s.sched.Close()
	s.bot.Close()
	s.media.Close()
	for _, id := range s.liveIDs() { // saved as they stopped: another node may take them at once
		s.disown(id)
	}
}

// Run serves on addr until ctx ends, then shuts down gracefully.
func (s *Server) Run(ctx context.Context, addr string, ready func(net.Addr)) error {
	if err := s.Start(ctx); err != nil {
		return err
	}
	defer s.Close()
	ln, err := s.listen(addr) // capped connections (conn.go)
	if err != nil {
		return err
	}
	hs := s.httpServer() // every timeout set (conn.go)
	if ready != nil {
		ready(ln.Addr())
	}
	// s.cancel ends the WebSockets, so that Shutdown need not wait for them.
	return serveUntil(ctx, hs, ln, 5*time.Second, s.cancel, "server")
}

// serveUntil serves hs on ln until ctx ends (or serving fails), then runs
// stopping (if not nil) and shuts hs down within grace; what names the
// server in errors.
func serveUntil(ctx context.Context, hs *http.Server, ln net.Listener, grace time.Duration, stopping func(), what string) error {
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("%s: %w", what, err)
	case <-ctx.Done():
	}
	if stopping != nil {
		stopping()
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s: shutdown: %w", what, err)
	}
	return nil
}

// hub returns the live hub of game id, loading the game from the store
// when it is not live yet. One load runs per game at a time and the others
// wait for it, so a slow load can never install a hub older than one that
// has meanwhile saved and retired.
func (s *Server) hub(ctx context.Context, id string) (*round.Hub, error) {
	for {
		s.mu.Lock()
		if h, ok := s.hubs[id]; ok {
			s.mu.Unlock()
			return h, nil
		}
		if wait, ok := s.loading[id]; ok {
			s.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return nil, wire.ErrShuttingDown
			}
		}
		done := make(chan struct{})
		s.loading[id] = done
		s.mu.Unlock()

		g, err := s.claimAndLoad(ctx, id)
		s.mu.Lock()
		delete(s.loading, id)
		close(done)
		var h *round.Hub
		if err == nil {
			h = s.startHubLocked(g, "")
		}
		s.mu.Unlock()
		return h, err
	}
}

// withHub runs f with the live hub of game id. When that hub retires
// before taking f's command (round.ErrRetired), the game is loaded again.
func (s *Server) withHub(ctx context.Context, id string, f func(h *round.Hub) error) error {
	if !validID(id) {
		return fmt.Errorf("%w: no such game", store.ErrNotFound) // and never echo what was sent
	}
	for range 5 {
		h, err := s.hub(ctx, id)
		if err != nil {
			return err
		}
		if err := f(h); !errors.Is(err, round.ErrRetired) {
			return err
		}
	}
	return wire.ErrBusy
}

// retire removes h from the live hubs; it reports false when h is no
// longer the registered hub of its game.
func (s *Server) retire(h *round.Hub) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hubs[h.ID()] != h {
		return false
	}
	delete(s.hubs, h.ID())
	s.lobby.Drop(h.ID())
	s.computer.Release(h.ID())
	return true
}

// startHub runs a hub for g, or returns the one already running for its ID.
// client is the address of the person who made the game ("" for a game
// loaded from the store).
func (s *Server) startHub(g *game.Game, client string) *round.Hub {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.startHubLocked(g, client)
}

// startHubLocked is startHub with s.mu held.
func (s *Server) startHubLocked(g *game.Game, client string) *round.Hub {
	if h, ok := s.hubs[g.ID()]; ok {
		return h
	}
	if round.AgainstComputer(g) {
		s.computer.Add(g, client)
	}
	h := round.New(s.hubEnv(), g, client)
	s.hubs[g.ID()] = h
	s.wg.Add(1)
	s.metrics.GamesLive.Inc()
	go func() {
		defer s.wg.Done()
		defer s.metrics.GamesLive.Dec()
		h.Run(s.ctx)
	}()
	return h
}

// claimAndLoad takes game id's lease (with several nodes) and loads it.
func (s *Server) claimAndLoad(ctx context.Context, id string) (*game.Game, error) {
	if err := s.claim(ctx, id); err != nil {
		return nil, err
	}
	return s.loadGame(ctx, id)
}
