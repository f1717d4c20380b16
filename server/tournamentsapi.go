package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/player"
	"github.com/gambitchess/gambit/server/tournaments"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// newTournaments returns the arenas of s, nil when its store keeps no
// tournaments or no accounts (an arena is played by accounts).
func (s *Server) newTournaments() *tournaments.Service {
	ts, ok := s.store.(store.Tournaments)
	if _, accounts := s.store.(store.Accounts); !ok || !accounts {
		return nil
	}
	node := "local"
	if s.bus != nil {
		node = s.bus.Node()
	}
	return tournaments.New(tournaments.Config{Store: ts, Server: (*tournamentServer)(s), Node: node, Now: s.now, Log: s.log})
}

// registerTournaments adds lichess's tournament API and the live pages'
// sockets: reading is everyone's; creating, joining and leaving need an
// account (a token with tournament:write, as lichess's).
func (s *Server) registerTournaments(rs *account.Routes, games func(w http.ResponseWriter, r *http.Request, ids []string)) {
	t := s.tournaments
	if t == nil {
		return
	}
	// The arena as its player sees it ("me") reads a token with
	// tournament:write, as lichess's does.
	public, write, seen := account.Public(), account.Needs(account.ScopeTournamentWrite), account.SeenWith(account.ScopeTournamentWrite)
	rs.HandleFunc("GET /api/tournament", public, t.List)
	rs.HandleFunc("POST /api/tournament", write, t.Create)
	rs.HandleFunc("GET /api/tournament/{id}", seen, t.Show)
	rs.HandleFunc("POST /api/tournament/{id}/join", write, t.Join)
	rs.HandleFunc("POST /api/tournament/{id}/withdraw", write, t.Withdraw)
	rs.HandleFunc("POST /api/tournament/{id}/pause", write, t.Pause) // Gambit's: a break, as lichess's page offers
	rs.HandleFunc("GET /api/tournament/{id}/results", public, t.Results)
	rs.HandleFunc("GET /api/tournament/{id}/games", public, t.Games(games))
	rs.HandleFunc("GET /tournament/{id}/socket", seen, t.Socket) // its "me" to a signed-in viewer
}

// tournamentServer is s as the arenas see it (tournaments.Server).
type tournamentServer Server

func (t *tournamentServer) User(r *http.Request) (store.User, bool) { return account.UserOf(r) }

func (t *tournamentServer) Error(w http.ResponseWriter, err error) { (*Server)(t).httpError(w, err) }

func (t *tournamentServer) UserByID(ctx context.Context, id string) (store.User, error) {
	return t.store.(store.Accounts).UserByID(ctx, id)
}

func (t *tournamentServer) Perf(v game.Variant, c game.ClockConfig) string { return lichess.Perf(v, c) }

func (t *tournamentServer) NewID() string { return wire.NewID() }

// Rating is user's rating in perf, the default before their first game.
func (t *tournamentServer) Rating(ctx context.Context, user, perf string) (int, error) {
	rs, ok := t.store.(store.Ratings)
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

// StartGame creates, stores and starts tournament game id between white
// and black, rated when rated; store.ErrExists when it is stored already
// (a director that took over creates the games its predecessor may not
// have).
func (t *tournamentServer) StartGame(ctx context.Context, id string, opts game.Options, rated bool, white, black store.User) error {
	s := (*Server)(t)
	if _, err := s.store.Load(ctx, id); err == nil {
		return store.ErrExists
	}
	for c, u := range map[chess.Color]store.User{chess.White: white, chess.Black: black} {
		opts.Seats[c] = game.Seat{Kind: game.SeatHuman, Name: u.Name, Player: player.ID(u.Player), Title: u.Title}
	}
	g, err := game.New(opts)
	if err != nil {
		return fmt.Errorf("tournament game %s: %w", id, err)
	}
	if rs, ok := s.store.(store.Ratings); ok && rated {
		rg := store.RatedGame{GameID: id, Perf: lichess.Perf(opts.Variant, opts.Clock), White: white.ID, Black: black.ID}
		// ErrExists: a director before wrote it and died before the game
		// was created; the game is created now, rated as written.
		if err := rs.CreateRated(ctx, rg); err != nil && !errors.Is(err, store.ErrExists) {
			return fmt.Errorf("tournament game %s: rated: %w", id, err)
		}
	}
	if err := s.createGame(ctx, g); err != nil {
		return err
	}
	if err := s.claim(ctx, id); err != nil {
		return err
	}
	s.startHub(g, "")
	return nil
}

// Ended reads game id, returning it when it is over (tournaments.Server).
func (t *tournamentServer) Ended(ctx context.Context, id string) (*game.Game, error) {
	var over *game.Game
	err := (*Server)(t).read(ctx, id, func(g *game.Game) {
		if g.Status().Finished() {
			over = g
		}
	})
	return over, err
}
