package profile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/render/chart"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Server is what the profiles read from the server.
type Server interface {
	// Read calls f with game id as it stands (from its hub if live, else
	// from the store); f must not keep g.
	Read(ctx context.Context, id string, f func(g *game.Game)) error
	// Error answers err: its status, code and message.
	Error(w http.ResponseWriter, err error)
	// RatedPGN adds a rated game's players and their ratings before it to
	// its PGN text.
	RatedPGN(ctx context.Context, id, text string) string
	// PlayerOf is the player id the seats of account u record.
	PlayerOf(u store.User) string
	// TakeExport takes one export of a player's games from r's address,
	// or says how long to wait (a stream of many games costs the server
	// as many reads).
	TakeExport(r *http.Request) error
	// Player is the player id of whoever sent r ("" for a stranger): the
	// games they sit in are theirs to see in another's list.
	Player(r *http.Request) string
	// User is the account r acts for (a session, or a token the route
	// lets act for it).
	User(r *http.Request) (store.User, bool)
	// NameKey is the key the account named name is found by (every
	// spelling of a name finds its account, as signing in does), or why
	// no account could have that name (account.NormalizeName).
	NameKey(name string) (string, error)
	// BotLevel names the computer's level of a seat (LevelOf).
	BotLevel(v game.Variant, name string) string
	// List lists the store's games, newest first (store.Log.List).
	List(ctx context.Context, q store.ListQuery) ([]store.Summary, error)
}

// Handler serves the profiles, the players' games and the leaderboards.
// It is safe for concurrent use.
type Handler struct {
	srv   Server
	store Store // nil: the server keeps no accounts
	now   func() time.Time
	log   *slog.Logger
}

// New returns the profiles over st (nil: a server keeping no accounts,
// whose every profile is not found); now is the server's clock (the
// leaderboards list who played recently) and log where a download cut
// short is told.
func New(srv Server, st Store, now func() time.Time, log *slog.Logger) *Handler {
	return &Handler{srv: srv, store: st, now: now, log: log}
}

// Perf is one rating as lichess's user API writes it, with the
// win/draw/loss record.
type Perf struct {
	Games  int  `json:"games"`
	Rating int  `json:"rating"`
	RD     int  `json:"rd"`
	Prov   bool `json:"prov,omitempty"`
	Wins   int  `json:"wins"`
	Draws  int  `json:"draws"`
	Losses int  `json:"losses"`
}

// User answers GET /api/user/{name} and GET /api/account.
type User struct {
	ID       string `json:"id"` // the name in lower case, as lichess's ids are
	Username string `json:"username"`
	// Title is "BOT" for a bot account (store.TitleBot), at the top
	// level as lichess puts it (lichess-bot reads it); absent for others.
	Title     string          `json:"title,omitempty"`
	CreatedAt int64           `json:"createdAt"` // milliseconds, as lichess writes it
	Perfs     map[string]Perf `json:"perfs"`
	// URL is the profile page's path, /@/{username}: lichess's
	// UserExtended requires url (its absolute address there); Gambit's
	// addresses are paths, as a challenge's url is.
	URL string `json:"url"`
}

// Store is what the profiles read from the store.
type Store interface {
	store.Accounts
	store.Ratings
	store.History
}

// profiles returns the store's profiles, or an error for a store without.
func (h *Handler) profiles() (Store, error) {
	ps := h.store
	if ps == nil {
		return nil, fmt.Errorf("%w: this server keeps no accounts", store.ErrNotFound)
	}
	return ps, nil
}

// UserNamed reads the account of r's {name}; store.ErrNoUser for none
// (and for a name no account could have, which is never looked up).
func (h *Handler) UserNamed(r *http.Request) (Store, store.User, error) {
	ps, err := h.profiles()
	if err != nil {
		return nil, store.User{}, err
	}
	key, err := h.srv.NameKey(r.PathValue("name")) // every spelling of a name finds its account, as signing in does
	if err != nil {
		return nil, store.User{}, fmt.Errorf("%w: no such player", store.ErrNoUser)
	}
	u, err := ps.UserByName(r.Context(), key)
	if err != nil && !errors.Is(err, store.ErrNoUser) {
		err = fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return ps, u, err
}

// User answers GET /api/user/{name}: the player's ratings.
func (h *Handler) User(w http.ResponseWriter, r *http.Request) {
	ps, u, err := h.UserNamed(r)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	out, err := userProfile(r, ps, u)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusOK, out)
}

