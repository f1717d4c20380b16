package export

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Server is what the export reads from the server.
type Server interface {
	// Read calls f with game id as it stands (from its hub if live, else
	// from the store); f must not keep g.
	Read(ctx context.Context, id string, f func(g *game.Game)) error
	// Error answers err: its status, code and message.
	Error(w http.ResponseWriter, err error)
	// UserNamed reads the account of r's {name} and the store of its games
	// (store.ErrNoUser for no such account).
	UserNamed(r *http.Request) (Store, store.User, error)
	// NameKey is the key an account named name is stored under, or an
	// error (wrapping wire.ErrBadUsername) for a name no account has.
	NameKey(name string) (string, error)
	// PlayerOf is the player id the seats of account u record.
	PlayerOf(u store.User) string
	// Facts are g's facts in lichess's words.
	Facts(g *game.Game) Facts
	// TakeExport takes one export of games from r's address, or says how
	// long to wait (a stream of many games costs the server as many reads).
	TakeExport(r *http.Request) error
	// Player is the player id of whoever sent r ("" for a stranger): the
	// games they sit in are theirs to see in another's list.
	Player(r *http.Request) string
	// Sides names seats as the API writes players: an account's seat (its
	// player the account's) by its id and username, any other by the name
	// it gave, the computer's, or Anonymous.
	Sides(ctx context.Context, seats [2]game.Seat) [2]Side
	// Rated is game id's rating record; nil for a game not rated.
	Rated(ctx context.Context, id string) *store.RatedGame
	// Review is game id's stored computer review; nil for none (yet).
	Review(ctx context.Context, id string) *review.Review
	// GameURL is the address of game id's page as r reached the server
	// ("" when r's host is no plain host): the PGN's Site.
	GameURL(r *http.Request, id string) string
}

// Store is what the export reads from the store: a player's games, a
// page at a time, and the accounts (vs names one).
type Store interface {
	PlayerGames(ctx context.Context, player string, q store.GamesQuery) ([]store.Summary, error)
	UserByName(ctx context.Context, name string) (store.User, error)
}

// Facts are a game's facts as lichess's API names them, which the server
// names for every answer in lichess's shapes.
type Facts struct {
	Status  string           // lichess's status name: "mate", "resign", "outoftime"…
	Variant string           // lichess's variant key: "standard" for chess
	Speed   string           // "blitz", "correspondence"…
	Perf    string           // the rating the game counts for
	Winner  string           // "white", "black"; "" for none
	Clock   game.ClockConfig // the time control
}

// Handler serves lichess's game exports: GET /api/games/user/{name} and
// POST /api/games/export/_ids. It is safe for concurrent use.
type Handler struct {
	srv Server
	log *slog.Logger
}

// New returns the game export over srv; log is where an export cut short
// is told.
func New(srv Server, log *slog.Logger) *Handler { return &Handler{srv: srv, log: log} }

// pageSize is how many summaries the export reads from the store at once.
const pageSize = 100

// Games streams {username}'s games, newest first, as PGN (the default)
// or NDJSON (Accept: application/x-ndjson), filtered and written as
// lichess's parameters say (parseGamesQueryAPI). Another person gets the
// games store.Summary.VisibleTo lets them see, the profile's rule: those they sat
// in, and those over that are public or rated. A game of hidden
// information comes only once it is over; an aborted game never (lichess
// counts it neither finished nor ongoing).
func (h *Handler) Games(w http.ResponseWriter, r *http.Request) {
	if err := h.srv.TakeExport(r); err != nil {
		h.srv.Error(w, err)
		return
	}
	ps, u, err := h.srv.UserNamed(r)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	aq, err := parseGamesQueryAPI(r.URL.Query(), h.srv.NameKey)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	f := filter{gamesQuery: aq, owner: h.srv.PlayerOf(u)}
	if aq.Vs != "" {
		vs, err := h.opponent(r.Context(), ps, aq.Vs)
		switch {
		case errors.Is(err, store.ErrNoUser):
			f.nobody = true // games against no one: none
		case err != nil:
			h.srv.Error(w, err)
			return
		}
		f.vs = vs
	}
	viewer := h.srv.Player(r)
	asJSON := startAnswer(w, r)
	if f.nobody {
		return
	}
	flusher, _ := w.(http.Flusher)
	q := store.GamesQuery{Limit: pageSize, Rated: aq.Rated}
	if aq.Until > 0 {
		q.After = store.Cursor{CreatedAt: time.UnixMilli(aq.Until + 1).UTC()}
	}
	written := 0
	for {
		sums, err := ps.PlayerGames(r.Context(), f.owner, q)
		if err != nil {
			h.log.Warn("game export cut short", "err", err) // the answer has begun: it can only stop
			return
		}
		for _, sum := range sums {
			q.After = store.Cursor{CreatedAt: sum.CreatedAt, ID: sum.ID}
			if aq.Since > 0 && sum.CreatedAt.UnixMilli() < aq.Since {
				return
			}
			if !f.listed(sum) {
				continue
			}
			var rated *store.RatedGame
			if game.Mode(sum.Mode) == game.ModeOnline { // only online games are rated
				rated = h.srv.Rated(r.Context(), sum.ID)
			}
			if !sum.VisibleTo(viewer, rated != nil && rated.State == store.RatingApplied) {
				continue
			}
			e, ok := h.read(r.Context(), sum.ID)
			if !ok || !f.kept(e) {
				continue
			}
			e.rated = rated
			if aq.Evals || aq.Accuracy || aq.Analysed != nil {
				e.review = h.srv.Review(r.Context(), sum.ID)
				if aq.Analysed != nil && *aq.Analysed != (e.review != nil) {
					continue
				}
			}
			e.sides = h.srv.Sides(r.Context(), e.seats)
			_, _ = w.Write(e.write(aq.options, asJSON, h.srv.GameURL(r, e.id)))
			if written++; aq.Max > 0 && written >= aq.Max {
				return
			}
		}
		if flusher != nil {
			flusher.Flush()
		}
		if len(sums) < q.Limit || r.Context().Err() != nil {
			return
		}
	}
}

