package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/review"
	"github.com/spf13/cobra"
)

// reviewFlags are the engine and budget flags review and analyse share.
type reviewFlags struct {
	engine string
	depth  int
	nodes  uint64
}

func (f *reviewFlags) add(cmd *cobra.Command, depthHelp string) {
	cmd.Flags().StringVar(&f.engine, "engine", "", "a UCI engine SPEC as gambit match takes it (cmd=PATH name=N option.NAME=V; cmd=self); default: Gambit's engine in process")
	cmd.Flags().IntVar(&f.depth, "depth", 0, depthHelp)
	cmd.Flags().Uint64Var(&f.nodes, "nodes", 0, "search each position to this many nodes")
	atLeast(cmd, 0, "depth")
}

// budget returns the flags' budget, or def when neither is given.
func (f *reviewFlags) budget(def review.Budget) (review.Budget, error) {
	switch {
	case f.nodes > 0 && f.depth > 0:
		return def, usageError{fmt.Errorf("give --depth or --nodes, not both")}
	case f.nodes > 0:
		return review.Budget{Nodes: f.nodes}, nil
	case f.depth > 0:
		return review.Budget{Depth: f.depth}, nil
	}
	return def, nil
}

// evaluator returns the engine the flags name; review.UCI sets a UCI
// engine up for each game's variant itself.
func (f *reviewFlags) evaluator() (review.Evaluator, error) {
	if f.engine == "" {
		return review.NewBuiltin(), nil
	}
	cfg, err := parseEngineSpec(f.engine)
	if err != nil {
		return nil, usageError{fmt.Errorf("--engine %q: %w", f.engine, err)}
	}
	return review.NewUCI(cfg), nil
}

func newReviewCmd() *cobra.Command {
	var f reviewFlags
	var n, book int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "review GAME.pgn",
		Short: "Review a game: every move's evaluation, accuracy and class, each side's accuracy and ACPL",
		Long: "review evaluates every position of a chess, Chess960 or xiangqi game (xiangqi recognized by its\n" +
			"PGN tags) at a fixed budget and judges each move with lichess's formulas: Win%, the move's\n" +
			"accuracy, inaccuracy / mistake / blunder by the drop of Win% (5, 10, 15 points), and per side\n" +
			"the game accuracy, the average centipawn loss and the counts. Scores are centipawns from\n" +
			"White's (Red's) side; a mate in n is 100000-n (negative when Black mates).\n" +
			"The default budget is nodes 200000, for Gambit's engine and for a UCI engine alike.",
		Args: argsRange(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			budget, err := f.budget(review.DefaultBudget)
			if err != nil {
				return err
			}
			g, variant, err := readReviewGame(args[0], n)
			if err != nil {
				return err
			}
			ev, err := f.evaluator()
			if err != nil {
				return err
			}
			defer ev.Close()
			opt := review.Options{Budget: budget, Book: review.OpeningBook(g)}
			if cmd.Flags().Changed("book") {
				opt.Book = review.BookPlies(book)
			}
			r, err := review.Run(cmd.Context(), g, ev, opt)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(r)
			}
			spec, err := game.Lookup(game.Variant(variant))
			if err != nil {
				return err
			}
			writeReview(out, r, spec.Sides)
			return nil
		},
	}
	f.add(cmd, "search each position to this depth")
	cmd.Flags().IntVar(&n, "game", 1, "which game of the file (1 is the first)")
	cmd.Flags().IntVar(&book, "book", 0, "leave the first N plies unjudged, as opening book (default: up to the last position lichess's opening table names)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the review as one JSON document (the server's review format)")
	atLeast(cmd, 1, "game")
	atLeast(cmd, 0, "book")
	return cmd
}

// readReviewGame reads game n of a PGN file under review, with the name
// of its variant: xiangqi when its first header says so (GBK decoded),
// chess or Chess960 otherwise.
func readReviewGame(file string, n int) (*review.Game, string, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, "", fmt.Errorf("review: %w", err)
	}
	var got pgnGame
	var gotErr error
	read := 0
	err = eachPGNGame(raw, func(i int, g pgnGame, err error) bool {
		read = i
		got, gotErr = g, err
		return i < n
	})
	switch {
	case read < n && err != nil:
		return nil, "", fmt.Errorf("review: %s: %w", file, err)
	case read < n:
		return nil, "", fmt.Errorf("review: --game: %s has %d game(s), not %d", file, read, n)
	case gotErr != nil:
		return nil, "", fmt.Errorf("review: %s: game %d, %w", file, n, gotErr)
	}
	rg, err := openReviewGame(got.variant, got.start, got.moves)
	return rg, got.variant, err
}

// chessStart names the variant of a chess start position and writes it
// as that variant's rules read it: a Chess960 one in Shredder-FEN.
func chessStart(p chess.Position) (variant, fen string) {
	if p.Chess960() {
		return variantChess960, p.ShredderFEN()
	}
	return variantChess, p.FEN()
}

