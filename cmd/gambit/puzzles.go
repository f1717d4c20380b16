package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/puzzle"
	"github.com/gambitchess/gambit/review"
	"github.com/spf13/cobra"
)

func newPuzzlesCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "puzzles",
		Short: "Find training puzzles in games",
	}
	cmd.AddCommand(newPuzzlesFindCmd(), newPuzzlesCheckCmd())
	return cmd
}

func newPuzzlesCheckCmd() *cobra.Command {
	var out string
	var rethemes, recheck bool
	cmd := &cobra.Command{
		Use:   "check PUZZLES.csv...",
		Short: "Check puzzles against the criteria, from the evaluations they keep; merge them into one file",
		Long: "puzzles check reads CSV files that puzzles find wrote and checks every puzzle with\n" +
			"puzzle.Verify: its moves legal, each of the solver's moves the only one by the evaluations it\n" +
			"keeps, a mate ending in mate, its themes as they are named now. --themes names the themes\n" +
			"afresh first (after the themes changed); -o writes the puzzles of all the files, each id once.\n" +
			"--recheck also searches each puzzle afresh with Gambit's engines at the finder's default budget,\n" +
			"and leaves out (saying which, and why, on stderr) one whose solution is not the best and only\n" +
			"move again: a search from the puzzle's own position, without its game's history, can see it\n" +
			"otherwise, and a puzzle shipped must hold either way.",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			all, err := checkPuzzles(files, rethemes)
			if err != nil {
				return err
			}
			if recheck {
				all = recheckPuzzles(cmd.Context(), all, cmd.ErrOrStderr())
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "puzzles: %d puzzles hold\n", len(all))
			if out == "" {
				return nil
			}
			f, err := os.Create(out)
			if err != nil {
				return fmt.Errorf("puzzles: %w", err)
			}
			if err := puzzle.WriteCSV(f, all); err != nil {
				f.Close()
				return fmt.Errorf("puzzles: %s: %w", out, err)
			}
			return f.Close()
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "write the puzzles of all the files to this CSV file, each id once")
	cmd.Flags().BoolVar(&rethemes, "themes", false, "name each puzzle's themes afresh before checking it")
	cmd.Flags().BoolVar(&recheck, "recheck", false, "search each puzzle afresh, leaving out one whose solution no longer holds")
	return cmd
}

// checkPuzzles reads the puzzles of files, each id once, and verifies
// each (naming its themes afresh first when rethemes): the first that
// fails is the error.
func checkPuzzles(files []string, rethemes bool) ([]puzzle.Puzzle, error) {
	var all []puzzle.Puzzle
	seen := map[string]bool{}
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			return nil, fmt.Errorf("puzzles: %w", err)
		}
		ps, err := puzzle.ReadCSV(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("puzzles: %s: %w", file, err)
		}
		for _, p := range ps {
			if rethemes {
				p.Themes = puzzle.Themes(p)
			}
			if err := puzzle.Verify(p); err != nil {
				return nil, fmt.Errorf("puzzles: %s: %w", file, err)
			}
			if !seen[p.ID] {
				seen[p.ID] = true
				all = append(all, p)
			}
		}
	}
	return all, nil
}

