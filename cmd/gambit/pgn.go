package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/internal/charset"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

func newPGNCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "pgn",
		Short: "Check, normalize and summarize PGN files (chess and xiangqi)",
		Long: "pgn reads PGN files of chess games, or of xiangqi games (recognized by their\n" +
			"[Game \"Chinese Chess\"] tag; GBK files are decoded). \"-\" reads standard input.\n" +
			"On large inputs a progress bar is drawn on stderr when it is a terminal.",
	}
	var opt pgn.Options
	check := &cobra.Command{
		Use:   "check FILE...",
		Short: "Count games and plies; list every error as FILE:LINE:COL: message (exit 1 if any)",
		Args:  argsRange(1, -1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runPGN(cmd, args, pgnCheck, opt) },
	}
	cat := &cobra.Command{
		Use:   "cat [--mainline] [--no-comments] FILE...",
		Short: "Write the games in normalized PGN export format to stdout",
		Args:  argsRange(1, -1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runPGN(cmd, args, pgnCat, opt) },
	}
	cat.Flags().BoolVar(&opt.Mainline, "mainline", false, "leave out variations")
	cat.Flags().BoolVar(&opt.NoComments, "no-comments", false, "leave out comments")
	stats := &cobra.Command{
		Use:   "stats FILE...",
		Short: "Games, plies, results, how games ended, most common first moves",
		Args:  argsRange(1, -1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runPGN(cmd, args, pgnStats, opt) },
	}
	stats.Flags().IntVar(&opt.TopMoves, "top", 10, "how many first moves to list")
	atLeast(stats, 0, "top")
	for _, c := range []*cobra.Command{check, cat, stats} {
		c.Flags().IntVar(&opt.Workers, "workers", 0, "goroutines reading games at once (0: one per core; 1: no pipeline)")
		atLeast(c, 0, "workers")
	}
	root.AddCommand(check, cat, stats)
	requireSubcommand(root)
	return root
}

type pgnAction int

const (
	pgnCheck pgnAction = iota
	pgnCat
	pgnStats
)

// runPGN applies the action to every file; the exit status is 1 if any game was bad.
func runPGN(cmd *cobra.Command, files []string, action pgnAction, opt pgn.Options) error {
	bad := 0
	for _, name := range files {
		n, err := pgnFile(cmd, name, action, opt)
		if err != nil {
			return err
		}
		bad += n
	}
	if bad > 0 {
		return errReported
	}
	return nil
}

// pgnFile handles one file and returns the number of bad games.
func pgnFile(cmd *cobra.Command, name string, action pgnAction, opt pgn.Options) (int, error) {
	f, size, err := openInput(cmd, name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	head, _ := br.Peek(64 << 10)
	if isXiangqiPGN(head) {
		return xiangqiPGN(cmd, name, br, action, opt)
	}
	if bar := progressBar(cmd, name, size); bar != nil {
		start := time.Now()
		opt.Progress = func(n int64, games int) {
			bar.Describe(fmt.Sprintf("%s: %d games, %.0f games/s", name, games, float64(games)/time.Since(start).Seconds()))
			bar.Set64(n)
		}
		defer bar.Finish()
	}
	out, errOut := cmd.OutOrStdout(), cmd.ErrOrStderr()
	var s pgn.Summary
	switch action {
	case pgnCheck:
		s, err = pgn.Check(name, br, out, opt)
	case pgnCat:
		s, err = pgn.Cat(name, br, out, opt)
		if err == nil {
			err = s.WriteErrors(name, errOut)
		}
	case pgnStats:
		s, err = pgn.Stats(name, br, out, opt)
		if err == nil {
			err = s.WriteErrors(name, errOut)
		}
	}
	return len(s.Errors), err
}

// openInput opens a file, or standard input for "-", and returns its size (0 if unknown).
func openInput(cmd *cobra.Command, name string) (io.ReadCloser, int64, error) {
	if name == "-" {
		return io.NopCloser(cmd.InOrStdin()), 0, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, 0, err
	}
	var size int64
	if st, err := f.Stat(); err == nil {
		size = st.Size()
	}
	return f, size, nil
}

// progressBar returns a bar on stderr for inputs over 4 MB when stderr is a terminal, else nil.
func progressBar(cmd *cobra.Command, name string, size int64) *progressbar.ProgressBar {
	f, ok := cmd.ErrOrStderr().(*os.File)
	if !ok || size < 4<<20 || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return progressbar.NewOptions64(size, progressbar.OptionSetWriter(f), progressbar.OptionShowBytes(true), progressbar.OptionShowCount(),
		progressbar.OptionSetDescription(name), progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(100*time.Millisecond))
}

// isXiangqiPGN recognizes xiangqi PGN by its first game's header: a Game tag
// naming Chinese chess, a Red tag, or a FEN of ten ranks.
func isXiangqiPGN(head []byte) bool {
	if end := bytes.Index(head, []byte("\n\n")); end > 0 { // the first header only
		head = head[:end]
	}
	if bytes.Contains(head, []byte(`[Game "Chinese Chess"]`)) || bytes.Contains(head, []byte(`[Game "Xiangqi"]`)) ||
		bytes.Contains(head, []byte(`[Red "`)) {
		return true
	}
	if _, fen, ok := bytes.Cut(head, []byte(`[FEN "`)); ok {
		board, _, _ := bytes.Cut(fen, []byte(" "))
		return bytes.Count(board, []byte("/")) == 9
	}
	return false
}

// xiangqiPGN reads a whole xiangqi PGN file (such files are small), decoding GBK.
func xiangqiPGN(cmd *cobra.Command, name string, r io.Reader, action pgnAction, opt pgn.Options) (int, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return 0, err
	}
	data, _ := charset.Decode(raw, charset.GBK)
	out := cmd.OutOrStdout()
	games, err := xqpgn.ReadAll(bytes.NewReader(data))
	if err != nil {
		fmt.Fprintf(out, "%s: %v\n", name, strings.TrimPrefix(err.Error(), "xiangqi: pgn: "))
		return 1, nil
	}
	plies := 0
	results := map[string]int{}
	for _, g := range games {
		plies += len(g.MainlineMoves())
		results[g.Result]++
		if action == pgnCat {
			format, _ := g.Format()
			wopt := xqpgn.WriteOptions{Notation: format, Mainline: opt.Mainline, NoComments: opt.NoComments}
			if err := xqpgn.Write(out, g, wopt); err != nil {
				return 0, err
			}
			fmt.Fprintln(out)
		}
	}
	switch action {
	case pgnCheck:
		fmt.Fprintf(out, "%s: %d games, %d plies, 0 errors\n", name, len(games), plies)
	case pgnStats:
		fmt.Fprintf(out, "%s: %d games, %d plies\n", name, len(games), plies)
		for _, res := range []string{"1-0", "0-1", "1/2-1/2", "*"} {
			fmt.Fprintf(out, "  %-8s %d\n", res, results[res])
		}
	}
	return 0, nil
}
