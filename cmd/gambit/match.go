package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gambitchess/gambit/internal/elo"
	"github.com/gambitchess/gambit/match"
	"github.com/gambitchess/gambit/uci"
	"github.com/spf13/cobra"
)

func newMatchCmd() *cobra.Command {
	var variant, tc, openings, pgnPath, sprt, resume string
	var engines []string
	var games, maxPlies int
	var margin time.Duration
	cmd := &cobra.Command{
		Use:   "match --engine SPEC --engine SPEC",
		Short: "Play a match between two UCI engines, refereed by Gambit's rules",
		Long: "match plays two UCI engines against each other with clocks, in a variant the engines play\n" +
			"(" + matchVariants() + "). Gambit's rules referee every move: an illegal move, a crash or a\n" +
			"flag loses. An engine is told the variant (UCI_Variant, UCI_Chess960) when it has the option.\n\n" +
			"An engine SPEC is space-separated key=value pairs: cmd=PATH (or cmd=self for this\n" +
			"gambit binary's UCI engine), name=NAME, arg=ARG (repeatable), dir=DIR, option.NAME=VALUE.\n" +
			"Example: gambit match --variant xiangqi --engine cmd=self --engine cmd=/usr/games/fairy-stockfish\n" +
			"--games 10 --tc 10+0.1",
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := matchConfig(variant, engines, games, tc, margin, maxPlies)
			if err != nil {
				return usageError{err}
			}
			if sprt != "" {
				if cfg.SPRT, err = parseSPRT(sprt); err != nil {
					return usageError{err}
				}
			}
			if resume != "" {
				if cfg.Resumed, err = parsePairs(resume); err != nil {
					return usageError{err}
				}
			}
			if openings != "" {
				if cfg.Openings, err = readOpenings(openings); err != nil {
					return err
				}
			}
			if pgnPath != "" {
				f, err := os.Create(pgnPath)
				if err != nil {
					return err
				}
				defer f.Close()
				cfg.PGN = f
			}
			// A match stopped by Ctrl-C or SIGTERM (a test stopped by the end
			// of a session) still reports its finished games and pairs: an
			// SPRT goes on from them with --resume.
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			context.AfterFunc(ctx, stop) // a second Ctrl-C kills at once
			out := cmd.OutOrStdout()
			sum, err := match.Run(ctx, cfg, func(r match.GameResult) {
				fmt.Fprintf(out, "game %d: %s vs %s: %s (%s, %d plies)\n", r.Number, r.White, r.Black, r.Result, r.Reason, r.Plies)
			})
			if sum.Games() > 0 {
				// Also when stopped or failed: the games played count.
				fmt.Fprintln(out, sum)
			}
			if err != nil && ctx.Err() != nil && cmd.Context().Err() == nil {
				return fmt.Errorf("match: stopped by a signal after %d finished games", sum.Games())
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&variant, "variant", variantChess, "the variant: "+matchVariants())
	f.StringArrayVar(&engines, "engine", nil, "an engine SPEC (give exactly two)")
	f.IntVar(&games, "games", 2, "number of games")
	f.StringVar(&tc, "tc", "10+0.1", "time control: seconds per game + increment in seconds")
	f.DurationVar(&margin, "timemargin", 200*time.Millisecond, "grace past zero before a flag counts")
	f.StringVar(&openings, "openings", "", "file of start FENs or EPD lines, each played twice with colours swapped")
	f.StringVar(&pgnPath, "pgn", "", "write every game's PGN to this file")
	f.IntVar(&maxPlies, "maxplies", 0, "adjudicate a draw after this many plies (0: never)")
	f.StringVar(&sprt, "sprt", "", "stop when an SPRT decides: ELO0,ELO1[,ALPHA,BETA] (alpha, beta 0.05); --games is then the most played")
	f.StringVar(&resume, "resume", "", "go on with a stopped SPRT: its pair counts as its summary printed them (\"[LL L D W WW]\" or LL,L,D,W,WW);\nthe openings go on after its last pair")
	atLeast(cmd, 1, "games")
	atLeast(cmd, 0, "maxplies", "timemargin")
	return cmd
}

// matchVariants names the variants a match plays (the registry's that
// the engines play).
func matchVariants() string {
	var names []string
	for _, v := range match.Variants() {
		names = append(names, string(v))
	}
	return strings.Join(names, ", ")
}

func matchConfig(variant string, specs []string, games int, tc string, margin time.Duration, maxPlies int) (match.Config, error) {
	cfg := match.Config{Variant: variant, Games: games, Margin: margin, MaxPlies: maxPlies}
	if err := match.CheckVariant(variant); err != nil {
		return cfg, err
	}
	if len(specs) != 2 {
		return cfg, fmt.Errorf("need exactly two --engine flags, got %d", len(specs))
	}
	for i, s := range specs {
		e, err := parseEngineSpec(s)
		if err != nil {
			return cfg, fmt.Errorf("--engine %q: %w", s, err)
		}
		cfg.Engines[i] = e
	}
	base, inc, err := parseTimeControl(tc)
	if err != nil {
		return cfg, err
	}
	cfg.Base, cfg.Inc = base, inc
	return cfg, nil
}

// parseEngineSpec reads "cmd=PATH name=N arg=A option.Hash=16". Option
// names may contain spaces ("option.Move Overhead=50"). Whoever starts the
// engine sets it up for the variant played (UCI_Variant, UCI_Chess960):
// package match, and review.UCI.
func parseEngineSpec(spec string) (uci.ClientConfig, error) {
	var c uci.ClientConfig
	for _, kv := range specPairs(spec) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return c, fmt.Errorf("%q is not key=value", kv)
		}
		switch {
		case k == "cmd":
			c.Path = v
		case k == "name":
			c.Name = v
		case k == "arg":
			c.Args = append(c.Args, v)
		case k == "dir":
			c.Dir = v
		case strings.HasPrefix(k, "option."):
			c.Options = append(c.Options, uci.EngineOption{Name: strings.TrimPrefix(k, "option."), Value: v})
		default:
			return c, fmt.Errorf("unknown key %q", k)
		}
	}
	if c.Path == "" {
		return c, fmt.Errorf("missing cmd=PATH")
	}
	if c.Path == "self" {
		exe, err := os.Executable()
		if err != nil {
			return c, err
		}
		c.Path, c.Args = exe, append([]string{"uci"}, c.Args...)
		if c.Name == "" {
			c.Name = "gambit"
		}
	}
	return c, nil
}

