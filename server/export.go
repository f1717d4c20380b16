package server

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/store"
)

// exportGameJSON is one game of GET /api/games/user/{username} as NDJSON,
// in lichess's game export shape (its moves in SAN, as lichess writes them).
type exportGameJSON struct {
	ID         string                      `json:"id"`
	Rated      bool                        `json:"rated"`
	Variant    string                      `json:"variant"`
	Speed      string                      `json:"speed"`
	Perf       string                      `json:"perf"`
	CreatedAt  int64                       `json:"createdAt"`
	LastMoveAt int64                       `json:"lastMoveAt"`
	Status     string                      `json:"status"`
	Players    map[string]exportPlayerJSON `json:"players"`
	Winner     string                      `json:"winner,omitempty"`
	Moves      string                      `json:"moves"`
	InitialFen string                      `json:"initialFen,omitempty"`
	Clock      *exportClockJSON            `json:"clock,omitempty"`
}

// exportClockJSON is an exported game's clock, in seconds as lichess
// writes it there.
type exportClockJSON struct {
	Initial   int64 `json:"initial"`
	Increment int64 `json:"increment"`
	TotalTime int64 `json:"totalTime"` // initial + 40 × increment: lichess's estimate of a game's length
}

// exportPlayerJSON is a side of an exported game.
type exportPlayerJSON struct {
	User       *challengeUserJSON `json:"user,omitempty"`
	Rating     int                `json:"rating,omitempty"`
	RatingDiff int                `json:"ratingDiff,omitempty"`
}

// handleGamePart answers GET /api/games/{id}/pgn and /rating, and
// lichess's GET /api/games/user/{name}, which one ServeMux pattern cannot
// tell apart from them (no game's id is "user": ids are longer).
func (s *Server) handleGamePart(w http.ResponseWriter, r *http.Request) {
	id, part := r.PathValue("id"), r.PathValue("part")
	switch {
	case id == "user":
		r.SetPathValue("name", part)
		s.handleExportGames(w, r)
	case part == "pgn":
		s.handlePGN(w, r)
	case part == "rating":
		s.handleRating(w, r)
	default:
		s.httpError(w, fmt.Errorf("%w: no such endpoint %s %s", ErrBadRequest, r.Method, r.URL.Path))
	}
}

// handleExportGames streams {username}'s games, newest first, as PGN (the
// default) or NDJSON (Accept: application/x-ndjson), with lichess's
// filters max, since, until (ms), rated and perfType. Another person
// gets the public games only; a game of hidden information, only once it
// is over.
func (s *Server) handleExportGames(w http.ResponseWriter, r *http.Request) {
	ps, u, err := s.userNamed(r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	aq, err := parseGamesQueryAPI(r.URL.Query())
	if err != nil {
		s.httpError(w, err)
		return
	}
	me, _ := account.UserOf(r)
	own := me.ID == u.ID
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
		sums, err := ps.PlayerGames(r.Context(), playerID(u.Player), q)
		if err != nil {
			s.log.Warn("game export cut short", "err", err) // the answer has begun: it can only stop
			return
		}
		for _, sum := range sums {
			q.After = store.Cursor{CreatedAt: sum.CreatedAt, ID: sum.ID}
			if aq.Since > 0 && sum.CreatedAt.UnixMilli() < aq.Since {
				return
			}
			if (!own && !sum.Public) || !s.exportOne(w, r, sum.ID, aq, asJSON) {
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
func (s *Server) exportOne(w io.Writer, r *http.Request, id string, aq gamesQuery, asJSON bool) bool {
	var out exportGameJSON
	var text string
	var skip bool
	err := s.read(r.Context(), id, func(g *game.Game) {
		c := clockOf(g)
		perf := perfOf(g.Variant(), c)
		if (g.Hidden() && !g.Status().Finished()) || (len(aq.PerfType) > 0 && !slices.Contains(aq.PerfType, perf)) {
			skip = true
			return
		}
		if !asJSON {
			text = g.PGN()
			return
		}
		out = exportOf(g, perf, c)
	})
	if err != nil || skip {
		return false
	}
	if !asJSON {
		_, _ = io.WriteString(w, strings.TrimRight(s.ratedPGN(r.Context(), id, text), "\n")+"\n\n")
		return true
	}
	s.addRatings(r, &out)
	_, _ = w.Write(jsonLine(out))
	return true
}

// exportOf is g in the export's shape, its players not yet named.
func exportOf(g *game.Game, perf string, c game.ClockConfig) exportGameJSON {
	st := gameState(g)
	out := exportGameJSON{ID: g.ID(), Variant: lichessVariant(g.Variant()).Key, Speed: speedOf(c), Perf: perf,
		CreatedAt: g.CreatedAt().UnixMilli(), LastMoveAt: g.UpdatedAt().UnixMilli(), Winner: st.Winner,
		Players: map[string]exportPlayerJSON{"white": {}, "black": {}}}
	out.Status, _ = lichessStatus(g)
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
		out.Clock = &exportClockJSON{Initial: in, Increment: inc, TotalTime: in + 40*inc}
	}
	return out
}

// addRatings names a rated game's players, with their ratings before it
// and its change.
func (s *Server) addRatings(r *http.Request, out *exportGameJSON) {
	rs := s.ratings()
	if rs == nil {
		return
	}
	rg, err := rs.RatedGame(r.Context(), out.ID)
	if err != nil {
		return
	}
	out.Rated = true
	side := func(name string, before, after int) exportPlayerJSON {
		p := exportPlayerJSON{}
		if name != "" {
			p.User = &challengeUserJSON{ID: lowerName(name), Name: name}
		}
		if rg.State == store.RatingApplied {
			p.Rating, p.RatingDiff = before, after-before
		}
		return p
	}
	out.Players["white"] = side(rg.WhiteName, rg.WhiteBefore.Int(), rg.WhiteAfter.Int())
	out.Players["black"] = side(rg.BlackName, rg.BlackBefore.Int(), rg.BlackAfter.Int())
}
