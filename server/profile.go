package server

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/render/chart"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/store"
)

// Profiles: a player's ratings (GET /api/user/{name}, in lichess's shape
// where it overlaps), their games a page at a time, their rating history
// as a graph, and the leaderboards. Another person sees the player's
// public games only; the player sees all of theirs ("My games"). Nothing
// about sessions or addresses is ever in an answer.

// perfJSON is one rating as lichess's user API writes it, with the
// win/draw/loss record.
type perfJSON struct {
	Games  int  `json:"games"`
	Rating int  `json:"rating"`
	RD     int  `json:"rd"`
	Prov   bool `json:"prov,omitempty"`
	Wins   int  `json:"wins"`
	Draws  int  `json:"draws"`
	Losses int  `json:"losses"`
}

// userJSON answers GET /api/user/{name}.
type userJSON struct {
	Username  string              `json:"username"`
	CreatedAt int64               `json:"createdAt"` // milliseconds, as lichess writes it
	Perfs     map[string]perfJSON `json:"perfs"`
}

// profileStore is what the profiles read.
type profileStore interface {
	store.Accounts
	store.Ratings
	store.History
}

// profiles returns the store's profiles, or an error for a store without.
func (s *Server) profiles() (profileStore, error) {
	ps, ok := s.store.(profileStore)
	if !ok {
		return nil, fmt.Errorf("%w: this server keeps no accounts", store.ErrNotFound)
	}
	return ps, nil
}

// userNamed reads {name}'s account; ErrNoUser for none (and for a name no
// account could have, which is never looked up).
func (s *Server) userNamed(r *http.Request) (profileStore, store.User, error) {
	ps, err := s.profiles()
	if err != nil {
		return nil, store.User{}, err
	}
	name := r.PathValue("name")
	if account.CheckName(name) != nil && len(name) > account.MaxName {
		return nil, store.User{}, fmt.Errorf("%w: no such player", store.ErrNoUser)
	}
	u, err := ps.UserByName(r.Context(), name)
	if err != nil && !errors.Is(err, store.ErrNoUser) {
		err = fmt.Errorf("%w: %v", ErrStorage, err)
	}
	return ps, u, err
}

func (s *Server) handleUser(w http.ResponseWriter, r *http.Request) {
	ps, u, err := s.userNamed(r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	rs, err := ps.UserRatings(r.Context(), u.ID)
	if err != nil {
		s.httpError(w, fmt.Errorf("%w: %v", ErrStorage, err))
		return
	}
	out := userJSON{Username: u.Name, CreatedAt: u.CreatedAt.UnixMilli(), Perfs: map[string]perfJSON{}}
	for _, rt := range rs {
		out.Perfs[rt.Perf] = perfJSON{Games: rt.Games, Rating: rt.Int(), RD: int(rt.Deviation), Prov: rt.Provisional(),
			Wins: rt.Wins, Draws: rt.Draws, Losses: rt.Losses}
	}
	writeJSON(w, http.StatusOK, out)
}

// gamesPageJSON answers GET /api/user/{name}/games: a page, and the cursor
// of the next one ("" after the last).
type gamesPageJSON struct {
	Games []summaryJSON `json:"games"`
	Next  string        `json:"next,omitempty"`
}

// parseGamesQuery reads the filters and the page of GET
// /api/user/{name}/games: variant, rated (true/false), result (1-0, 0-1,
// 1/2-1/2), after (a cursor: nanoseconds "." game id), limit (1 to 100).
func parseGamesQuery(v map[string][]string) (store.GamesQuery, error) {
	get := func(k string) string {
		if len(v[k]) == 0 {
			return ""
		}
		return v[k][0]
	}
	q := store.GamesQuery{Variant: get("variant"), Result: get("result"), Limit: 20}
	if q.Variant != "" && !validID(q.Variant) { // a variant's name is lower-case letters and digits
		return q, fmt.Errorf("%w: variant %.20q", ErrBadRequest, q.Variant)
	}
	switch q.Result {
	case "", "1-0", "0-1", "1/2-1/2":
	default:
		return q, fmt.Errorf("%w: result is 1-0, 0-1 or 1/2-1/2, not %.20q", ErrBadRequest, q.Result)
	}
	switch get("rated") {
	case "":
	case "true":
		q.Rated = new(bool)
		*q.Rated = true
	case "false":
		q.Rated = new(bool)
	default:
		return q, fmt.Errorf("%w: rated is true or false", ErrBadRequest)
	}
	if l := get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			return q, fmt.Errorf("%w: limit is 1 to 100", ErrBadRequest)
		}
		q.Limit = n
	}
	if a := get("after"); a != "" {
		ns, id, ok := strings.Cut(a, ".")
		n, err := strconv.ParseInt(ns, 10, 64)
		if !ok || err != nil || n <= 0 || !validID(id) {
			return q, fmt.Errorf("%w: after is a cursor from the previous page", ErrBadRequest)
		}
		q.After = store.Cursor{CreatedAt: time.Unix(0, n).UTC(), ID: id}
	}
	return q, nil
}

