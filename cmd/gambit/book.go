package main

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/polyglot"
	"github.com/spf13/cobra"
)

func newBookCmd() *cobra.Command {
	var fen string
	cmd := &cobra.Command{
		Use:   "book FILE [--fen FEN]",
		Short: "List a Polyglot book's moves for a position",
		Long: "book reads the Polyglot opening book FILE (.bin) and prints the moves it knows for\n" +
			"the position (the start position without --fen), one per line: UCI, SAN and weight,\n" +
			"the heaviest first. A position the book does not know prints nothing.",
		Args: argsRange(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p := chess.StartPosition()
			if fen != "" {
				var err error
				if p, err = chess.ParseFEN(fen); err != nil {
					return usageError{fmt.Errorf("--fen: %w", err)}
				}
			}
			b, err := polyglot.Open(args[0])
			if err != nil {
				return err
			}
			for _, bm := range b.Moves(&p) {
				fmt.Fprintf(cmd.OutOrStdout(), "%s %s %d\n", p.UCI(bm.Move), p.SAN(bm.Move), bm.Weight)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&fen, "fen", "", "the position (default: the start position)")
	return cmd
}
