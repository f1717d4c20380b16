package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gambitchess/gambit/engine"
	"github.com/spf13/cobra"
)

// newTuneCmd is "gambit tune": self-play data, Texel tuning of the
// evaluation weights, and a fixed-node match between two weight sets.
func newTuneCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tune",
		Short: "Tune the evaluation weights on the engine's own games (Texel's method)",
		Long: "tune reproduces the engine's weight tuning:\n" +
			"  gambit tune selfplay --weights pesto --games 6000 --nodes 2000 --seed 1 --out selfplay.txt\n" +
			"  gambit tune texel --start pesto --in selfplay.txt --out tuned.json --iterations 500 --lambda 1e-6\n" +
			"  gambit tune match --weights tuned.json --base pesto --games 1600 --nodes 3000 --seed 3\n" +
			"Weights are JSON files; \"pesto\" names the untuned set, no flag the engine's defaults.\n" +
			"The data file has one \"FEN;result\" line per position, result 1.0, 0.5 or 0.0 from White's view.",
		Args: argsRange(0, 0),
	}
	cmd.AddCommand(newTuneSelfPlayCmd(), newTuneTexelCmd(), newTuneMatchCmd())
	requireSubcommand(cmd)
	return cmd
}

func newTuneSelfPlayCmd() *cobra.Command {
	var cfg engine.SelfPlayConfig
	var out, weights string
	cmd := &cobra.Command{
		Use:   "selfplay --out FILE",
		Short: "Play fixed-node self-play games and write their quiet positions as FEN;result lines",
		Args:  argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if out == "" {
				return usageError{fmt.Errorf("--out is required")}
			}
			w, err := loadWeights(weights)
			if err != nil {
				return err
			}
			return writeFile(out, func(f io.Writer) error {
				log := cmd.ErrOrStderr()
				st, err := engine.SelfPlay(cmd.Context(), w, cfg, f, func(i int, st engine.SelfPlayStats) {
					if (i+1)%100 == 0 {
						fmt.Fprintf(log, "%d games, %d positions\n", st.Games, st.Positions)
					}
				})
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%d games (+%d =%d -%d for White), %d positions written to %s\n",
					st.Games, st.WhiteWins, st.Draws, st.BlackWins, st.Positions, out)
				return nil
			})
		},
	}
	f := cmd.Flags()
	selfPlayFlags(cmd, &cfg)
	f.StringVar(&out, "out", "", "output file of FEN;result lines")
	f.StringVar(&weights, "weights", "", "play with these weights (JSON file, or pesto) instead of the defaults")
	return cmd
}

func selfPlayFlags(cmd *cobra.Command, cfg *engine.SelfPlayConfig) {
	f := cmd.Flags()
	f.IntVar(&cfg.Games, "games", 100, "number of games")
	f.Uint64Var(&cfg.Nodes, "nodes", 2000, "nodes per move")
	f.Uint64Var(&cfg.Seed, "seed", 1, "seed of the random openings")
	f.IntVar(&cfg.RandomPlies, "randomplies", 8, "random plies from the start position")
	f.IntVar(&cfg.MaxImbalance, "maximbalance", 100, "redraw openings whose search score exceeds this (cp)")
	f.IntVar(&cfg.Workers, "workers", 1, "games played at once (the output does not depend on it)")
	atLeast(cmd, 1, "games", "nodes", "workers")
	atLeast(cmd, 0, "randomplies", "maximbalance")
}

