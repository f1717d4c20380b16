package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// badLine is a command line that must be refused with exit status 2 and a
// one-line error on stderr containing want.
type badLine struct {
	args []string
	want string
}

// TestBadCommandLines runs every kind of bad command line against every
// subcommand: an unknown flag, a flag without its value, a numeric flag that
// does not parse or is below its minimum, plus unknown and missing
// subcommands and wrong argument counts. None of them may run the command.
func TestBadCommandLines(t *testing.T) {
	lines := []badLine{
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"pgn"}, "needs a subcommand"},
		{[]string{"pgn", "frobnicate"}, `unknown command "frobnicate" for "gambit pgn"`},
		{[]string{"tune"}, "needs a subcommand"},
		{[]string{"tune", "frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"help", "frobnicate"}, "no help topic"},
		{[]string{"pgn", "check"}, "at least 1 argument"},
		{[]string{"pgn", "cat"}, "at least 1 argument"},
		{[]string{"pgn", "stats"}, "at least 1 argument"},
		{[]string{"epd"}, "takes 1 argument"},
		{[]string{"epd", "a.epd", "b.epd"}, "takes 1 argument"},
		{[]string{"fen", "a", "b"}, "0 to 1 arguments"},
		{[]string{"--frobnicate"}, "unknown flag"},
	}
	for _, c := range leafCommands(newRootCmd()) {
		path := strings.Fields(c.CommandPath())[1:]
		if c.Args != nil && c.Args(c, []string{"x"}) != nil {
			lines = append(lines, badLine{append(path, "extra"), "takes no arguments"})
		}
		lines = append(lines, badLine{append(path, "--frobnicate"), "unknown flag"})
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Name == "help" {
				return
			}
			flag := "--" + f.Name
			if f.Value.Type() != "bool" {
				lines = append(lines, badLine{append(path, flag), "flag needs an argument"})
			}
			if isNumeric(f) {
				lines = append(lines, badLine{append(path, flag, "x"), "invalid argument"})
			}
			if mins := f.Annotations[minAnnotation]; len(mins) > 0 {
				if v, ok := below(f, mins[0]); ok {
					lines = append(lines, badLine{append(withArgs(c, path), flag+"="+v), "must be at least"})
				}
			}
		})
	}
	for _, l := range lines {
		t.Run(strings.Join(l.args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(l.args, strings.NewReader(""), &out, &errOut)
			if code != 2 {
				t.Errorf("exit %d, want 2 (stderr %q)", code, errOut.String())
			}
			if out.Len() != 0 {
				t.Errorf("stdout %q, want nothing", out.String())
			}
			if e := errOut.String(); !strings.Contains(e, l.want) || strings.Count(e, "\n") != 1 || !strings.HasPrefix(e, "gambit: ") {
				t.Errorf("stderr %q, want one line \"gambit: ...\" containing %q", e, l.want)
			}
		})
	}
	if len(lines) < 60 {
		t.Errorf("only %d bad command lines: the walk over the commands found too few flags", len(lines))
	}
}

// TestGoodCommandLines: help and version are not errors.
func TestGoodCommandLines(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"help", "pgn", "check"}, {"perft", "-h"}, {"--version"}} {
		var out, errOut bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errOut); code != 0 || out.Len() == 0 {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want exit 0 and output", args, code, out.Len(), errOut.String())
		}
	}
}

func leafCommands(c *cobra.Command) []*cobra.Command {
	if !c.HasSubCommands() {
		if c.Name() == "help" {
			return nil
		}
		return []*cobra.Command{c}
	}
	var out []*cobra.Command
	for _, sub := range c.Commands() {
		out = append(out, leafCommands(sub)...)
	}
	return out
}

func isNumeric(f *pflag.Flag) bool {
	switch f.Value.Type() {
	case "int", "uint64", "float64", "duration":
		return true
	}
	return false
}

// below returns a value of f's type just under the minimum lo, if there is one.
func below(f *pflag.Flag, lo string) (string, bool) {
	v, err := strconv.ParseFloat(lo, 64)
	if err != nil {
		panic(err)
	}
	switch f.Value.Type() {
	case "duration":
		return (time.Duration(v*float64(time.Second)) - time.Millisecond).String(), true
	case "float64":
		return strconv.FormatFloat(v-0.5, 'g', -1, 64), true
	case "uint64":
		return strconv.FormatFloat(v-1, 'f', 0, 64), v >= 1
	}
	return strconv.FormatFloat(v-1, 'f', 0, 64), true
}

// withArgs adds placeholder arguments to a command that needs some, so that
// the flag under test is what is wrong.
func withArgs(c *cobra.Command, path []string) []string {
	if c.Args != nil && c.Args(c, nil) != nil {
		return append(path, "placeholder")
	}
	return path
}
