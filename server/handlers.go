package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/puzzle/starter"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/analysis"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/export"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/media"
	"github.com/gambitchess/gambit/server/openings"
	"github.com/gambitchess/gambit/server/player"
	"github.com/gambitchess/gambit/server/profile"
	"github.com/gambitchess/gambit/server/puzzles"
	"github.com/gambitchess/gambit/server/reviews"
	"github.com/gambitchess/gambit/store"
)

// The handlers of their own packages (analysis, reviews, openings,
// profile, export) read the server through the small interfaces each
// defines; serverView is the server as all of them see it.

// serverView is s as the handlers of other packages read it: its games,
// its error answer, the asker's player id, the ratings' PGN tags and the
// lichess words of a game. It holds nothing but s.
type serverView struct{ s *Server }

// Read runs f on game id (Server.read).
func (v serverView) Read(ctx context.Context, id string, f func(g *game.Game)) error {
	return v.s.read(ctx, id, f)
}

// Error answers err as every handler of the server does (Server.httpError).
func (v serverView) Error(w http.ResponseWriter, err error) { v.s.httpError(w, err) }

// Player is the player id of whoever sent r.
func (serverView) Player(r *http.Request) string { return playerOf(r) }

// PlayerOf is the player id the seats of account u record.
func (serverView) PlayerOf(u store.User) string { return player.ID(u.Player) }

// User is the account r acts for (account.UserOf).
func (serverView) User(r *http.Request) (store.User, bool) { return account.UserOf(r) }

// Browser is the player id of r's browser by its player cookie, given one
// first with issue (player.Ensure); "" for a program: a request with a
// token never reads a cookie.
func (serverView) Browser(w http.ResponseWriter, r *http.Request, issue bool) (string, error) {
	switch {
	case account.IsBearer(r):
		return "", nil
	case issue:
		return player.Ensure(w, r)
	}
	return player.Of(r), nil
}

// NameKey is the key of the account named name (account.NormalizeName).
func (serverView) NameKey(name string) (string, error) {
	_, key, err := account.NormalizeName(name)
	return key, err
}

// BotLevel names the computer's level of a seat (botLevel).
func (serverView) BotLevel(v game.Variant, name string) string { return botLevel(v, name) }

// List lists the store's games, newest first.
func (v serverView) List(ctx context.Context, q store.ListQuery) ([]store.Summary, error) {
	return v.s.store.List(ctx, q)
}

// botLevel is the level name of a computer seat of variant v named name
// (computer.LevelNamed reads every name a seat has had); "" when it names
// none of v's levels.
func botLevel(v game.Variant, name string) string {
	l, _ := computer.LevelNamed(v, name)
	return l.Name
}

// TakeAnalysis takes an analysis-board position from r's address.
func (v serverView) TakeAnalysis(r *http.Request) error {
	return take(v.s.rates.analysis, r, "analysis positions")
}

// TakeExport takes an export of a player's games from r's address.
func (v serverView) TakeExport(r *http.Request) error {
	return take(v.s.rates.exports, r, "game exports")
}

// RatedPGN adds a rated game's players and ratings to its PGN.
func (v serverView) RatedPGN(ctx context.Context, id, text string) string {
	return v.s.games.RatedPGN(ctx, id, text)
}

// UserNamed reads the account of r's {name} for the export.
func (v serverView) UserNamed(r *http.Request) (export.Store, store.User, error) {
	return v.s.userNamed(r)
}

// Sides names seats as the API for programs writes players.
func (v serverView) Sides(ctx context.Context, seats [2]game.Seat) [2]export.Side {
	var out [2]export.Side
	for c, p := range v.s.lichess.Sides(ctx, seats) {
		out[c] = export.Side{ID: p.ID, Name: p.Name}
	}
	return out
}

// Rated is game id's rating record, nil for a game not rated.
func (v serverView) Rated(ctx context.Context, id string) *store.RatedGame {
	rs, _ := v.s.store.(store.Ratings)
	if rs == nil {
		return nil
	}
	rg, err := rs.RatedGame(ctx, id)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			v.s.log.Warn("cannot read a game's rating", "game", id, "err", err)
		}
		return nil
	}
	return &rg
}

