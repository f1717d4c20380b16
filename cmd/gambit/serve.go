package main

import (
	"context"
	"fmt"
	"github.com/gambitchess/gambit/server/guards"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/gambitchess/gambit/chess/opening"
	"github.com/gambitchess/gambit/chess/polyglot"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/metrics"
	"github.com/gambitchess/gambit/server/reviews"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/web"
)

// newServeCmd returns "gambit serve": the web app for every registered
// variant, on one screen, against the computer and online, with games kept
// in a SQLite database.
func newServeCmd() *cobra.Command {
	var addr, data, db string
	var workers int
	var online onlineFlags
	var limits limitFlags
	var cl clusterFlags
	var ops opsFlags
	var engines engineFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Play in the browser: serve the web app (default command)",
		Long: "serve runs the Gambit web server: open the printed address in a browser to play\n" +
			variantList() + "\non one screen, against the computer or online (an invite link, the lobby,\nquick pairing). Games are stored in --data/gambit.db and\n" +
			"unfinished ones continue, clocks included, when the server starts again.",
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return serve(cmd, addr, storeFlags{data: data, db: db}, workers, online, limits, cl, ops, engines)
		},
	}
	cmd.Flags().StringVar(&addr, "addr", ":8080", "address to listen on")
	cmd.Flags().StringVar(&data, "data", "gambit-data", "directory of the game database (SQLite, unless --db says otherwise)")
	cmd.Flags().StringVar(&db, "db", "", "the game database: a PostgreSQL URL (postgres://user@host/db) shared by several nodes; empty: SQLite in --data")
	cmd.Flags().IntVar(&workers, "engine-workers", 1, "computer moves searched at once")
	atLeast(cmd, 1, "engine-workers")
	f := cmd.Flags()
	f.DurationVar(&online.claimAfter, "claim-after", 30*time.Second, "online: how long a player is away before the opponent may claim the win")
	f.DurationVar(&online.firstMoveTime, "first-move-time", time.Minute, "online: how long a side has for its first move before the game is aborted")
	f.IntVar(&online.createPerMinute, "create-per-minute", 30, "new games one address may create a minute")
	f.IntVar(&online.computerGames, "computer-games", 0, "live games against the computer in all (0: 64 per engine worker)")
	f.IntVar(&online.computerPerPlayer, "computer-games-per-player", 4, "live games against the computer one player (a browser, or an account) may have")
	f.IntVar(&online.computerPerAddr, "computer-games-per-addr", 16, "live games against the computer one address may have, everyone behind it together")
	f.StringVar(&online.book, "book", "", "a Polyglot opening book (.bin): the computer plays its moves in chess while the position is in it")
	f.BoolVar(&online.signup, "signup", true, "let anyone make an account (--signup=false: only existing accounts sign in)")
	f.BoolVar(&online.findPuzzles, "find-puzzles", true, "find training puzzles in the games as they finish, in the background (the computer's scheduler, at the review's budget)")
	f.StringArrayVar(&online.puzzles, "puzzles", nil, "a CSV file of puzzles (as gambit puzzles find writes) to add at start, beside the starter set; checked first (repeatable)")
	f.StringVar(&online.rpID, "rp-id", "", "passkeys: the site's domain they are made for (example.org; default: each request's host, or --rp-origin's)")
	f.StringVar(&online.rpOrigin, "rp-origin", "", "passkeys: the site's origin (https://example.org; default: each request's scheme and host)")
	atLeast(cmd, 1, "claim-after", "first-move-time", "create-per-minute", "computer-games-per-player", "computer-games-per-addr")
	atLeast(cmd, 0, "computer-games")
	limits.register(cmd)
	cl.register(cmd)
	ops.register(cmd)
	engines.register(cmd)
	return cmd
}

// engineFlags are the external UCI engines serve offers as opponents.
type engineFlags struct {
	specs    engineSpecs
	noDetect bool
	reviewer string // the registered engine that reviews games; "": Gambit's own
}

// register adds the engine flags to serve.
func (e *engineFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.Var(&e.specs, "engine", "register a UCI engine as an opponent, levels 1-8 in the new-game dialog: NAME=PATH[,option=value...]"+
		" (options sent with setoption; variants=chess+chess960+xiangqi limits what it plays); repeatable")
	f.BoolVar(&e.noDetect, "no-engine-detect", false,
		"do not look for Debian's stockfish and fairy-stockfish (in /usr/games or on PATH) to register them by themselves")
	f.StringVar(&e.reviewer, "review-engine", "",
		"review games with this registered engine (its NAME) in the variants it plays, Gambit's own engine in the others")
}

// reviews configures the games' reviews: with --review-engine, the
// registered engine of that name reviews the variants it plays.
func (e engineFlags) reviews(engines []*computer.Engine) (reviews.Config, error) {
	if e.reviewer == "" {
		return reviews.Config{}, nil
	}
	for _, en := range engines {
		if strings.EqualFold(en.Name(), e.reviewer) {
			return reviews.Config{Evaluator: en.Reviewer()}, nil
		}
	}
	return reviews.Config{}, fmt.Errorf("--review-engine %q: no engine of that name is registered", e.reviewer)
}

