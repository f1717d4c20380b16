package server

import (
	"context"
	"net/http"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/games"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/store"
)

// Gambit's own API of games (create, join, adopt, the lobby, quick
// pairing, rated games) is package games: its handlers reach the server
// through games.Server, which s implements here (gamesServer), and s
// routes to them.

// newGames returns the game API of s; minClock is the shortest time
// control a game may have.
func (s *Server) newGames(minClock time.Duration) *games.Handler {
	return games.New(games.Config{Server: (*gamesServer)(s), Store: s.store, Lobby: s.lobby, Now: s.now, Log: s.log,
		MinClock: minClock, MaxDays: lichess.MaxDays})
}

// gamesServer is s as the game API sees it (games.Server), kept apart so
// that Server's own API does not grow by what only that package calls.
type gamesServer Server

func (gs *gamesServer) Read(ctx context.Context, id string, f func(g *game.Game)) error {
	return (*Server)(gs).read(ctx, id, f)
}

func (gs *gamesServer) Error(w http.ResponseWriter, err error) { (*Server)(gs).httpError(w, err) }

func (gs *gamesServer) Start(ctx context.Context, opts game.Options, player, client string) (games.Seated, error) {
	return (*Server)(gs).newGame(ctx, opts, player, client)
}

func (gs *gamesServer) Seat(ctx context.Context, id string, req games.SeatRequest) (games.Seated, error) {
	return (*Server)(gs).runSeatCommand(ctx, id, round.JoinSeatCmd{Player: req.Player, Name: req.Name, Title: req.Title, Token: req.Token})
}

// Withdraw takes back player's seek id before they move to another: an
// error when it is no longer open, or runs on another node (they ask
// again later, and may land on the node that runs it).
func (gs *gamesServer) Withdraw(ctx context.Context, id, player string) error {
	res := make(chan error, 1)
	cmd := round.WithdrawCmd{Player: player, Reply: func(err error) { res <- err }}
	if err := (*Server)(gs).live.With(ctx, id, func(h *round.Hub) error { return h.Send(ctx, cmd) }); err != nil {
		return err
	}
	return <-res // an accepted command always runs and replies
}

func (gs *gamesServer) ComputerGames(player string) []string { return gs.computer.Of(player) }

func (gs *gamesServer) SeatHeldFor(ctx context.Context, id string) (string, string, bool, error) {
	return gs.lichess.SeatHeldFor(ctx, id)
}

func (gs *gamesServer) Player(r *http.Request) string { return playerOf(r) }

func (gs *gamesServer) EnsurePlayer(w http.ResponseWriter, r *http.Request) (string, error) {
	return ensurePlayer(w, r)
}

func (gs *gamesServer) User(r *http.Request) (store.User, bool) { return account.UserOf(r) }

func (gs *gamesServer) TakeCreation(addr string) error { return (*Server)(gs).takeCreation(addr) }

func (gs *gamesServer) TakeChallenge(addr string) error { return (*Server)(gs).takeChallenge(addr) }

// BotSeat is the computer's seat at level in variant v: its level and
// the name it plays under ("Gambit Casual (~1200)", "Stockfish, level 3").
func (gs *gamesServer) BotSeat(v game.Variant, level string) (game.Seat, error) {
	l, err := gs.bot.LevelFor(v, level)
	if err != nil {
		return game.Seat{}, err
	}
	return game.Seat{Kind: game.SeatBot, Level: l.Name, Name: computer.BotName(l)}, nil
}

func (gs *gamesServer) Perf(v game.Variant, c game.ClockConfig) string { return lichess.Perf(v, c) }
