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
	"github.com/gambitchess/gambit/server/live"
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

	live *live.Games // the games running here, each in its hub (package live)

	ctx    context.Context // ends when the server stops; hubs run under it
	cancel context.CancelFunc
	wg     sync.WaitGroup // the server's own goroutines (the hubs are live's)
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
		creations: guards.NewLimiter(cfg.CreatePerMinute, cfg.CreatePerMinute, cfg.Now), lobby: lobby.New(), ctx: ctx, cancel: cancel,
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
	s.live = s.newLive()
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

// Start resumes the games that run by themselves (live.Games.Resume),
// the tournaments' directors, the hourly sweep that ends the games no one
// will come back to (live.Games.SweepStale) and, with several nodes, the
// cluster's work (cluster.go).
func (s *Server) Start(ctx context.Context) error {
	resumed, err := s.live.Resume(ctx)
	if err != nil {
		return fmt.Errorf("server: %w", err)
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
	s.wg.Go(func() { s.live.SweepStale(s.ctx, s.expireEvery) })
	return s.startCluster()
}

// Close stops every hub and the bot pool.
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
	s.live.Close()    // the hubs stopped, saved, and their leases given up
	s.lichess.Wait()  // its event work, cut short by the end of s.ctx
	s.reviews.Close() // before the scheduler its positions wait in
	s.finder.Close()  // likewise
	s.sched.Close()
	s.bot.Close()
	s.media.Close()
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