// open starts each engine once to read what it plays: one given with
// --engine that cannot be started is an error; a detected one is logged
// and left out. procs bounds each engine's processes.
func (e engineFlags) open(ctx context.Context, procs int, log *slog.Logger) ([]*computer.Engine, error) {
	specs := []computer.EngineSpec(e.specs)
	var names []string
	for _, s := range specs {
		names = append(names, s.Name)
	}
	detected := 0
	if !e.noDetect {
		found := computer.DetectEngines(names)
		detected = len(found)
		specs = append(specs, found...)
	}
	// Started side by side: each takes a second or more to shake hands.
	engines := make([]*computer.Engine, len(specs))
	errs := make([]error, len(specs))
	var wg sync.WaitGroup
	for i, s := range specs {
		wg.Go(func() { engines[i], errs[i] = computer.OpenEngine(ctx, s, procs) })
	}
	wg.Wait()
	var out []*computer.Engine
	for i, s := range specs {
		eng, err := engines[i], errs[i]
		if err != nil && i < len(specs)-detected {
			for _, o := range engines {
				if o != nil {
					o.Close()
				}
			}
			return nil, fmt.Errorf("serve: --engine %s: %w", s.Name, err)
		}
		if err != nil {
			log.Warn("engine found but not usable", "engine", s.Name, "path", s.Path, "err", err)
			continue
		}
		log.Info("engine registered", "engine", s.Name, "path", s.Path, "variants", eng.Variants())
		out = append(out, eng)
	}
	return out, nil
}

// engineSpecs is the repeatable --engine flag, each value parsed as it is set.
type engineSpecs []computer.EngineSpec

func (e *engineSpecs) String() string {
	parts := make([]string, len(*e))
	for i, s := range *e {
		parts[i] = s.String()
	}
	return strings.Join(parts, " ")
}

// Set parses one NAME=PATH[,option=value...].
func (e *engineSpecs) Set(v string) error {
	spec, err := computer.ParseEngineSpec(v)
	if err != nil {
		return err
	}
	for _, s := range *e {
		if strings.EqualFold(s.Name, spec.Name) {
			return fmt.Errorf("engine %s registered twice", spec.Name)
		}
	}
	*e = append(*e, spec)
	return nil
}

// Type names the flag's value in the help.
func (e *engineSpecs) Type() string { return "NAME=PATH[,opt=val]" }

// opsFlags are serve's settings for whoever runs it: the log's format and
// the metrics listener.
type opsFlags struct {
	logFormat   logFormat
	metricsAddr string
	pprof       bool
}

// register adds the operations flags to serve.
func (o *opsFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	o.logFormat = "text"
	f.Var(&o.logFormat, "log-format", "the log on stderr: text (key=value) or json")
	f.StringVar(&o.metricsAddr, "metrics-addr", "",
		"serve Prometheus metrics at /metrics on this address, a listener of its own (e.g. 127.0.0.1:9090; none by default)")
	f.BoolVar(&o.pprof, "pprof", false, "also serve Go's profiles at /debug/pprof/ on --metrics-addr")
}

// logger is the structured log the flags ask for, written to w.
func (o opsFlags) logger(w io.Writer) *slog.Logger {
	if o.logFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}

// logFormat is the --log-format flag: text or json, checked as it is set.
type logFormat string

func (l *logFormat) String() string { return string(*l) }

// Set accepts text or json.
func (l *logFormat) Set(s string) error {
	if s != "text" && s != "json" {
		return fmt.Errorf("want text or json, not %.20q", s)
	}
	*l = logFormat(s)
	return nil
}

// Type names the flag's value in the help.
func (l *logFormat) Type() string { return "text|json" }

// limitFlags are serve's limits against hostile or greedy clients (see
// docs/limits.md); zero means the server's default.
type limitFlags struct {
	maxConns, maxConnsPerAddr int
	challengePerMinute        int
	trustedProxies            proxyList
}

// register adds the limit flags to serve.
func (l *limitFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.IntVar(&l.maxConns, "max-conns", 0,
		"connections open at once, in all (0: three quarters of the open-file limit)")
	f.IntVar(&l.maxConnsPerAddr, "max-conns-per-addr", 256,
		"connections open at once from one client address (raise it for gambit loadtest or a proxy you do not list in --trusted-proxy)")
	f.IntVar(&l.challengePerMinute, "challenge-per-minute", 10, "lobby challenges and quick pairings one address may open a minute")
	f.Var(&l.trustedProxies, "trusted-proxy",
		"comma-separated IPs and CIDRs of reverse proxies whose X-Forwarded-For names the client (none by default)")
	atLeast(cmd, 0, "max-conns")
	atLeast(cmd, 1, "max-conns-per-addr", "challenge-per-minute")
}

// proxyList is the --trusted-proxy flag: parsed as it is set, so a typo is a
// bad command line.
type proxyList struct {
	text     string
	prefixes []netip.Prefix
}

func (p *proxyList) String() string { return p.text }

