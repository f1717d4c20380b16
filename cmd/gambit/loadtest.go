package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/gambitchess/gambit/loadtest"
)

// loadtestFlags are the flags of gambit loadtest, as typed.
type loadtestFlags struct {
	addrs, metrics, think, sources string
	cpuProfile                     string
	games, spectators              int
	arena, resignAfter             int
	duration, ramp                 time.Duration
	seed                           uint64
	json, verify                   bool
	outage                         time.Duration
}

// newLoadtestCmd returns "gambit loadtest": many online games against
// servers on this machine, and what they measured.
func newLoadtestCmd() *cobra.Command {
	var f loadtestFlags
	cmd := &cobra.Command{
		Use:   "loadtest --addr URL[,URL...] --games N --duration D",
		Short: "Play many online games against Gambit servers on this machine and measure them",
		Long: "loadtest plays --games online games at once against the servers at --addr (loopback only),\n" +
			"each player a WebSocket client moving at random after a think time in --think, with --spectators\n" +
			"watching each game; a finished game is replaced until --duration is over. It reports the games and\n" +
			"sockets held, moves per second, the move relay latency (one player's send to the other's receipt),\n" +
			"errors and reconnections (and the time a dropped socket was without its game: it dials its server\n" +
			"again, then the others), with --metrics the servers' memory per game and CPU, and with --verify\n" +
			"(the default) whether every move the servers published is in the stored games at the end.\n\n" +
			"With --arena N it plays one arena instead: N accounts signed up for the run join an arena made at once,\n" +
			"follow its page's socket, and play each game the server pairs them in (--resign-after bounds a game).\n\n" +
			"Connections come from the --sources addresses in turn. A big run needs the server's limits raised,\n" +
			"e.g. gambit serve --max-conns-per-addr 4096 --create-per-minute 100000 --max-conns 50000\n" +
			"(and an open-file limit above --max-conns, for the server and for loadtest: ulimit -n).",
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := f.config()
			if err != nil {
				return usageError{err}
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if f.cpuProfile != "" {
				end, err := startCPUProfile(f.cpuProfile)
				if err != nil {
					return err
				}
				defer end()
			}
			rep, err := loadtest.Run(ctx, cfg) // Ctrl-C ends the run early, with its report
			if err != nil {
				return err
			}
			if f.json {
				return rep.WriteJSON(cmd.OutOrStdout())
			}
			return rep.WriteText(cmd.OutOrStdout())
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.addrs, "addr", "http://127.0.0.1:8080", "comma-separated base URLs of the servers (loopback only); games go to them in turn")
	fl.IntVar(&f.games, "games", 100, fmt.Sprintf("games played at once (at most %d)", loadtest.MaxGames))
	fl.DurationVar(&f.duration, "duration", time.Minute, fmt.Sprintf("how long to play (at most %v)", loadtest.MaxDuration))
	fl.IntVar(&f.spectators, "spectators", 0, fmt.Sprintf("spectators per game (at most %d)", loadtest.MaxSpectators))
	fl.StringVar(&f.think, "think", "1s-3s", "a player's think time before each move, MIN-MAX, drawn uniformly")
	fl.StringVar(&f.metrics, "metrics", "", "comma-separated /metrics URLs of the servers (gambit serve --metrics-addr), for memory and CPU")
	fl.StringVar(&f.sources, "sources", "127.0.0.2-127.0.0.254", "local addresses to connect from, in turn: IPv4 addresses and ranges, comma-separated")
	fl.DurationVar(&f.ramp, "ramp", 0, "how long the games take to start, spread evenly (0: a fifth of --duration, at most 5 ms a game)")
	fl.Uint64Var(&f.seed, "seed", 1, "seeds the moves and think times")
	fl.BoolVar(&f.json, "json", false, "print the report as JSON")
	fl.BoolVar(&f.verify, "verify", true, "read every game back at the end and check that each move the servers published is stored")
	fl.DurationVar(&f.outage, "outage-max", 30*time.Second, "how long a dropped socket dials again (its server, then the others) before its game counts as lost")
	fl.StringVar(&f.cpuProfile, "cpuprofile", "", "write the load generator's own CPU profile to this file (go tool pprof), to tell its cost from the servers'")
	fl.IntVar(&f.arena, "arena", 0, fmt.Sprintf("play one arena of this many players instead of --games games (at most %d): accounts signed up for the run, paired by the server; the pairing time and the standings pushed are reported", loadtest.MaxArena))
	fl.IntVar(&f.resignAfter, "resign-after", 0, "the player to move resigns at this ply (0: never): games of a known length, e.g. for --arena")
	atLeast(cmd, 1, "games")
	atLeast(cmd, 0, "arena", "resign-after")
	atLeast(cmd, 0, "spectators", "ramp", "outage-max")
	return cmd
}

// config turns the flags into a checked loadtest.Config.
func (f loadtestFlags) config() (loadtest.Config, error) {
	cfg := loadtest.Config{Addrs: splitList(f.addrs), Games: f.games, Duration: f.duration, Spectators: f.spectators,
		Metrics: splitList(f.metrics), Ramp: f.ramp, Seed: f.seed, Verify: f.verify, OutageMax: f.outage,
		Arena: f.arena, ResignAfter: f.resignAfter}
	var err error
	if cfg.ThinkMin, cfg.ThinkMax, err = loadtest.ParseThink(f.think); err != nil {
		return cfg, trimPrefix(err)
	}
	if f.sources != "" {
		if cfg.Sources, err = loadtest.ParseSources(f.sources); err != nil {
			return cfg, trimPrefix(err)
		}
	}
	return cfg, trimPrefix(cfg.Validate())
}

// trimPrefix drops the package's "loadtest: " from err: the command line
// says it already.
func trimPrefix(err error) error {
	if err == nil {
		return nil
	}
	return errors.New(strings.TrimPrefix(err.Error(), "loadtest: "))
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// startCPUProfile profiles this process into path until the returned
// function is called.
func startCPUProfile(path string) (func(), error) {
	out, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("loadtest: --cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(out); err != nil {
		out.Close()
		return nil, fmt.Errorf("loadtest: --cpuprofile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); out.Close() }, nil
}