func newTuneTexelCmd() *cobra.Command {
	var in, out, start, test string
	var cfg engine.TuneConfig
	cmd := &cobra.Command{
		Use:   "texel --in FILE --out weights.json|weights.go",
		Short: "Fit the evaluation weights to FEN;result data (Texel's method)",
		Long: "texel finds the sigmoid scale K that best fits the start weights, then minimises the mean\n" +
			"squared error of sigmoid(K*eval) against the results by gradient descent, and writes the\n" +
			"tuned weights as JSON or (for a .go file) as a generated function of package engine.",
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if in == "" || out == "" {
				return usageError{fmt.Errorf("--in and --out are required")}
			}
			ext := filepath.Ext(out)
			if ext != ".json" && ext != ".go" {
				return usageError{fmt.Errorf("--out %s: want a .json or .go file", out)}
			}
			w, err := loadWeights(start)
			if err != nil {
				return err
			}
			samples, err := readSamples(in)
			if err != nil {
				return err
			}
			log := cmd.ErrOrStderr()
			tuned, rep, err := engine.Tune(cmd.Context(), samples, w, cfg, func(it int, mse float64) {
				if it%50 == 0 {
					fmt.Fprintf(log, "iteration %d: model error %.6f\n", it, mse)
				}
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d positions, K = %.4f, error %.6f -> %.6f\n", rep.Positions, rep.K, rep.ErrorBefore, rep.ErrorAfter)
			if test != "" {
				held, err := readSamples(test)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "held out %s (%d positions): error %.6f -> %.6f\n", test, len(held),
					engine.TuningError(held, engine.NewEvaluator(w), rep.K), engine.TuningError(held, engine.NewEvaluator(tuned), rep.K))
			}
			comment := fmt.Sprintf("the weights tuned on %s (%d positions, K = %.4f, error %.6f -> %.6f).",
				filepath.Base(in), rep.Positions, rep.K, rep.ErrorBefore, rep.ErrorAfter)
			return writeFile(out, func(f io.Writer) error {
				if ext == ".go" {
					return engine.WriteWeightsGo(f, "tunedWeights", comment, tuned)
				}
				return engine.WriteWeightsJSON(f, tuned)
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&in, "in", "", "FEN;result data")
	f.StringVar(&out, "out", "", "output: weights.json or weights.go")
	f.StringVar(&start, "start", "", "start from these weights (JSON file, or pesto) instead of the defaults")
	f.IntVar(&cfg.Iterations, "iterations", 500, "gradient steps over the whole data set")
	f.Float64Var(&cfg.Rate, "rate", 1, "Adam step size in centipawns")
	f.Float64Var(&cfg.K, "k", 0, "sigmoid scale (0: fit it)")
	f.IntVar(&cfg.Workers, "workers", 1, "goroutines computing the gradient (the result does not depend on it)")
	f.Float64Var(&cfg.Regularization, "lambda", 0, "L2 pull of each weight towards its start value (per cp²)")
	f.BoolVar(&cfg.FreezePST, "freeze-pst", false, "keep the piece-square tables, tune the other terms")
	f.StringVar(&test, "test", "", "held-out FEN;result data: report its error before and after too")
	atLeast(cmd, 0, "iterations", "rate", "k", "lambda")
	atLeast(cmd, 1, "workers")
	return cmd
}

func newTuneMatchCmd() *cobra.Command {
	var cfg engine.SelfPlayConfig
	var weights, base string
	cmd := &cobra.Command{
		Use:   "match --weights FILE",
		Short: "Play tuned weights against the defaults at fixed nodes, each opening with both colours",
		Args:  argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if weights == "" {
				return usageError{fmt.Errorf("--weights is required")}
			}
			a, err := loadWeights(weights)
			if err != nil {
				return err
			}
			b, err := loadWeights(base)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			res, err := engine.Match(cmd.Context(), a, b, cfg, func(i int, r engine.MatchResult) {
				if (i+1)%10 == 0 {
					fmt.Fprintf(cmd.ErrOrStderr(), "%d games: %v\n", 2*(i+1), r)
				}
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "%s vs %s: %v\n", weights, nameOr(base, "defaults"), res)
			return nil
		},
	}
	selfPlayFlags(cmd, &cfg)
	cmd.Flags().StringVar(&weights, "weights", "", "weights (JSON) under test")
	cmd.Flags().StringVar(&base, "base", "", "opponent weights (JSON file, or pesto; default: the engine's defaults)")
	return cmd
}

func nameOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// loadWeights reads JSON weights; "" names the engine's defaults and
// "pesto" the untuned PeSTO set the tuning started from.
func loadWeights(path string) (engine.Weights, error) {
	switch path {
	case "":
		return engine.DefaultWeights(), nil
	case "pesto":
		return engine.PeSTOWeights(), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return engine.Weights{}, err
	}
	defer f.Close()
	w, err := engine.ReadWeightsJSON(f)
	if err != nil {
		return w, fmt.Errorf("%s: %w", path, err)
	}
	return w, nil
}

func readSamples(path string) ([]engine.Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s, err := engine.ReadTuningData(bufio.NewReaderSize(f, 1<<16))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// writeFile creates path, lets write fill it through a buffer and closes it.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	if err := write(bw); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