// ByIDs answers lichess's POST /api/games/export/_ids: the games whose
// ids the body lists (comma-separated, at most MaxIDs; parseIDs), newest
// first, as PGN or NDJSON (Accept), written as the query's presentation
// options say. An id is as good as a link: anyone who has one sees the
// game, as its page and GET /api/games/{id}/pgn show it; a game of
// hidden information only once it is over. An id of no game is left out,
// as lichess leaves it.
func (h *Handler) ByIDs(w http.ResponseWriter, r *http.Request) {
	if err := h.srv.TakeExport(r); err != nil {
		h.srv.Error(w, err)
		return
	}
	o, err := parseIDsQuery(r.URL.Query())
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxIDsBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			err = fmt.Errorf("%w: the body is over %d bytes (at most %d ids)", wire.ErrTooLarge, tooBig.Limit, MaxIDs)
		} else {
			err = fmt.Errorf("%w: reading the body: %v", wire.ErrBadRequest, err)
		}
		h.srv.Error(w, err)
		return
	}
	ids, err := parseIDs(string(body))
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	h.write(w, r, ids, o)
}

// IDs answers games ids as GET /api/games/export/_ids does, with the
// options of r's query (a tournament's games: lichess's
// /api/tournament/{id}/games).
func (h *Handler) IDs(w http.ResponseWriter, r *http.Request, ids []string) {
	if err := h.srv.TakeExport(r); err != nil {
		h.srv.Error(w, err)
		return
	}
	ids = ids[max(0, len(ids)-MaxIDs):] // the newest, as lichess's export by ids takes at most MaxIDs
	o, err := parseIDsQuery(r.URL.Query())
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	h.write(w, r, ids, o)
}

// write answers the games of ids that exist, newest first.
func (h *Handler) write(w http.ResponseWriter, r *http.Request, ids []string, o options) {
	var games []exported
	for _, id := range ids {
		if r.Context().Err() != nil {
			return
		}
		e, ok := h.read(r.Context(), id)
		if !ok {
			continue
		}
		h.complete(r.Context(), &e, o)
		games = append(games, e)
	}
	slices.SortStableFunc(games, func(a, b exported) int { return b.created.Compare(a.created) }) // lichess's order: newest first
	asJSON := startAnswer(w, r)
	for i := range games {
		_, _ = w.Write(games[i].write(o, asJSON, h.srv.GameURL(r, games[i].id)))
	}
}

// startAnswer writes the headers of an export of games: NDJSON when r's
// Accept asks for it (true), else PGN.
func startAnswer(w http.ResponseWriter, r *http.Request) (asJSON bool) {
	asJSON = strings.Contains(r.Header.Get("Accept"), "application/x-ndjson")
	if asJSON {
		w.Header().Set("Content-Type", "application/x-ndjson")
	} else {
		w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	}
	w.Header().Set("Cache-Control", "no-store")
	return asJSON
}

// opponent is the player id of the account name (vs) names.
func (h *Handler) opponent(ctx context.Context, ps Store, name string) (string, error) {
	key, err := h.srv.NameKey(name)
	if err != nil {
		return "", fmt.Errorf("%w: no such player", store.ErrNoUser)
	}
	u, err := ps.UserByName(ctx, key)
	if err != nil {
		if !errors.Is(err, store.ErrNoUser) {
			err = fmt.Errorf("%w: %v", wire.ErrStorage, err)
		}
		return "", err
	}
	return h.srv.PlayerOf(u), nil
}

