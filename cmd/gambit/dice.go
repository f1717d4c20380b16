package main

import (
	"fmt"
	"io"
	"os"

	"github.com/gambitchess/gambit/variant/dice"
	"github.com/spf13/cobra"
)

func newDiceCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "dice",
		Short: "Dice chess tools",
	}
	verify := &cobra.Command{
		Use:   "verify GAME.pgn",
		Short: "Check a finished dice chess game: its seed against the commitment, and every roll",
		Long: "verify reads a dice chess game in PGN, as Gambit writes it once the game is\n" +
			"over (with its [Seed] revealed), checks that the seed hashes to the [SeedHash]\n" +
			"published at the start, and replays the game checking that every [%dice] roll\n" +
			"is the one the seed gives and every move is legal. \"-\" reads standard input.",
		Args: argsRange(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var r io.Reader = cmd.InOrStdin()
			if args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return err
				}
				defer f.Close()
				r = f
			}
			turns, err := dice.Verify(r)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "seed matches its hash; %d turns, %d dice: every roll checks\n", turns, 3*turns)
			return nil
		},
	}
	root.AddCommand(verify)
	requireSubcommand(root)
	return root
}
