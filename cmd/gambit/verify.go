package main

import (
	"fmt"
	"io"
	"os"

	"github.com/gambitchess/gambit/game"
	"github.com/spf13/cobra"
)

// newVerifyCmds returns, for each registered variant drawn from a secret
// seed, its command with a verify subcommand ("gambit NAME verify").
func newVerifyCmds() []*cobra.Command {
	var out []*cobra.Command
	for _, spec := range game.Specs() {
		if v := spec.Verify; v != nil {
			out = append(out, newVerifyCmd(string(spec.Name), spec.Label+" tools", v.Short, v.Help, v.Run))
		}
	}
	return out
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