// read copies game id for an export; false when it cannot be read now
// (left out) or is a game of hidden information still played.
func (h *Handler) read(ctx context.Context, id string) (exported, bool) {
	var e exported
	hidden := false
	var pgnErr error
	err := h.srv.Read(ctx, id, func(g *game.Game) {
		if hidden = g.Hidden() && !g.Status().Finished(); !hidden {
			e.snapshot, pgnErr = snapshotOf(g, h.srv.Facts(g))
		}
	})
	if err == nil {
		err = pgnErr
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		h.log.Warn("game export left a game out", "game", id, "err", err)
	}
	return e, err == nil && !hidden
}

// write is e as one game of an export: PGN ending with two blank lines,
// or one NDJSON line.
func (e *exported) write(o options, asJSON bool, site string) []byte {
	var text string
	if !asJSON || o.PGNInJSON {
		text = e.pgnText(o, cmp.Or(site, "Gambit"))
	}
	if !asJSON {
		return []byte(text)
	}
	data, _ := json.Marshal(e.json(o, strings.TrimSpace(text)))
	return append(data, '\n')
}

// filter is what the export of a player's games keeps.
type filter struct {
	gamesQuery
	owner  string // the player id of the account whose games these are
	vs     string // the opponent's player id; "" for anyone
	nobody bool   // vs names no account: no game is kept
}

// listed reports whether the summary passes the filters it can tell:
// finished (and not aborted) or under way as the query asks, a game
// under way only when both seats are taken.
func (f *filter) listed(sum store.Summary) bool {
	switch {
	case sum.Status == game.Aborted.String():
		return false
	case sum.Finished:
		return f.Finished
	}
	return f.Ongoing && sum.WhiteKind != string(game.SeatOpen) && sum.BlackKind != string(game.SeatOpen)
}

// kept reports whether game e passes the filters the summary cannot tell:
// perfType, and the owner's colour and opponent.
func (f *filter) kept(e exported) bool {
	if len(f.PerfType) > 0 && !slices.Contains(f.PerfType, e.facts.Perf) {
		return false
	}
	if f.Color == "" && f.vs == "" {
		return true
	}
	for c, s := range e.seats {
		if !f.owns(s) || f.Color != "" && colorNames[c] != f.Color {
			continue
		}
		if theirs := e.seats[1-c]; f.vs == "" || theirs.Kind == game.SeatHuman && theirs.Player == f.vs && !f.owns(theirs) {
			return true
		}
	}
	return false
}

// owns reports whether seat s is the owner's: a person's seat whose player
// is the account's.
func (f *filter) owns(s game.Seat) bool { return s.Kind == game.SeatHuman && s.Player == f.owner }

// complete adds to e, read, what its export writes beside the game: its
// ratings, its review when o shows it, its players' names.
func (h *Handler) complete(ctx context.Context, e *exported, o options) {
	e.rated = h.srv.Rated(ctx, e.id)
	if o.Evals || o.Accuracy {
		e.review = h.srv.Review(ctx, e.id)
	}
	e.sides = h.srv.Sides(ctx, e.seats)
}

// Game answers lichess's GET /game/export/{id}: one game as PGN, or as
// its JSON when the request accepts application/json (lichess's rule),
// with the presentation options of the other exports. Anyone who has a
// game's id may read it, as its page shows it to anyone; a game of hidden
// information only once it is over, since its record holds what each
// side could not see.
func (h *Handler) Game(w http.ResponseWriter, r *http.Request) {
	o, err := parseIDsQuery(r.URL.Query())
	id := r.PathValue("id")
	var e exported
	hidden := false
	if err == nil {
		var pgnErr error
		err = h.srv.Read(r.Context(), id, func(g *game.Game) {
			if hidden = g.Hidden() && !g.Status().Finished(); !hidden {
				e.snapshot, pgnErr = snapshotOf(g, h.srv.Facts(g))
			}
		})
		if err == nil {
			err = pgnErr
		}
	}
	if err == nil && hidden {
		err = fmt.Errorf("%w: game %s", game.ErrHiddenInPlay, id)
	}
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	h.complete(r.Context(), &e, o)
	asJSON := strings.Contains(r.Header.Get("Accept"), "application/json")
	if asJSON {
		w.Header().Set("Content-Type", "application/json")
	} else {
		w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	}
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(append(bytes.TrimRight(e.write(o, asJSON, h.srv.GameURL(r, id)), "\n"), '\n'))
}