// Review is game id's stored review, nil for none.
func (v serverView) Review(ctx context.Context, id string) *review.Review {
	rv, err := v.s.reviews.Review(ctx, id)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			v.s.log.Warn("cannot read a game's review", "game", id, "err", err)
		}
		return nil
	}
	return rv
}

// GameURL is the address of game id's page as r reached the server.
func (serverView) GameURL(r *http.Request, id string) string { return media.GameURL(r, id) }

// Facts are g's facts in lichess's words (package lichess).
func (serverView) Facts(g *game.Game) export.Facts {
	c := lichess.ClockOf(g)
	status, _ := lichess.Status(g)
	return export.Facts{Status: status, Variant: lichess.VariantOf(g.Variant()).Key, Speed: lichess.Speed(c), Perf: lichess.Perf(g.Variant(), c),
		Winner: lichess.StateOf(g).Winner, Clock: c}
}

// handlers are the handlers of the server's routes that live in packages
// of their own. Handler makes them afresh; they keep no state but the
// puzzles' day's puzzle, chosen alike by every node (puzzles.Handler).
type handlers struct {
	analysis *analysis.Handler
	reviews  *reviews.Handler
	openings *openings.Handler
	profiles *profile.Handler
	export   *export.Handler
	puzzles  *puzzles.Handler
}

// handlers returns the handlers of s that live in packages of their own.
func (s *Server) handlers() handlers {
	v := serverView{s}
	ps, _ := s.store.(store.Puzzles) // nil: no puzzles
	return handlers{analysis: analysis.New(v, s.assets), reviews: reviews.NewHandler(s.reviews, v), openings: openings.New(s.book, v),
		profiles: s.profiles(), export: export.New(v, s.log),
		puzzles: puzzles.New(puzzles.Config{Store: ps, Asker: v, Error: s.httpError, Now: s.now, Log: s.log})}
}

// addPuzzles adds the puzzles Gambit ships (package puzzle/starter) and
// Config.Puzzles to a store that keeps puzzles, at every start: those
// stored already are kept as they are (their ratings and plays).
func (s *Server) addPuzzles(ctx context.Context) {
	st, ok := s.store.(store.Puzzles)
	if !ok {
		return
	}
	ps, err := starter.Puzzles()
	added := 0
	if err == nil {
		added, err = puzzles.Add(ctx, st, append(ps, s.puzzles...))
	}
	if err != nil {
		s.log.Error("cannot add the puzzles", "err", err)
		return
	}
	s.log.Info("puzzles added", "new", added, "shipped", len(ps), "given", len(s.puzzles))
}

// profiles returns the profiles of s's store (none when it keeps no
// accounts).
func (s *Server) profiles() *profile.Handler {
	ps, _ := s.store.(profile.Store)
	return profile.New(serverView{s}, ps, s.now, s.log)
}

// userNamed reads the account of r's {name} and the store of its games;
// store.ErrNoUser for none.
func (s *Server) userNamed(r *http.Request) (profile.Store, store.User, error) {
	return s.profiles().UserNamed(r)
}

// handleGamePart answers GET /api/games/{id}/pgn and /rating, and
// lichess's GET /api/games/user/{name} (package export), which one
// ServeMux pattern cannot tell apart from them (no game's id is "user":
// ids are longer).
func (s *Server) handleGamePart(w http.ResponseWriter, r *http.Request) {
	id, part := r.PathValue("id"), r.PathValue("part")
	switch {
	case id == "user":
		r.SetPathValue("name", part)
		export.New(serverView{s}, s.log).Games(w, r)
	case part == "pgn":
		s.handlePGN(w, r)
	case part == "rating":
		s.games.Rating(w, r)
	default:
		s.httpError(w, fmt.Errorf("%w: no such endpoint %s %.100s", store.ErrNotFound, r.Method, r.URL.Path))
	}
}
