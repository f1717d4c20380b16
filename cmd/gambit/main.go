// Command gambit is Gambit's one binary: rules tools (perft, moves, fen), and
// more subcommands as the platform grows. Run "gambit help" for the list.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	_ "github.com/gambitchess/gambit/variant/all" // every variant's registration
	"github.com/spf13/cobra"
)

// version is set at release build time with -ldflags "-X main.version=...".
var version = "dev"

// usageError marks a bad command line: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// failure is an error the command already reported on stdout: exit status 1, no message.
var errReported = errors.New("reported")

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line and returns the exit status: 0 on success,
// 1 when the command failed, 2 for a bad command line.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd()
	if len(args) == 0 {
		args = []string{"serve"} // plain "gambit" opens the web app
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errReported):
		return 1
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "gambit: %v (see gambit help)\n", err)
		return 2
	default:
		fmt.Fprintf(stderr, "gambit: %v\n", err)
		return 1
	}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "gambit",
		Short:         "Gambit: chess and xiangqi rules, engine and tools",
		Version:       version,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.PersistentPreRunE = checkFlagRanges
	root.SetHelpCommand(newHelpCmd())
	root.AddCommand(newServeCmd(), newPerftCmd(), newMovesCmd(), newFENCmd(), newPGNCmd(),
		newUCICmd(), newBenchCmd(), newEPDCmd(), newMatchCmd(), newTuneCmd(), newRenderCmd(), newLoadtestCmd(), newBookCmd(), newReviewCmd(), newAnalyseCmd(), newPuzzlesCmd(), newJudgeCmd())
	root.AddCommand(newVerifyCmds()...)
	requireSubcommand(root)
	return root
}

// argsRange accepts lo to hi positional arguments (hi < 0: no upper bound),
// reporting any other count as a usage error.
func argsRange(lo, hi int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		n := len(args)
		if n >= lo && (hi < 0 || n <= hi) {
			return nil
		}
		var want string
		switch {
		case hi == 0:
			want = "no arguments"
		case hi < 0:
			want = fmt.Sprintf("at least %d argument(s)", lo)
		case lo == hi:
			want = fmt.Sprintf("%d argument(s)", lo)
		default:
			want = fmt.Sprintf("%d to %d arguments", lo, hi)
		}
		return usageError{fmt.Errorf("%s takes %s, got %d; usage: %s", cmd.CommandPath(), want, n, cmd.UseLine())}
	}
}
