package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/xiangqi"
	"github.com/spf13/cobra"
)

// variantChess is the variant the commands read when none is named: the
// registry's default.
const variantChess = string(game.DefaultVariant)

// engineSpec returns the registered variant v that the engines read (its
// Spec.Engine: a game of full information, drawn from a FEN), or a usage
// error that names those there are.
func engineSpec(v string) (*game.Spec, error) {
	spec, err := game.Lookup(game.Variant(v))
	if err == nil && v != "" && spec.Engine != nil {
		return spec, nil
	}
	return nil, usageError{fmt.Errorf("unknown variant %q (want %s)", v, orList(engineVariants()))}
}

// checkVariant checks that the engines read variant v (engineSpec).
func checkVariant(v string) error {
	_, err := engineSpec(v)
	return err
}

// orList writes names as a choice: "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// engineVariants names the variants the engines read.
func engineVariants() []string {
	return variantsWith(func(s *game.Spec) bool { return s.Engine != nil })
}

// boardOf returns the board of variant v, and whether its positions are
// Chess960 ones (their FENs read with Chess960 castling).
func boardOf(v string) (game.Board, bool, error) {
	spec, err := engineSpec(v)
	if err != nil {
		return "", false, err
	}
	return spec.Board, spec.UCI.Chess960, nil
}

// checkTreeVariant checks the variant of perft and moves: a registered
// variant with a move generator (game.Spec.Tree), chess and xiangqi as the
// others.
func checkTreeVariant(v string) error {
	if treeOf(v) == nil {
		return usageError{fmt.Errorf("unknown variant %q (want %s)", v, strings.Join(treeVariants(), ", "))}
	}
	return nil
}

// treeOf returns the move generator a registered variant brings, if any.
func treeOf(v string) *game.Tree {
	spec, err := game.Lookup(game.Variant(v))
	if err != nil || v == "" {
		return nil
	}
	return spec.Tree
}

// treeVariants names the variants perft and moves know.
func treeVariants() []string { return variantsWith(func(s *game.Spec) bool { return s.Tree != nil }) }

// variantsWith names the registered variants that has.
func variantsWith(has func(*game.Spec) bool) []string {
	var out []string
	for _, s := range game.Specs() {
		if has(s) {
			out = append(out, string(s.Name))
		}
	}
	return out
}

// The variants a PGN file's games are read as (eachPGNGame: its reader
// knows chess's PGN and xiangqi's).
const (
	variantChess960 = "chess960"
	variantXiangqi  = "xiangqi"
)

// parseChess parses a chess FEN of variant v (a Chess960 one for a variant
// of Chess960 positions); "" is the start position.
func parseChess(v, fen string) (chess.Position, error) {
	_, chess960, err := boardOf(v)
	if err != nil {
		return chess.Position{}, err
	}
	return parseChessFEN(chess960, fen)
}

// parseChessFEN parses a chess FEN, a Chess960 one when chess960; "" is
// the start position.
func parseChessFEN(chess960 bool, fen string) (chess.Position, error) {
	if fen == "" {
		fen = chess.StartFEN
	}
	if chess960 {
		return chess.ParseFEN960(fen)
	}
	return chess.ParseFEN(fen)
}

func parseXiangqi(fen string) (xiangqi.Position, error) {
	if fen == "" {
		fen = xiangqi.StartFEN
	}
	return xiangqi.ParseFEN(fen)
}

func newPerftCmd() *cobra.Command {
	var variant, fen string
	var depth int
	var divide bool
	cmd := &cobra.Command{
		Use:   "perft",
		Short: "Count the leaf nodes of the legal move tree (move generator check)",
		Long: "perft counts the positions reachable in exactly --depth moves. With --divide it prints\n" +
			"one line per root move (\"e2e4: 20\", Stockfish's format); the last line is always\n" +
			"\"Nodes searched: N\".",
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkTreeVariant(variant); err != nil {
				return err
			}
			lines, total, err := perftLines(variant, fen, depth, divide)
			if err != nil {
				return usageError{err}
			}
			w := cmd.OutOrStdout()
			for _, l := range lines {
				fmt.Fprintln(w, l)
			}
			if divide {
				fmt.Fprintln(w)
			}
			fmt.Fprintf(w, "Nodes searched: %d\n", total)
			return nil
		},
	}
	cmd.Flags().StringVar(&variant, "variant", variantChess, "the variant: "+strings.Join(treeVariants(), ", "))
	cmd.Flags().StringVar(&fen, "fen", "", "start from this FEN (default: the start position)")
	cmd.Flags().IntVar(&depth, "depth", 5, "depth in plies")
	cmd.Flags().BoolVar(&divide, "divide", false, "print the count below each root move")
	atLeast(cmd, 1, "depth")
	return cmd
}