// userProfile is u's account in lichess's user shape, with its ratings.
func userProfile(r *http.Request, ps Store, u store.User) (User, error) {
	rs, err := ps.UserRatings(r.Context(), u.ID)
	if err != nil {
		return User{}, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	out := User{ID: strings.ToLower(u.Name), Username: u.Name, Title: u.Title, CreatedAt: u.CreatedAt.UnixMilli(), Perfs: map[string]Perf{},
		URL: "/@/" + url.PathEscape(u.Name)}
	for _, rt := range rs {
		out.Perfs[rt.Perf] = Perf{Games: rt.Games, Rating: rt.Int(), RD: int(rt.Deviation), Prov: rt.Provisional(),
			Wins: rt.Wins, Draws: rt.Draws, Losses: rt.Losses}
	}
	return out, nil
}

// Account answers GET /api/account: the account of the token (any
// scope, as lichess's) or of the signed-in browser, in the shape of GET
// /api/user/{name}; 401 for no one.
func (h *Handler) Account(w http.ResponseWriter, r *http.Request) {
	u, ok := h.srv.User(r)
	if !ok {
		h.srv.Error(w, fmt.Errorf("%w: send Authorization: Bearer <token> (POST /api/token makes one)", wire.ErrSignedOut))
		return
	}
	ps, err := h.profiles()
	var out User
	if err == nil {
		out, err = userProfile(r, ps, u)
	}
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	wire.WriteJSON(w, http.StatusOK, out)
}

// GamesPage answers GET /api/user/{name}/games: a page, and the cursor of
// the next one ("" after the last).
type GamesPage struct {
	Games []Game `json:"games"`
	Next  string `json:"next,omitempty"`
}

// GamesQuery is what GET /api/user/{name}/games asks: the store's
// filters and page, and the outcome the list's owner had.
type GamesQuery struct {
	store.GamesQuery
	// Outcome keeps the games the owner won ("win"), lost ("loss") or drew
	// ("draw"), from their side as the list shows each (Game.Outcome); ""
	// for any. A draw is one for every seat, a game on one screen too.
	Outcome string
}

// ParseGamesQuery reads the filters and the page of GET
// /api/user/{name}/games: variant, rated (true/false), result (win, loss,
// draw from the player's side; or the record's 1-0, 0-1, 1/2-1/2), after
// (a cursor: nanoseconds "." game id), limit (1 to 100).
func ParseGamesQuery(v map[string][]string) (GamesQuery, error) {
	get := func(k string) string {
		if len(v[k]) == 0 {
			return ""
		}
		return v[k][0]
	}
	q := GamesQuery{GamesQuery: store.GamesQuery{Variant: get("variant"), Limit: 20}}
	if q.Variant != "" && !wire.ValidID(q.Variant) { // a variant's name is lower-case letters and digits
		return q, fmt.Errorf("%w: variant %.20q", wire.ErrBadRequest, q.Variant)
	}
	switch r := get("result"); r {
	case "", "1-0", "0-1", "1/2-1/2":
		q.Result = r
	case "draw":
		q.Result, q.Outcome = "1/2-1/2", r
	case "win", "loss":
		q.Decisive, q.Outcome = true, r // the side is the game's, told below
	default:
		return q, fmt.Errorf("%w: result is win, loss, draw, 1-0, 0-1 or 1/2-1/2, not %.20q", wire.ErrBadRequest, r)
	}
	switch get("rated") {
	case "":
	case "true":
		q.Rated = new(bool)
		*q.Rated = true
	case "false":
		q.Rated = new(bool)
	default:
		return q, fmt.Errorf("%w: rated is true or false", wire.ErrBadRequest)
	}
	if l := get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			return q, fmt.Errorf("%w: limit is 1 to 100", wire.ErrBadRequest)
		}
		q.Limit = n
	}
	if a := get("after"); a != "" {
		ns, id, ok := strings.Cut(a, ".")
		n, err := strconv.ParseInt(ns, 10, 64)
		if !ok || err != nil || n <= 0 || !wire.ValidID(id) {
			return q, fmt.Errorf("%w: after is a cursor from the previous page", wire.ErrBadRequest)
		}
		q.After = store.Cursor{CreatedAt: time.Unix(0, n).UTC(), ID: id}
	}
	return q, nil
}