func newPuzzlesFindCmd() *cobra.Command {
	var out, engineSpec string
	b := puzzle.DefaultBudget
	cmd := &cobra.Command{
		Use:   "find GAMES.pgn...",
		Short: "Find puzzles in the games of PGN files (chess, Chess960, xiangqi)",
		Long: "puzzles find scans every game of the files with Gambit's engines and writes the puzzles it\n" +
			"finds as CSV in the columns of lichess's puzzle database (and the variant): positions after a\n" +
			"mistake where the side to move has one winning line (package puzzle says the criteria).\n" +
			"A file is read as xiangqi's PGN when its first header says so, as chess's otherwise.\n" +
			"--engine searches with a UCI engine instead (Stockfish for chess, Fairy-Stockfish for xiangqi),\n" +
			"set up for each game's variant.",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			w := cmd.OutOrStdout()
			if out != "" {
				f, err := os.Create(out)
				if err != nil {
					return fmt.Errorf("puzzles: %w", err)
				}
				defer f.Close()
				w = f
			}
			ev, err := (&reviewFlags{engine: engineSpec}).evaluator()
			if err != nil {
				return err
			}
			defer ev.Close()
			f := puzzle.Finder{Eval: ev, Budget: b}
			cw := puzzle.NewCSVWriter(w)
			for _, file := range files {
				if err := puzzlesOf(cmd.Context(), file, f, cw, cmd.ErrOrStderr()); err != nil {
					return err
				}
			}
			return cw.Flush()
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "write the CSV to this file (default: standard output)")
	cmd.Flags().StringVar(&engineSpec, "engine", "", "a UCI engine SPEC as gambit match takes it (cmd=PATH name=N option.NAME=V); default: Gambit's engines in process")
	cmd.Flags().Uint64Var(&b.Scan, "nodes", b.Scan, "nodes searched for each position of a game")
	cmd.Flags().Uint64Var(&b.Solve, "solve-nodes", b.Solve, "nodes searched for each position of a candidate's solution")
	return cmd
}

// puzzlesOf writes the puzzles of every game of PGN file to out, each
// game's as it is done (flushed: a long run interrupted keeps what it
// found); a game the rules refuse is skipped and said on log.
func puzzlesOf(ctx context.Context, file string, f puzzle.Finder, out *puzzle.CSVWriter, log io.Writer) error {
	raw, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("puzzles: %w", err)
	}
	count := 0
	var failed error
	games, skipped := 0, 0
	err = eachPGNGame(raw, func(n int, g pgnGame, err error) bool {
		games++
		from := filepath.Base(file) + "#" + strconv.Itoa(n)
		if err != nil {
			skipped++
			fmt.Fprintf(log, "puzzles: %s: skipped: %v\n", from, err)
			return true
		}
		found, err := puzzlesIn(ctx, g, f, from)
		if err == nil {
			err = out.Write(found...)
		}
		if err == nil {
			err = out.Flush()
		}
		if err != nil {
			failed = fmt.Errorf("puzzles: %s: %w", from, err)
			return false
		}
		count += len(found)
		return ctx.Err() == nil
	})
	if failed != nil {
		return failed
	}
	if err != nil {
		fmt.Fprintf(log, "puzzles: %s: the rest not read: %v\n", file, err)
	}
	fmt.Fprintf(log, "puzzles: %s: %d games (%d skipped), %d puzzles\n", file, games, skipped, count)
	return ctx.Err()
}

// puzzlesIn finds the puzzles of one game, which came from from.
func puzzlesIn(ctx context.Context, g pgnGame, f puzzle.Finder, from string) ([]puzzle.Puzzle, error) {
	live, err := game.New(game.Options{ID: "p", Variant: game.Variant(g.variant), StartFEN: g.start, MoveText: g.moves})
	if err != nil {
		return nil, err
	}
	e, ok := live.Engine()
	if !ok {
		return nil, fmt.Errorf("no engine reads %s", g.variant)
	}
	f.Dialect = *live.Spec().UCI // an engine's variant
	found, err := f.Find(ctx, e)
	out := make([]puzzle.Puzzle, len(found))
	for i, f := range found {
		out[i] = puzzle.New(live.Variant(), e, f, from)
	}
	return out, err
}

// recheckPuzzles keeps the puzzles a fresh search at the finder's default
// budget still finds (puzzle.Finder.Recheck), saying each one left out on
// log.
func recheckPuzzles(ctx context.Context, ps []puzzle.Puzzle, log io.Writer) []puzzle.Puzzle {
	f := puzzle.Finder{Eval: review.NewBuiltin(), Budget: puzzle.DefaultBudget}
	defer f.Eval.Close()
	kept := ps[:0]
	for _, p := range ps {
		if err := f.Recheck(ctx, p); err != nil {
			fmt.Fprintf(log, "puzzles: left out: %v\n", err)
			continue
		}
		kept = append(kept, p)
	}
	return kept
}
