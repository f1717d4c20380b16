package main

import (
	"fmt"
	"io"
	"os"

	"github.com/gambitchess/gambit/variant/bomb"
	"github.com/gambitchess/gambit/variant/dice"
	"github.com/spf13/cobra"
)

func newDiceCmd() *cobra.Command {
	return newVerifyCmd("dice", "Dice chess tools",
		"Check a finished dice chess game: its seed against the commitment, and every roll",
		"verify reads a dice chess game in PGN, as Gambit writes it once the game is\n"+
			"over (with its [Seed] revealed), checks that the seed hashes to the [SeedHash]\n"+
			"published at the start, and replays the game checking that every [%dice] roll\n"+
			"is the one the seed gives and every move is legal. \"-\" reads standard input.",
		func(r io.Reader) (string, error) {
			turns, err := dice.Verify(r)
			return fmt.Sprintf("seed matches its hash; %d turns, %d dice: every roll checks", turns, 3*turns), err
		})
}

func newBombCmd() *cobra.Command {
	return newVerifyCmd("bomb", "Bomb chess tools",
		"Check a finished bomb chess game: its seed against the commitment, the mines, and every blast",
		"verify reads a bomb chess game in PGN, as Gambit writes it once the game is\n"+
			"over (with its [Seed] and [Mines] revealed), checks that the seed hashes to the\n"+
			"[SeedHash] published at the start and lays the listed mines, and replays the\n"+
			"game checking that each {[%blast]} comment follows exactly the moves that set\n"+
			"off a mine. \"-\" reads standard input.",
		func(r io.Reader) (string, error) {
			plies, blasts, err := bomb.Verify(r)
			return fmt.Sprintf("seed matches its hash and lays the mines; %d moves, %d blasts: every blast checks", plies, blasts), err
		})
}

// newVerifyCmd is a variant's command with its verify subcommand, which
// checks a game's PGN with check and prints what it found.
func newVerifyCmd(name, short, verifyShort, verifyLong string, check func(io.Reader) (string, error)) *cobra.Command {
	root := &cobra.Command{Use: name, Short: short}
	verify := &cobra.Command{
		Use:   "verify GAME.pgn",
		Short: verifyShort,
		Long:  verifyLong,
		Args:  argsRange(1, 1),
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
			report, err := check(r)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			fmt.Fprintln(cmd.OutOrStdout(), report)
			return nil
		},
	}
	root.AddCommand(verify)
	requireSubcommand(root)
	return root
}