// UserGames answers GET /api/user/{name}/games: a page of the player's
// games, newest first.
func (h *Handler) UserGames(w http.ResponseWriter, r *http.Request) {
	ps, u, err := h.UserNamed(r)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	q, err := ParseGamesQuery(r.URL.Query())
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	me, _ := h.srv.User(r)
	own, viewer := me.ID == u.ID, h.srv.Player(r)
	player := h.srv.PlayerOf(u)
	out := GamesPage{Games: []Game{}}
	// Another person sees what Visible lets them, and a won or lost game is
	// told by the owner's side, which the store does not keep: read pages
	// until one is full or the games run out (bounded: a page reads at
	// most five of the store's, then says where the next starts).
	for pages := 1; ; pages++ {
		sums, err := ps.PlayerGames(r.Context(), player, q.GamesQuery)
		if err != nil {
			h.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
			return
		}
		for _, sum := range sums {
			q.After = store.Cursor{CreatedAt: sum.CreatedAt, ID: sum.ID}
			rg, rated, err := ratedRecord(r.Context(), ps, sum)
			if err != nil {
				h.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
				return
			}
			if !own && !sum.VisibleTo(viewer, rated && rg.State == store.RatingApplied) {
				continue
			}
			g, err := h.gameOf(r.Context(), ps, u, player, sum, own, rg, rated)
			if err != nil {
				h.log.Warn("a listed game's seats are unknown", "err", err) // listed without its side
			}
			if q.Decisive && g.Outcome != q.Outcome {
				continue
			}
			out.Games = append(out.Games, g)
		}
		if len(sums) < q.Limit || len(out.Games) >= q.Limit || pages == 5 {
			if len(sums) == q.Limit {
				out.Next = fmt.Sprintf("%d.%s", q.After.CreatedAt.UnixNano(), q.After.ID)
			}
			break
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	wire.WriteJSON(w, http.StatusOK, out)
}

// RatingGraph answers GET /api/user/{name}/rating.svg: the player's
// rating in ?perf over their rated games, drawn.
func (h *Handler) RatingGraph(w http.ResponseWriter, r *http.Request) {
	ps, u, err := h.UserNamed(r)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	perf := r.URL.Query().Get("perf")
	hist, err := ps.RatingHistory(r.Context(), u.ID, perf)
	if err != nil {
		h.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	values := make([]float64, 0, len(hist)+1)
	if len(hist) > 0 {
		values = append(values, 1500) // where every rating starts
	}
	for _, p := range hist {
		values = append(values, p.Rating)
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(chart.Line(values, chart.Options{Width: 600, Height: 200, Title: u.Name + " · " + perf}))
}

// leaderJSON is one line of GET /api/leaderboard/{perf}.
type leaderJSON struct {
	Username string `json:"username"`
	Title    string `json:"title,omitempty"` // "BOT" for a bot account, as lichess's
	Rating   int    `json:"rating"`
	RD       int    `json:"rd"`
	Games    int    `json:"games"`
}

// activeFor is how recently a player must have played to be on a
// leaderboard.
const activeFor = 30 * 24 * time.Hour

// Leaderboard answers GET /api/leaderboard/{perf}: the best 50 players
// of the rating who played in the last 30 days.
func (h *Handler) Leaderboard(w http.ResponseWriter, r *http.Request) {
	ps, err := h.profiles()
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	perf := r.PathValue("perf")
	if !wire.ValidID(perf) {
		h.srv.Error(w, fmt.Errorf("%w: no such rating", wire.ErrBadRequest))
		return
	}
	list, err := ps.Leaderboard(r.Context(), perf, h.now().Add(-activeFor), 50)
	if err != nil {
		h.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	out := []leaderJSON{}
	for _, l := range list {
		out = append(out, leaderJSON{Username: l.Name, Title: l.Title, Rating: int(l.Rating), RD: int(l.RD), Games: l.Games})
	}
	wire.WriteJSON(w, http.StatusOK, out)
}

// UserPGN streams every game of {name} (to another person those Visible
// lets them see) as one PGN file, a page of the store at a time: memory stays
// that of one page however many games there are.
func (h *Handler) UserPGN(w http.ResponseWriter, r *http.Request) {
	if err := h.srv.TakeExport(r); err != nil {
		h.srv.Error(w, err)
		return
	}
	ps, u, err := h.UserNamed(r)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	me, _ := h.srv.User(r)
	own, viewer := me.ID == u.ID, h.srv.Player(r)
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="gambit-`+u.Name+`.pgn"`)
	flusher, _ := w.(http.Flusher)
	q := store.GamesQuery{Limit: 100}
	for {
		sums, err := ps.PlayerGames(r.Context(), h.srv.PlayerOf(u), q)
		if err != nil {
			h.log.Warn("PGN download cut short", "err", err) // the answer has begun: it can only stop
			return
		}
		for _, sum := range sums {
			q.After = store.Cursor{CreatedAt: sum.CreatedAt, ID: sum.ID}
			if !own {
				rg, rated, err := ratedRecord(r.Context(), ps, sum)
				if err != nil || !sum.VisibleTo(viewer, rated && rg.State == store.RatingApplied) {
					continue
				}
			}
			var text string
			var pgnErr error
			if err := h.srv.Read(r.Context(), sum.ID, func(g *game.Game) { text, pgnErr = g.View(game.Spectator).PGN() }); err != nil {
				continue // a game that cannot be read now is left out
			}
			if pgnErr != nil {
				h.log.Warn("a player's PGN download left a game out", "game", sum.ID, "err", pgnErr)
				continue
			}
			_, _ = io.WriteString(w, strings.TrimRight(h.srv.RatedPGN(r.Context(), sum.ID, text), "\n")+"\n\n")
		}
		if flusher != nil {
			flusher.Flush()
		}
		if len(sums) < q.Limit || r.Context().Err() != nil {
			return
		}
	}
}
