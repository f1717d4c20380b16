package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
)

// newRenderCmd is "gambit render". This minimal form has only the HTML
// viewer's flags; the board pictures' flags (--fen ...) join it on merge.
func newRenderCmd() *cobra.Command {
	var pgnPath, variant, htmlPath string
	var game int
	cmd := &cobra.Command{
		Use:   "render --pgn FILE --html OUT.html [--game N] [--variant chess|xiangqi]",
		Short: "Write games as a standalone interactive HTML viewer",
		Long: "render --pgn writes the games of a PGN file (chess, Chess960 or xiangqi) as one\n" +
			"HTML file that replays them: board, move list with comments and variations,\n" +
			"navigation by buttons and arrow keys, tags, FEN, and a game picker. The file\n" +
			"holds everything it needs and works offline. --game N keeps only game N\n" +
			"(1-based); the variant is guessed from the file's tags when not given.",
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if pgnPath == "" || htmlPath == "" {
				return usageError{errors.New("render needs --pgn FILE and --html OUT.html")}
			}
			if variant != "" && variant != "chess" && variant != "xiangqi" {
				return usageError{fmt.Errorf("unknown variant %q (want chess or xiangqi)", variant)}
			}
			return renderHTML(pgnPath, game, variant, htmlPath)
		},
	}
	cmd.Flags().StringVar(&pgnPath, "pgn", "", "PGN file of the games to show")
	cmd.Flags().IntVar(&game, "game", 0, "show only game N of the file (1-based; 0: all, with a picker)")
	cmd.Flags().StringVar(&variant, "variant", "", "chess (also Chess960) or xiangqi; guessed from the file when empty")
	cmd.Flags().StringVar(&htmlPath, "html", "", "HTML file to write")
	atLeast(cmd, 0, "game")
	return cmd
}
