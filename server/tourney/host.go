package tourney

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/player"
	"github.com/gambitchess/gambit/store"
)

// Host is Server made of the server's own parts: what only the server
// does (its requests' accounts, its errors, creating a live game, reading
// one) given as functions, the rest done here over the store.
type Host struct {
	Store   store.Log
	Account func(r *http.Request) (store.User, bool)
	Fail    func(w http.ResponseWriter, err error)
	PerfOf  func(v game.Variant, c game.ClockConfig) string
	ID      func() string
	// Create stores new game g and starts it on this node.
	Create func(ctx context.Context, g *game.Game) error
	// Read runs f on game id, live or stored.
	Read func(ctx context.Context, id string, f func(g *game.Game)) error
}

var _ Server = Host{}

func (h Host) User(r *http.Request) (store.User, bool)        { return h.Account(r) }
func (h Host) Error(w http.ResponseWriter, err error)         { h.Fail(w, err) }
func (h Host) Perf(v game.Variant, c game.ClockConfig) string { return h.PerfOf(v, c) }
func (h Host) NewID() string                                  { return h.ID() }
func (h Host) UserByID(ctx context.Context, id string) (store.User, error) {
	return h.Store.(store.Accounts).UserByID(ctx, id)
}

// Rating is user's rating in perf, the default before their first game.
func (h Host) Rating(ctx context.Context, user, perf string) (int, error) {
	rs, ok := h.Store.(store.Ratings)
	if !ok {
		return rating.Default().Int(), nil
	}
	all, err := rs.UserRatings(ctx, user)
	if err != nil {
		return 0, err
	}
	for _, r := range all {
		if r.Perf == perf {
			return r.Int(), nil
		}
	}
	return rating.Default().Int(), nil
}

// StartGame creates and starts tournament game id between white and
// black, rated when rated; store.ErrExists when it is stored already (a
// director that took over creates the games its predecessor may not
// have).
func (h Host) StartGame(ctx context.Context, id string, opts game.Options, rated bool, white, black store.User) error {
	if _, err := h.Store.Load(ctx, id); err == nil {
		return store.ErrExists
	}
	for c, u := range map[chess.Color]store.User{chess.White: white, chess.Black: black} {
		opts.Seats[c] = game.Seat{Kind: game.SeatHuman, Name: u.Name, Player: player.ID(u.Player), Title: u.Title}
	}
	g, err := game.New(opts)
	if err != nil {
		return fmt.Errorf("tournament game %s: %w", id, err)
	}
	if rs, ok := h.Store.(store.Ratings); ok && rated {
		rg := store.RatedGame{GameID: id, Perf: h.PerfOf(opts.Variant, opts.Clock), White: white.ID, Black: black.ID}
		// ErrExists: a director before wrote it and died before the game
		// was created; the game is created now, rated as written.
		if err := rs.CreateRated(ctx, rg); err != nil && !errors.Is(err, store.ErrExists) {
			return fmt.Errorf("tournament game %s: rated: %w", id, err)
		}
	}
	return h.Create(ctx, g)
}

// Ended reads game id, returning it when it is over.
func (h Host) Ended(ctx context.Context, id string) (*game.Game, error) {
	var over *game.Game
	err := h.Read(ctx, id, func(g *game.Game) {
		if g.Status().Finished() {
			over = g
		}
	})
	return over, err
}
