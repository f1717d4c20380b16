package export

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/store"
)

// Server is what the export reads from the server.
type Server interface {
	// Read calls f with game id as it stands (from its hub if live, else
	// from the store); f must not keep g.
	Read(ctx context.Context, id string, f func(g *game.Game)) error
	// Error answers err: its status, code and message.
	Error(w http.ResponseWriter, err error)
	// RatedPGN adds a rated game's players and their ratings before it to
	// its PGN text.
	RatedPGN(ctx context.Context, id, text string) string
	// UserNamed reads the account of r's {name} and the store of its games
	// (store.ErrNoUser for no such account).
	UserNamed(r *http.Request) (Store, store.User, error)
	// PlayerOf is the player id the seats of account u record.
	PlayerOf(u store.User) string
	// Facts are g's facts in lichess's words.
	Facts(g *game.Game) Facts
	// TakeExport takes one export of a player's games from r's address,
	// or says how long to wait (a stream of many games costs the server
	// as many reads).
	TakeExport(r *http.Request) error
	// Ratings is the store of the ratings rated games changed.
	Ratings() Store
	// Player is the player id of whoever sent r ("" for a stranger): the
	// games they sit in are theirs to see in another's list.
	Player(r *http.Request) string
}

// Store is what the export reads from the store: a player's games, a
// page at a time, and the ratings a rated game changed.
type Store interface {
	PlayerGames(ctx context.Context, player string, q store.GamesQuery) ([]store.Summary, error)
	RatedGame(ctx context.Context, id string) (store.RatedGame, error)
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

// Handler serves lichess's game export, GET /api/games/user/{name}. It
// is safe for concurrent use.
type Handler struct {
	srv Server
	log *slog.Logger
}

// New returns the game export over srv; log is where an export cut short
// is told.
func New(srv Server, log *slog.Logger) *Handler { return &Handler{srv: srv, log: log} }

// Game is one game of GET /api/games/user/{username} as NDJSON,
// in lichess's game export shape (its moves in SAN, as lichess writes them).
type Game struct {
	ID         string            `json:"id"`
	Rated      bool              `json:"rated"`
	Variant    string            `json:"variant"`
	Speed      string            `json:"speed"`
	Perf       string            `json:"perf"`
	CreatedAt  int64             `json:"createdAt"`
	LastMoveAt int64             `json:"lastMoveAt"`
	Status     string            `json:"status"`
	Players    map[string]Player `json:"players"`
	Winner     string            `json:"winner,omitempty"`
	Moves      string            `json:"moves"`
	InitialFen string            `json:"initialFen,omitempty"`
	Clock      *Clock            `json:"clock,omitempty"`
}

// Clock is an exported game's clock, in seconds as lichess
// writes it there.
type Clock struct {
	Initial   int64 `json:"initial"`
	Increment int64 `json:"increment"`
	TotalTime int64 `json:"totalTime"` // initial + 40 × increment: lichess's estimate of a game's length
}

// User is an exported game's player as lichess writes it.
type User struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Player is a side of an exported game.
type Player struct {
	User       *User `json:"user,omitempty"`
	Rating     int   `json:"rating,omitempty"`
	RatingDiff int   `json:"ratingDiff,omitempty"`
}

// Games streams {username}'s games, newest first, as PGN (the
// default) or NDJSON (Accept: application/x-ndjson), with lichess's
// filters max, since, until (ms), rated and perfType. Another person
// gets the public games and those they sat in; a game of hidden
// information, only once it is over.
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
	aq, err := parseGamesQueryAPI(r.URL.Query())
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	viewer := h.srv.Player(r)
	asJSON := strings.Contains(r.Header.Get("Accept"), "application/x-ndjson")
	if asJSON {
		w.Header().Set("Content-Type", "application/x-ndjson")
	} else {
		w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	}
	w.Header().Set("Cache-Control", "no-store")
	flusher, _ := w.(http.Flusher)
	q := store.GamesQuery{Limit: 100, Rated: aq.Rated}
	if aq.Until > 0 {
		q.After = store.Cursor{CreatedAt: time.UnixMilli(aq.Until + 1).UTC()}
	}
	written := 0
	for {
		sums, err := ps.PlayerGames(r.Context(), h.srv.PlayerOf(u), q)
		if err != nil {
			h.log.Warn("game export cut short", "err", err) // the answer has begun: it can only stop
			return
		}
		for _, sum := range sums {
			q.After = store.Cursor{CreatedAt: sum.CreatedAt, ID: sum.ID}
			if aq.Since > 0 && sum.CreatedAt.UnixMilli() < aq.Since {
				return
			}
			if !sum.SeenBy(viewer) || !h.exportOne(w, r, ps, sum.ID, aq, asJSON) {
				continue
			}
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

// exportOne writes game id if it passes aq's perfType; false when it
// was left out.
func (h *Handler) exportOne(w io.Writer, r *http.Request, ps Store, id string, aq gamesQuery, asJSON bool) bool {
	var out Game
	var text string
	var skip bool
	err := h.srv.Read(r.Context(), id, func(g *game.Game) {
		facts := h.srv.Facts(g)
		if (g.Hidden() && !g.Status().Finished()) || (len(aq.PerfType) > 0 && !slices.Contains(aq.PerfType, facts.Perf)) {
			skip = true
			return
		}
		if !asJSON {
			text = g.PGN()
			return
		}
		out = exportOf(g, facts)
	})
	if err != nil || skip {
		return false
	}
	if !asJSON {
		_, _ = io.WriteString(w, strings.TrimRight(h.srv.RatedPGN(r.Context(), id, text), "\n")+"\n\n")
		return true
	}
	addRatings(r.Context(), ps, &out)
	_, _ = w.Write(jsonLine(out))
	return true
}

// exportOf is g, whose facts are f, in the export's shape, its players
// not yet named.
func exportOf(g *game.Game, f Facts) Game {
	c := f.Clock
	out := Game{ID: g.ID(), Variant: f.Variant, Speed: f.Speed, Perf: f.Perf,
		CreatedAt: g.CreatedAt().UnixMilli(), LastMoveAt: g.UpdatedAt().UnixMilli(), Winner: f.Winner,
		Players: map[string]Player{"white": {}, "black": {}}}
	out.Status = f.Status
	hist := g.History()
	sans := make([]string, 0, len(hist))
	for _, step := range hist[min(len(g.Header().Moves), len(hist)):] {
		sans = append(sans, step.SAN)
	}
	out.Moves = strings.Join(sans, " ")
	if fen := g.StartFEN(); fen != chess.StartFEN {
		out.InitialFen = fen
	}
	if c.Initial > 0 && !c.PerMove {
		in, inc := int64(c.Initial.Seconds()), int64(c.Increment.Seconds())
		out.Clock = &Clock{Initial: in, Increment: inc, TotalTime: in + 40*inc}
	}
	return out
}

// addRatings names a rated game's players, with their ratings before it
// and its change.
func addRatings(ctx context.Context, rs Store, out *Game) {
	if rs == nil {
		return
	}
	rg, err := rs.RatedGame(ctx, out.ID)
	if err != nil {
		return
	}
	out.Rated = true
	side := func(name string, before, after int) Player {
		p := Player{}
		if name != "" {
			p.User = &User{ID: strings.ToLower(name), Name: name} // lichess's ids: the name in lower case
		}
		if rg.State == store.RatingApplied {
			p.Rating, p.RatingDiff = before, after-before
		}
		return p
	}
	out.Players["white"] = side(rg.WhiteName, rg.WhiteBefore.Int(), rg.WhiteAfter.Int())
	out.Players["black"] = side(rg.BlackName, rg.BlackBefore.Int(), rg.BlackAfter.Int())
}

// jsonLine is v as one NDJSON line.
func jsonLine(v any) []byte {
	data, _ := json.Marshal(v)
	return append(data, '\n')
}

// Game answers lichess's GET /game/export/{id}: one game as PGN, or in
// the export's JSON shape when the request accepts application/json
// (lichess's rule). Anyone who has a game's id may read it, as its page
// shows it to anyone; a game of hidden information only once it is over,
// since its PGN holds what each side could not see.
func (h *Handler) Game(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	asJSON := strings.Contains(r.Header.Get("Accept"), "application/json")
	var out Game
	var text string
	var hidden bool
	err := h.srv.Read(r.Context(), id, func(g *game.Game) {
		if hidden = g.Hidden() && !g.Status().Finished(); hidden {
			return
		}
		text = g.PGN()
		if asJSON {
			out = exportOf(g, h.srv.Facts(g))
		}
	})
	if err == nil && hidden {
		err = fmt.Errorf("%w: game %s", game.ErrHiddenInPlay, id)
	}
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	if !asJSON {
		w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
		_, _ = io.WriteString(w, strings.TrimRight(h.srv.RatedPGN(r.Context(), id, text), "\n")+"\n")
		return
	}
	addRatings(r.Context(), h.srv.Ratings(), &out)
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(jsonLine(out))
}