// specPairs splits a SPEC into key=value words, joining the words of an
// option name that contains spaces.
func specPairs(spec string) []string {
	var out []string
	pending := ""
	for _, w := range strings.Fields(spec) {
		if pending != "" {
			w = pending + " " + w
			pending = ""
		}
		if !strings.Contains(w, "=") && strings.HasPrefix(w, "option.") {
			pending = w
			continue
		}
		out = append(out, w)
	}
	if pending != "" {
		out = append(out, pending)
	}
	return out
}

// parseTimeControl reads "SECONDS+INCREMENT" (the increment may be omitted).
func parseTimeControl(tc string) (base, inc time.Duration, err error) {
	b, i, _ := strings.Cut(tc, "+")
	bs, err1 := strconv.ParseFloat(b, 64)
	is := 0.0
	var err2 error
	if i != "" {
		is, err2 = strconv.ParseFloat(i, 64)
	}
	if err1 != nil || err2 != nil || bs <= 0 || is < 0 {
		return 0, 0, fmt.Errorf("bad --tc %q: want SECONDS+INCREMENT such as 10+0.1", tc)
	}
	return time.Duration(bs * float64(time.Second)), time.Duration(is * float64(time.Second)), nil
}

// readOpenings returns the FEN of each line of an EPD or FEN file (blank
// lines and "#" comments skipped): the first four fields, plus the counters
// when they are present.
func readOpenings(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	lines, err := readLines(f)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, "#") {
			continue
		}
		fields := strings.Fields(strings.Split(l, ";")[0])
		if len(fields) < 4 {
			return nil, fmt.Errorf("%s: %q is not a FEN or EPD line", path, l)
		}
		n := 4
		if len(fields) >= 6 {
			if _, err := strconv.Atoi(fields[4]); err == nil {
				n = 6
			}
		}
		out = append(out, strings.Join(fields[:n], " "))
	}
	return out, nil
}

// parsePairs reads the five pair counts of a stopped SPRT, as its summary
// printed them ("[17 46 82 55 23]") or separated by commas.
func parsePairs(s string) (elo.Pentanomial, error) {
	var p elo.Pentanomial
	fields := strings.FieldsFunc(strings.Trim(strings.TrimSpace(s), "[]"), func(r rune) bool { return r == ',' || r == ' ' })
	if len(fields) != len(p) {
		return p, fmt.Errorf("--resume %q: want five pair counts, LL,L,D,W,WW", s)
	}
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return p, fmt.Errorf("--resume %q: count %d (%q) is not a whole number of pairs", s, i+1, f)
		}
		p[i] = n
	}
	return p, nil
}

// parseSPRT reads "0,5" or "0,5,0.05,0.05": the SPRT's Elo0, Elo1 and
// optionally alpha and beta (0.05 each by default, as fishtest).
func parseSPRT(s string) (*elo.SPRT, error) {
	fields := strings.Split(s, ",")
	if len(fields) != 2 && len(fields) != 4 {
		return nil, fmt.Errorf("--sprt %q: want ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA", s)
	}
	v := []float64{0, 0, 0.05, 0.05}
	for i, f := range fields {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return nil, fmt.Errorf("--sprt %q: field %d: %w", s, i+1, err)
		}
		v[i] = x
	}
	t := &elo.SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
	if err := t.Check(); err != nil {
		return nil, fmt.Errorf("--sprt %q: %w", s, err)
	}
	return t, nil
}
