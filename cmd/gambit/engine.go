package main

import (
	"fmt"
	"os"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/uci"
	"github.com/spf13/cobra"
)

func newUCICmd() *cobra.Command {
	return &cobra.Command{
		Use:   "uci",
		Short: "Run the Gambit engine over UCI on stdin/stdout (for chess GUIs)",
		Args:  argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return uci.Run(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout(), engine.New(engine.DefaultOptions()))
		},
	}
}

func newBenchCmd() *cobra.Command {
	var depth int
	var algorithm, fen string
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Search the fixed bench positions: a deterministic node-count signature and speed",
		Long: "bench searches the built-in positions to a fixed depth with one thread and a fresh\n" +
			"16 MB hash, and prints \"Nodes searched: N\" (the signature) and nodes per second.\n" +
			"With --algorithm (greedy, minimax, negamax, alphabeta, full) it searches one position\n" +
			"(--fen, default the start position) with that teaching algorithm and prints its move,\n" +
			"score, nodes and time, so the algorithms can be compared at the same --depth.",
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := cmd.OutOrStdout()
			if algorithm != "" {
				return benchAlgorithm(cmd, algorithm, fen, depth)
			}
			if depth == 0 {
				depth = engine.BenchDepth
			}
			res, err := engine.Bench(depth, nil)
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "Total time (ms): %d\nNodes searched: %d\nNodes/second: %d\n", res.Time.Milliseconds(), res.Nodes, res.NPS)
			return nil
		},
	}
	cmd.Flags().IntVar(&depth, "depth", 0, "search depth (default: the bench depth; 4 with --algorithm)")
	cmd.Flags().StringVar(&algorithm, "algorithm", "", "teaching algorithm: greedy, minimax, negamax, alphabeta or full")
	cmd.Flags().StringVar(&fen, "fen", "", "position for --algorithm (default: the start position)")
	atLeast(cmd, 0, "depth")
	return cmd
}

func benchAlgorithm(cmd *cobra.Command, algorithm, fen string, depth int) error {
	if depth == 0 {
		depth = 4
	}
	pos, err := parseChess(variantChess, fen)
	if err != nil {
		return usageError{err}
	}
	res, err := engine.RunAlgorithm(cmd.Context(), pos, engine.Algorithm(algorithm), depth)
	if err != nil {
		return usageError{err}
	}
	fmt.Fprintf(cmd.OutOrStdout(), "algorithm %s depth %d: bestmove %s (%s) score %v nodes %d time %d ms\n",
		algorithm, depth, pos.UCI(res.BestMove), sanOrNone(&pos, res.BestMove), res.Score, res.Nodes, res.Time.Milliseconds())
	return nil
}

func sanOrNone(p *chess.Position, m chess.Move) string {
	if m == chess.MoveNone {
		return "none"
	}
	return p.SAN(m)
}

func newEPDCmd() *cobra.Command {
	var movetimeMS, threads, hash int
	var nodes uint64
	var verbose bool
	cmd := &cobra.Command{
		Use:   "epd FILE",
		Short: "Run an EPD test suite (bm/am) and print how many positions were solved",
		Args:  argsRange(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			out := cmd.OutOrStdout()
			progress := func(l uci.EPDLine) {
				if verbose || !l.Solved {
					mark := "ok  "
					if !l.Solved {
						mark = "FAIL"
					}
					fmt.Fprintf(out, "%s %s: played %s, want %v avoid %v\n", mark, l.ID, l.Played, l.Best, l.Avoid)
				}
			}
			limits := engine.Limits{MoveTime: time.Duration(movetimeMS) * time.Millisecond}
			if nodes > 0 {
				limits = engine.Limits{Nodes: nodes}
			} else if movetimeMS <= 0 {
				return usageError{fmt.Errorf("--movetime must be positive, got %d", movetimeMS)}
			}
			opts := engine.DefaultOptions()
			if threads < 1 || hash < 1 || hash > engine.MaxHash {
				return usageError{fmt.Errorf("--threads must be at least 1 and --hash 1..%d, got %d and %d", engine.MaxHash, threads, hash)}
			}
			opts.Threads, opts.Hash = threads, hash
			// The engine runs in this process: there is no GUI lag to keep
			// Move Overhead back for, so the whole --movetime is searched.
			opts.MoveOverhead = 0
			res, err := uci.RunEPDLimits(cmd.Context(), f, engine.New(opts), limits, progress)
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "Solved %d of %d (%.1f%%), %d nodes in %.1f s\n", res.Solved, res.Total,
				100*float64(res.Solved)/float64(max(res.Total, 1)), res.Nodes, res.Time.Seconds())
			return nil
		},
	}
	cmd.Flags().IntVar(&movetimeMS, "movetime", 1000, "search time per position in milliseconds")
	cmd.Flags().Uint64Var(&nodes, "nodes", 0, "search this many nodes per position instead of a time (reproducible)")
	cmd.Flags().IntVar(&threads, "threads", 1, "search threads")
	cmd.Flags().IntVar(&hash, "hash", engine.DefaultOptions().Hash, "transposition table size in MB")
	cmd.Flags().BoolVar(&verbose, "verbose", false, "print every position, not only the failures")
	return cmd
}
