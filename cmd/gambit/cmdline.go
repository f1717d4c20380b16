package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// A bad command line (unknown subcommand or flag, a flag value that does not
// parse or is out of range, a missing or extra argument) is a usageError:
// one line on stderr and exit status 2. Cobra reports some of these as plain
// errors or by printing help with status 0; the helpers here route every one
// of them through usageError.

// minAnnotation names the pflag annotation that holds a numeric flag's
// smallest accepted value; checkFlagRanges enforces it for every command.
const minAnnotation = "gambit-min"

// atLeast records that each named numeric flag of cmd (int, uint, float or
// duration) must be at least lo.
func atLeast(cmd *cobra.Command, lo float64, names ...string) {
	for _, name := range names {
		if err := cmd.Flags().SetAnnotation(name, minAnnotation, []string{strconv.FormatFloat(lo, 'g', -1, 64)}); err != nil {
			panic(fmt.Sprintf("atLeast: %s: %v", cmd.Name(), err)) // a typo in a flag name: a programming error
		}
	}
}

// checkFlagRanges is the root's PersistentPreRunE: it rejects any flag of the
// command about to run whose value is below its atLeast minimum.
func checkFlagRanges(cmd *cobra.Command, _ []string) error {
	var bad error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		mins := f.Annotations[minAnnotation]
		if bad != nil || len(mins) == 0 {
			return
		}
		lo, _ := strconv.ParseFloat(mins[0], 64)
		if v, ok := flagNumber(f); ok && v < lo {
			bad = usageError{fmt.Errorf("--%s must be at least %s, got %s", f.Name, minText(f, lo), f.Value.String())}
		}
	})
	return bad
}

// flagNumber reads a numeric flag's value as a float64 (durations in seconds).
func flagNumber(f *pflag.Flag) (float64, bool) {
	s := f.Value.String()
	if f.Value.Type() == "duration" {
		d, err := time.ParseDuration(s)
		return d.Seconds(), err == nil
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

func minText(f *pflag.Flag, lo float64) string {
	if f.Value.Type() == "duration" {
		return time.Duration(lo * float64(time.Second)).String()
	}
	return strconv.FormatFloat(lo, 'g', -1, 64)
}

// requireSubcommand makes a command that only groups others (gambit pgn,
// gambit tune) reject a missing or unknown subcommand as a usage error,
// instead of cobra's help text with exit status 0.
func requireSubcommand(cmd *cobra.Command) {
	cmd.Args = cobra.ArbitraryArgs
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) > 0 {
			return usageError{fmt.Errorf("unknown command %q for %q", args[0], cmd.CommandPath())}
		}
		var names []string
		for _, c := range cmd.Commands() {
			if c.IsAvailableCommand() {
				names = append(names, c.Name())
			}
		}
		return usageError{fmt.Errorf("%s needs a subcommand: %s", cmd.CommandPath(), strings.Join(names, ", "))}
	}
}

// newHelpCmd replaces cobra's help command, which prints "Unknown help topic"
// with exit status 0 for a topic that does not exist.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		RunE: func(cmd *cobra.Command, args []string) error {
			target, rest, err := cmd.Root().Find(args)
			if err != nil || len(rest) > 0 {
				return usageError{fmt.Errorf("no help topic %q", strings.Join(args, " "))}
			}
			return target.Help()
		},
	}
}
