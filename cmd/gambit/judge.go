package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/gambitchess/gambit/internal/charset"
	"github.com/gambitchess/gambit/xiangqi"
	"github.com/gambitchess/gambit/xiangqi/pgn"
	"github.com/spf13/cobra"
)

func newJudgeCmd() *cobra.Command {
	var rulesName string
	cmd := &cobra.Command{
		Use:   "judge [--rules wxf|chinese] GAME.pgn...",
		Short: "Judge xiangqi games by the rules: perpetual check and chase, repetition, mate",
		Long: `Judge replays every game of the xiangqi PGN files by the rules (--rules:
wxf, the World Xiangqi Federation's, or chinese, the Chinese Xiangqi
Association's) and prints, for each, the result the rules give and why
("0-1 perpetual chase by Red, plies 41-52"), and whether the game's own
Result agrees. A game the rules do not end (resigned, agreed, lost on time)
agrees with any result, and a game without a result with the rules'; a
game recorded past its end disagrees. GBK files are decoded. The exit
status is 1 when a game disagrees.`,
		Args: argsRange(1, -1),
		RunE: func(cmd *cobra.Command, files []string) error {
			rules, err := xiangqi.ParseRules(rulesName)
			if err != nil {
				return usageError{err}
			}
			ok := true
			for _, f := range files {
				good, err := judgeFile(cmd.OutOrStdout(), f, rules)
				if err != nil {
					return err
				}
				ok = ok && good
			}
			if !ok {
				return errReported
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&rulesName, "rules", xiangqi.DefaultRules.String(), "rule set: wxf or chinese")
	return cmd
}

// judgeFile judges every game of the PGN file name, printing a line each,
// and reports whether all agree with the rules.
func judgeFile(w io.Writer, name string, rules xiangqi.Rules) (bool, error) {
	raw, err := os.ReadFile(name)
	if err != nil {
		return false, err
	}
	data, _ := charset.Decode(raw, charset.GBK) // xqbase's files are often GBK
	games, err := pgn.ReadAll(bytes.NewReader(data))
	if err != nil {
		return false, fmt.Errorf("%s: %w", name, err)
	}
	ok := true
	for i, g := range games {
		v := judgeGame(g, rules)
		fmt.Fprintf(w, "%s#%d %s - %s: %s\n", name, i+1, redName(g.Tags), g.Tags.Get("Black"), v)
		ok = ok && v.agrees
	}
	return ok, nil
}

// redName is the Red player's name: xqbase's Red tag, else White.
func redName(t pgn.Tags) string {
	if n := t.Get("Red"); n != "" {
		return n
	}
	return t.Get("White")
}

// verdict is the rules' reading of one game.
type verdict struct {
	outcome  xiangqi.Outcome
	from, at int    // the judged plies of a repetition (from+1 to at), the ply of the ending
	plies    int    // the moves of the record
	recorded string // the record's Result
	agrees   bool
}

// judgeGame replays g's main line by rules until the rules end it.
func judgeGame(g *pgn.Game, rules xiangqi.Rules) verdict {
	game := xiangqi.NewGameFrom(g.Start())
	game.SetRules(rules)
	moves := g.MainlineMoves()
	v := verdict{plies: len(moves), recorded: g.Result}
	for _, m := range moves {
		if v.outcome, v.from = game.Ruling(); v.outcome.Over() {
			break
		}
		if err := game.Push(m); err != nil {
			break // the reader checked every move: not reached
		}
	}
	v.outcome, v.from = game.Ruling()
	v.at = game.Ply()
	if v.recorded == "" {
		v.recorded = "*"
	}
	// A record without a result ("*") claims none, so it cannot disagree.
	v.agrees = !v.outcome.Over() || v.at == v.plies && (v.recorded == "*" || v.outcome.Result() == v.recorded)
	return v
}

// String writes the verdict: "0-1 perpetual chase by Red, plies 41-52;
// recorded 1/2-1/2: disagrees".
func (v verdict) String() string {
	s := "* the rules end nothing"
	o := v.outcome
	switch {
	case o.Over() && !o.Draw && o.Termination != xiangqi.Checkmate && o.Termination != xiangqi.Stalemate:
		s = fmt.Sprintf("%s %s by %s, plies %d-%d", o.Result(), o.Termination, colorName(o.Winner.Other()), v.from+1, v.at)
	case o.Termination == xiangqi.Repetition:
		s = fmt.Sprintf("%s %s, plies %d-%d", o.Result(), o.Termination, v.from+1, v.at)
	case o.Over():
		s = fmt.Sprintf("%s %s at ply %d", o.Result(), o.Termination, v.at)
	}
	s += "; recorded " + v.recorded
	switch {
	case o.Over() && v.at < v.plies:
		s += fmt.Sprintf(" after %d plies: disagrees (the game was over)", v.plies)
	case !v.agrees:
		s += ": disagrees"
	default:
		s += ": agrees"
	}
	return s
}

func colorName(c xiangqi.Color) string {
	if c == xiangqi.Red {
		return "Red"
	}
	return "Black"
}
