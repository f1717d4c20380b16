package main

import (
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/gambitchess/gambit/server"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/web"
)

// newServeCmd returns "gambit serve": the web app for chess, Chess960 and
// xiangqi on one screen, against the computer and online, with games kept
// in a SQLite database.
func newServeCmd() *cobra.Command {
	var addr, data string
	var workers int
	var online onlineFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Play in the browser: serve the web app (default command)",
		Long: "serve runs the Gambit web server: open the printed address in a browser to play\n" +
			"chess, Chess960 or xiangqi on one screen, against the computer or online (an invite link, the\n" +
			"lobby, quick pairing). Games are stored in --data/gambit.db and\n" +
			"unfinished ones continue, clocks included, when the server starts again.",
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return serve(cmd, addr, data, workers, online)
		},
	}
	cmd.Flags().StringVar(&addr, "addr", ":8080", "address to listen on")
	cmd.Flags().StringVar(&data, "data", "gambit-data", "directory of the game database")
	cmd.Flags().IntVar(&workers, "engine-workers", 1, "computer moves searched at once")
	atLeast(cmd, 1, "engine-workers")
	f := cmd.Flags()
	f.DurationVar(&online.claimAfter, "claim-after", 30*time.Second, "online: how long a player is away before the opponent may claim the win")
	f.DurationVar(&online.firstMoveTime, "first-move-time", time.Minute, "online: how long a side has for its first move before the game is aborted")
	f.IntVar(&online.createPerMinute, "create-per-minute", 30, "new games one address may create a minute")
	f.IntVar(&online.computerGames, "computer-games", 0, "live games against the computer in all (0: 64 per engine worker)")
	f.IntVar(&online.computerPerAddr, "computer-games-per-addr", 4, "live games against the computer one address may have")
	atLeast(cmd, 1, "claim-after", "first-move-time", "create-per-minute", "computer-games-per-addr")
	atLeast(cmd, 0, "computer-games")
	return cmd
}

// onlineFlags are serve's settings for online play.
type onlineFlags struct {
	claimAfter, firstMoveTime time.Duration
	createPerMinute           int
	computerGames             int // 0: the server's default
	computerPerAddr           int
}

func serve(cmd *cobra.Command, addr, data string, workers int, online onlineFlags) error {
	if err := os.MkdirAll(data, 0o755); err != nil {
		return fmt.Errorf("serve: data directory: %w", err)
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := store.OpenSQLite(ctx, filepath.Join(data, "gambit.db"))
	if err != nil {
		return err
	}
	defer st.Close()
	log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
	srv := server.New(server.Config{Store: st, Workers: workers, Assets: web.FS(), Logger: log,
		ClaimAfter: online.claimAfter, FirstMoveTime: online.firstMoveTime, CreatePerMinute: online.createPerMinute,
		ComputerGames: online.computerGames, ComputerGamesPerClient: online.computerPerAddr})
	return srv.Run(ctx, addr, func(a net.Addr) {
		fmt.Fprintf(cmd.OutOrStdout(), "Gambit is serving on http://%s\n", displayAddr(a))
	})
}

// displayAddr turns a listening address into one a browser can open.
func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}