func (s *Server) handleUserGames(w http.ResponseWriter, r *http.Request) {
	ps, u, err := s.userNamed(r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	q, err := parseGamesQuery(r.URL.Query())
	if err != nil {
		s.httpError(w, err)
		return
	}
	me, _ := account.UserOf(r)
	own := me.ID == u.ID
	player := playerID(u.Player)
	out := gamesPageJSON{Games: []summaryJSON{}}
	// Another person sees the public games only: read pages until one is
	// full or the games run out (bounded: a page of others' view reads at
	// most five of the store's).
	for range 5 {
		sums, err := ps.PlayerGames(r.Context(), player, q)
		if err != nil {
			s.httpError(w, fmt.Errorf("%w: %v", ErrStorage, err))
			return
		}
		for _, sum := range sums {
			q.After = store.Cursor{CreatedAt: sum.CreatedAt, ID: sum.ID}
			if own || sum.Public {
				out.Games = append(out.Games, summaryOf(sum, own))
			}
		}
		if len(sums) < q.Limit || len(out.Games) >= q.Limit {
			if len(sums) == q.Limit {
				out.Next = fmt.Sprintf("%d.%s", q.After.CreatedAt.UnixNano(), q.After.ID)
			}
			break
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

// summaryOf is a stored game as listings show it; yours says the asker
// plays in it.
func summaryOf(sum store.Summary, yours bool) summaryJSON {
	var named *round.OpeningJSON
	if sum.ECO != "" {
		named = &round.OpeningJSON{ECO: sum.ECO, Name: sum.Opening}
	}
	return summaryJSON{Opening: named, ID: sum.ID, Mode: game.Mode(sum.Mode), Variant: game.Variant(sum.Variant), Status: sum.Status,
		Result: sum.Result, Plies: sum.Plies, UpdatedAt: sum.UpdatedAt, CreatedAt: sum.CreatedAt, Termination: sum.Termination,
		TimeControl: sum.TimeControl, Yours: yours, Seats: summarySeats(sum, yours)}
}

// handleRatingGraph draws {name}'s rating in ?perf over their rated games.
func (s *Server) handleRatingGraph(w http.ResponseWriter, r *http.Request) {
	ps, u, err := s.userNamed(r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	perf := r.URL.Query().Get("perf")
	h, err := ps.RatingHistory(r.Context(), u.ID, perf)
	if err != nil {
		s.httpError(w, fmt.Errorf("%w: %v", ErrStorage, err))
		return
	}
	values := make([]float64, 0, len(h)+1)
	if len(h) > 0 {
		values = append(values, 1500) // where every rating starts
	}
	for _, p := range h {
		values = append(values, p.Rating)
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(chart.Line(values, chart.Options{Width: 600, Height: 200, Title: u.Name + " · " + perf}))
}

// leaderJSON is one line of GET /api/leaderboard/{perf}.
type leaderJSON struct {
	Username string `json:"username"`
	Rating   int    `json:"rating"`
	RD       int    `json:"rd"`
	Games    int    `json:"games"`
}

// activeFor is how recently a player must have played to be on a
// leaderboard.
const activeFor = 30 * 24 * time.Hour

func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	ps, err := s.profiles()
	if err != nil {
		s.httpError(w, err)
		return
	}
	perf := r.PathValue("perf")
	if !validID(perf) {
		s.httpError(w, fmt.Errorf("%w: no such rating", ErrBadRequest))
		return
	}
	list, err := ps.Leaderboard(r.Context(), perf, s.now().Add(-activeFor), 50)
	if err != nil {
		s.httpError(w, fmt.Errorf("%w: %v", ErrStorage, err))
		return
	}
	out := []leaderJSON{}
	for _, l := range list {
		out = append(out, leaderJSON{Username: l.Name, Rating: int(l.Rating), RD: int(l.RD), Games: l.Games})
	}
	writeJSON(w, http.StatusOK, out)
}

// handleUserPGN streams every game of {name} (the public ones to another
// person) as one PGN file, a page of the store at a time: memory stays
// that of one page however many games there are.
func (s *Server) handleUserPGN(w http.ResponseWriter, r *http.Request) {
	ps, u, err := s.userNamed(r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	me, _ := account.UserOf(r)
	own := me.ID == u.ID
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="gambit-`+u.Name+`.pgn"`)
	flusher, _ := w.(http.Flusher)
	q := store.GamesQuery{Limit: 100}
	for {
		sums, err := ps.PlayerGames(r.Context(), playerID(u.Player), q)
		if err != nil {
			s.log.Warn("PGN download cut short", "err", err) // the answer has begun: it can only stop
			return
		}
		for _, sum := range sums {
			q.After = store.Cursor{CreatedAt: sum.CreatedAt, ID: sum.ID}
			if !own && !sum.Public {
				continue
			}
			var text string
			if err := s.read(r.Context(), sum.ID, func(g *game.Game) { text = g.PGN() }); err != nil {
				continue // a game that cannot be read now is left out
			}
			_, _ = io.WriteString(w, strings.TrimRight(s.ratedPGN(r.Context(), sum.ID, text), "\n")+"\n\n")
		}
		if flusher != nil {
			flusher.Flush()
		}
		if len(sums) < q.Limit || r.Context().Err() != nil {
			return
		}
	}
}
