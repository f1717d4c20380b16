package profile

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// RatingHistory is one perf of GET /api/user/{name}/rating-history, as
// lichess writes it: the perf's name as people read it ("Blitz"), and the
// rating at the end of each day the player played it rated, oldest first,
// each point [year, month (0 for January), day, rating].
type RatingHistory struct {
	Name   string   `json:"name"`
	Points [][4]int `json:"points"`
}

// historyPerf is a perf of the history: its key in the store and its
// name.
type historyPerf struct{ key, name string }

// historyPerfs are the perfs every history lists, played or not: chess
// by speed, fastest first, as lichess's; then each variant but chess by
// its label, in the order of their names.
func historyPerfs() []historyPerf {
	var out []historyPerf
	for s := rating.Bullet; s <= rating.Correspondence; s++ {
		key := s.String()
		out = append(out, historyPerf{key, strings.ToUpper(key[:1]) + key[1:]})
	}
	for _, spec := range game.Specs() {
		if spec.Name != game.DefaultVariant {
			out = append(out, historyPerf{string(spec.Name), spec.Label})
		}
	}
	return out
}

// RatingHistory answers lichess's GET /api/user/{name}/rating-history:
// for every perf (historyPerfs, then any other the player has a rating
// in), the player's rating after each day's last rated game of it (UTC);
// a perf never played has no points, as lichess lists it.
func (h *Handler) RatingHistory(w http.ResponseWriter, r *http.Request) {
	ps, u, err := h.UserNamed(r)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	perfs := historyPerfs()
	ratings, err := ps.UserRatings(r.Context(), u.ID)
	if err != nil {
		h.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	for _, rt := range ratings {
		if !slices.ContainsFunc(perfs, func(p historyPerf) bool { return p.key == rt.Perf }) {
			perfs = append(perfs, historyPerf{rt.Perf, rt.Perf})
		}
	}
	out := make([]RatingHistory, 0, len(perfs))
	for _, p := range perfs {
		hist, err := ps.RatingHistory(r.Context(), u.ID, p.key)
		if err != nil {
			h.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
			return
		}
		out = append(out, RatingHistory{Name: p.name, Points: dailyPoints(hist)})
	}
	w.Header().Set("Cache-Control", "no-cache")
	wire.WriteJSON(w, http.StatusOK, out)
}

// dailyPoints are hist's ratings (oldest first), one a day: the day's last,
// as lichess keeps them; the day is UTC's.
func dailyPoints(hist []store.RatingPoint) [][4]int {
	out := [][4]int{}
	for _, p := range hist {
		at := p.At.UTC()
		point := [4]int{at.Year(), int(at.Month() - time.January), at.Day(), rating.Glicko{Rating: p.Rating}.Int()}
		if n := len(out); n > 0 && out[n-1][0] == point[0] && out[n-1][1] == point[1] && out[n-1][2] == point[2] {
			out[n-1] = point
			continue
		}
		out = append(out, point)
	}
	return out
}