// openReviewGame returns, under review, the game of variant from start (a
// FEN of the variant) after moves (coordinate text), built through the
// registry as the server builds its games.
func openReviewGame(variant, start string, moves []string) (*review.Game, error) {
	g, err := game.New(game.Options{Variant: game.Variant(variant), StartFEN: start, MoveText: moves})
	if err != nil {
		return nil, fmt.Errorf("review: %w", err)
	}
	return review.Open(g)
}

// writeReview prints a review as a table, then each side's summary.
// sides names the sides, the first mover's first (game.Spec.Sides).
func writeReview(w io.Writer, r *review.Review, sides [2]string) {
	first := sides[0]
	fmt.Fprintf(w, "Engine %s, %s; scores in centipawns from %s's side\n", r.Engine, r.Budget, first)
	fmt.Fprintf(w, "%4s  %-10s %8s %8s %7s %7s %6s  %-10s  %s\n", "ply", "move", "before", "after", "win%", "win%", "acc", "class", "best")
	for _, m := range r.Moves {
		class := string(m.Class)
		if m.Book {
			class = "book"
		}
		fmt.Fprintf(w, "%4d  %-10s %8s %8s %7.1f %7.1f %6.1f  %-10s  %s\n", m.Ply, m.SAN+m.Class.Glyph(),
			cpText(m.Before, m.MateBefore), cpText(m.After, m.MateAfter), m.WinBefore, m.WinAfter, m.Accuracy, class, m.BestSAN)
	}
	for _, s := range []struct {
		name string
		side review.Side
	}{{first, r.White}, {sides[1], r.Black}} {
		fmt.Fprintf(w, "%s: accuracy %.1f%%, ACPL %d, %d inaccuracies, %d mistakes, %d blunders\n",
			s.name, s.side.Accuracy, s.side.ACPL, s.side.Inaccuracies, s.side.Mistakes, s.side.Blunders)
	}
}

// cpText writes a score's centipawns, a mate as "#n" beside its number.
func cpText(cp, mate int) string {
	if mate != 0 {
		return fmt.Sprintf("#%d", mate)
	}
	if cp >= review.MateCP || cp <= -review.MateCP {
		return fmt.Sprintf("%d#", cp) // the side to move is mated
	}
	return fmt.Sprintf("%+d", cp)
}

func newAnalyseCmd() *cobra.Command {
	var f reviewFlags
	var fen, variant string
	var multiPV int
	cmd := &cobra.Command{
		Use:   "analyse --fen FEN",
		Short: "Print an engine's best lines for a position",
		Long: "analyse searches one position and prints its best lines, best first: the score in pawns\n" +
			"from White's (Red's) side (or #n for a mate), the depth, and the line in SAN (Chinese\n" +
			"notation for xiangqi).",
		Aliases: []string{"analyze"},
		Args:    argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkVariant(variant); err != nil {
				return err
			}
			budget, err := f.budget(review.Budget{Depth: 12})
			if err != nil {
				return err
			}
			g, err := analyseGame(variant, fen)
			if err != nil {
				return usageError{fmt.Errorf("--fen: %w", err)}
			}
			ev, err := f.evaluator()
			if err != nil {
				return err
			}
			defer ev.Close()
			lines, err := ev.Evaluate(cmd.Context(), g, 0, budget, multiPV)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			for i, l := range lines {
				fmt.Fprintf(out, "%d. %s depth %d: %s\n", i+1, l.Score.PGN(), l.Depth, strings.Join(g.LineSAN(0, l.Moves), " "))
			}
			return nil
		},
	}
	f.add(cmd, "search to this depth (default 12)")
	cmd.Flags().StringVar(&fen, "fen", "", "the position (default: the start)")
	cmd.Flags().StringVar(&variant, "variant", variantChess, orList(engineVariants()))
	cmd.Flags().IntVar(&multiPV, "multipv", 1, "how many lines")
	atLeast(cmd, 1, "multipv")
	return cmd
}

// analyseGame returns a game of no moves from fen.
func analyseGame(variant, fen string) (*review.Game, error) {
	board, chess960, err := boardOf(variant)
	if err != nil {
		return nil, err
	}
	if board == game.BoardXiangqi {
		p, err := parseXiangqi(fen)
		if err != nil {
			return nil, err
		}
		if !p.HasLegalMove() {
			return nil, fmt.Errorf("the side to move has no legal move")
		}
		return openReviewGame(variant, p.FEN(), nil)
	}
	p, err := parseChessFEN(chess960, fen)
	if err != nil {
		return nil, err
	}
	if !p.HasLegalMove() {
		return nil, fmt.Errorf("the side to move has no legal move")
	}
	_, start := chessStart(p)
	return openReviewGame(variant, start, nil)
}