// Set parses a comma-separated list of IPs and CIDRs.
func (p *proxyList) Set(s string) error {
	prefixes, err := guards.ParseTrustedProxies(s)
	if err != nil {
		return err
	}
	p.text, p.prefixes = s, prefixes
	return nil
}

// Type names the flag's value in the help.
func (p *proxyList) Type() string { return "ips" }

// onlineFlags are serve's settings for online play.
type onlineFlags struct {
	claimAfter, firstMoveTime time.Duration
	createPerMinute           int
	computerGames             int // 0: the server's default
	computerPerPlayer         int
	computerPerAddr           int
	book                      string // a Polyglot book for the computer in chess, and GET /api/book; "": none
	signup                    bool
	rpID, rpOrigin            string   // the passkeys' relying party; "": each request's host
	findPuzzles               bool     // find puzzles in the games as they finish
	puzzles                   []string // CSV files of puzzles to add at start, beside the starter set
}

// storeFlags say where serve keeps its games.
type storeFlags struct{ data, db string }

// open opens the store: PostgreSQL when --db names one, else SQLite in
// the data directory.
func (f storeFlags) open(ctx context.Context) (store.Log, error) {
	if f.db != "" {
		if !strings.HasPrefix(f.db, "postgres://") && !strings.HasPrefix(f.db, "postgresql://") {
			return nil, usageError{fmt.Errorf("--db: want a postgres:// URL, not %.40q", f.db)}
		}
		return store.OpenPostgres(ctx, f.db)
	}
	if err := os.MkdirAll(f.data, 0o755); err != nil {
		return nil, fmt.Errorf("serve: data directory: %w", err)
	}
	return store.OpenSQLite(ctx, filepath.Join(f.data, "gambit.db"))
}

func serve(cmd *cobra.Command, addr string, where storeFlags, workers int, online onlineFlags, limits limitFlags, cl clusterFlags, ops opsFlags, ef engineFlags) error {
	if ops.pprof && ops.metricsAddr == "" {
		return usageError{fmt.Errorf("--pprof needs --metrics-addr")}
	}
	if err := opening.Load(); err != nil { // the opening names, built now rather than on a first request
		return err
	}
	var book *polyglot.Book
	if online.book != "" {
		var err error
		if book, err = polyglot.Open(online.book); err != nil {
			return fmt.Errorf("--book: %w", err)
		}
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := where.open(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	nd, err := cl.join(st)
	if err != nil {
		return err
	}
	defer nd.close()
	log := ops.logger(cmd.ErrOrStderr())
	engines, err := ef.open(ctx, workers, log)
	if err != nil {
		return err
	}
	rc, err := ef.reviews(engines)
	if err != nil {
		return err
	}
	extra, err := checkPuzzles(online.puzzles, true)
	if err != nil {
		return fmt.Errorf("--puzzles: %w", err)
	}
	series := metrics.New()
	srv := server.New(server.Config{FindPuzzles: online.findPuzzles, Puzzles: extra, Book: book, Store: st, Engines: engines, Review: rc, Bus: nd.bus, Leases: nd.leases, Workers: workers, Assets: web.FS(), Logger: log, Metrics: series, CreatePerMinute: online.createPerMinute,
		ComputerGames: online.computerGames, ComputerGamesPerPlayer: online.computerPerPlayer, ComputerGamesPerClient: online.computerPerAddr, ChallengePerMinute: limits.challengePerMinute, NoSignup: !online.signup,
		RPID: online.rpID, RPOrigin: online.rpOrigin, Hub: round.Settings{ClaimAfter: online.claimAfter, FirstMoveTime: online.firstMoveTime}, Conn: guards.ConnLimits{MaxConns: limits.maxConns, MaxConnsPerAddr: limits.maxConnsPerAddr, TrustedProxies: limits.trustedProxies.prefixes}})
	if ops.metricsAddr != "" {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		metricsDone := make(chan struct{})
		go func() {
			defer close(metricsDone)
			err := server.RunMetrics(ctx, ops.metricsAddr, series, ops.pprof, func(a net.Addr) {
				log.Info("metrics", "url", "http://"+displayAddr(a)+"/metrics", "pprof", ops.pprof)
			})
			if err != nil { // the game server goes on: metrics are not worth an outage
				log.Error("metrics listener", "err", err)
			}
		}()
		defer func() {
			cancel()
			<-metricsDone
		}()
	}
	return srv.Run(ctx, addr, func(a net.Addr) {
		fmt.Fprintf(cmd.OutOrStdout(), "Gambit is serving on http://%s\n", displayAddr(a))
	})
}

// displayAddr turns a listening address into one a browser can open.
func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

// variantList names the registered variants as people write them:
// "Chess, Chess960, … or Xiangqi".
func variantList() string {
	var labels []string
	for _, v := range game.Variants() {
		if spec, err := game.Lookup(v); err == nil {
			labels = append(labels, spec.Label)
		}
	}
	if len(labels) < 2 {
		return strings.Join(labels, "")
	}
	return strings.Join(labels[:len(labels)-1], ", ") + " or " + labels[len(labels)-1]
}