// perftLines runs perft and returns the divide lines (sorted by move) and the total.
func perftLines(variant, fen string, depth int, divide bool) ([]string, uint64, error) {
	divided, total, err := treeOf(variant).Perft(fen, depth)
	if err != nil || !divide {
		return nil, total, err
	}
	lines := make([]string, 0, len(divided))
	for _, e := range divided {
		lines = append(lines, fmt.Sprintf("%s: %d", e.Move, e.Nodes))
	}
	slices.Sort(lines)
	return lines, total, nil
}

func newMovesCmd() *cobra.Command {
	var variant, fen, script string
	cmd := &cobra.Command{
		Use:   "moves",
		Short: "List the legal moves of a position",
		Long: "moves prints one legal move per line, sorted by coordinate notation:\n" +
			"\"UCI SAN\" for chess (e7e8q e8=Q+), the variant's own text for the others (UCI alone in a variant without check, where SAN's marks mean nothing), \"ICCS CHINESE WXF\" for xiangqi (h2e2 炮二平五 C2.5), its Chinese notation in traditional characters (傌八進七) unless --script simplified (马八进七).",
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkTreeVariant(variant); err != nil {
				return err
			}
			sc, ok := xiangqi.ParseScript(script)
			if !ok {
				return usageError{fmt.Errorf("--script %q: want traditional or simplified", script)}
			}
			lines, err := moveLines(variant, fen, sc)
			if err != nil {
				return usageError{err}
			}
			for _, l := range lines {
				fmt.Fprintln(cmd.OutOrStdout(), l)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&variant, "variant", variantChess, "the variant: "+strings.Join(treeVariants(), ", "))
	cmd.Flags().StringVar(&fen, "fen", "", "the position (default: the start position)")
	cmd.Flags().StringVar(&script, "script", "traditional", "xiangqi's Chinese notation in traditional (傌八進七) or simplified (马八进七) characters")
	return cmd
}

func moveLines(variant, fen string, script xiangqi.Script) ([]string, error) {
	lines, err := treeOf(variant).Moves(fen, game.MoveOptions{Simplified: script == xiangqi.Simplified})
	if err != nil {
		return nil, err
	}
	slices.Sort(lines)
	return lines, nil
}

func newFENCmd() *cobra.Command {
	var variant string
	cmd := &cobra.Command{
		Use:   "fen [FEN]",
		Short: "Check and normalize FEN strings",
		Long: "fen prints the normalized form of the FEN given as argument, or of each line of\n" +
			"standard input; an invalid FEN prints \"error: ...\" and the exit status is 1.",
		Args: argsRange(0, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkVariant(variant); err != nil {
				return err
			}
			var inputs []string
			if len(args) == 1 {
				inputs = args
			} else {
				var err error
				if inputs, err = readLines(cmd.InOrStdin()); err != nil {
					return err
				}
			}
			failed := false
			for _, in := range inputs {
				out, err := normalizeFEN(variant, in)
				if err != nil {
					out, failed = "error: "+err.Error(), true
				}
				fmt.Fprintln(cmd.OutOrStdout(), out)
			}
			if failed {
				return errReported
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&variant, "variant", variantChess, orList(engineVariants()))
	return cmd
}

func normalizeFEN(variant, fen string) (string, error) {
	if strings.TrimSpace(fen) == "" {
		return "", fmt.Errorf("empty FEN")
	}
	board, chess960, err := boardOf(variant)
	if err != nil {
		return "", err
	}
	if board == game.BoardXiangqi {
		p, err := xiangqi.ParseFEN(fen)
		if err != nil {
			return "", err
		}
		return p.FEN(), nil
	}
	p, err := parseChessFEN(chess960, fen)
	if err != nil {
		return "", err
	}
	return p.FEN(), nil
}

// readLines returns the non-blank lines of r.
func readLines(r io.Reader) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			out = append(out, line)
		}
	}
	return out, sc.Err()
}
