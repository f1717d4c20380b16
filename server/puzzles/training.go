package puzzles

import (
	"cmp"
	"context"
	"math/rand/v2"
	"net/http"
	"slices"

	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// A streak: streakLength steps of streakStep from streakFrom, one puzzle
// each (lichess's streak also climbs from easy puzzles).
const (
	streakLength = 30
	streakFrom   = 1000
	streakStep   = 50
)

// Streak answers GET /api/training/streak, Gambit's own: {"puzzles":
// [...]}, about 30 puzzles of rising rating from about 1000, for a puzzle
// streak (played unrated: its results are not sent). Each step of 50
// from 1000 takes the puzzle nearest a rating drawn within the step that
// the streak does not hold yet, so that two streaks differ; they are
// sorted by rating. A variant of fewer puzzles gives fewer.
func (h *Handler) Streak(w http.ResponseWriter, r *http.Request) {
	spec, err := variantOf(r)
	if err != nil {
		h.fail(w, err)
		return
	}
	st, err := h.store()
	if err != nil {
		h.fail(w, err)
		return
	}
	ps, err := streak(r.Context(), st, string(spec.Name))
	if err != nil {
		h.fail(w, err)
		return
	}
	out, err := h.manyJSON(ps)
	if err != nil {
		h.fail(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusOK, Streak{Puzzles: out})
}

// streak chooses a streak of variant's puzzles (Streak).
func streak(ctx context.Context, st store.Puzzles, variant string) ([]store.Puzzle, error) {
	var ps []store.Puzzle
	held := map[string]bool{}
	for i := range streakLength {
		target := streakFrom + streakStep*(float64(i)+rand.Float64())
		// One more than the streak holds: one of them is not in it, if
		// the variant has one.
		near, err := st.NextPuzzles(ctx, store.PuzzleQuery{Variant: variant, Rating: target}, len(ps)+1)
		if err != nil {
			return nil, stored(err)
		}
		for _, p := range near {
			if !held[p.ID] {
				held[p.ID] = true
				ps = append(ps, p)
				break
			}
		}
	}
	slices.SortStableFunc(ps, func(a, b store.Puzzle) int { return cmp.Compare(a.Rating.Rating, b.Rating.Rating) })
	return ps, nil
}

// Themes answers GET /api/training/themes, Gambit's own: the themes of
// the variant's puzzles, [{"key", "count"}], the most frequent first
// (ties: by key).
func (h *Handler) Themes(w http.ResponseWriter, r *http.Request) {
	spec, err := variantOf(r)
	if err != nil {
		h.fail(w, err)
		return
	}
	st, err := h.store()
	if err != nil {
		h.fail(w, err)
		return
	}
	tcs, err := st.PuzzleThemes(r.Context(), string(spec.Name))
	if err != nil {
		h.fail(w, stored(err))
		return
	}
	out := make([]Theme, len(tcs))
	for i, tc := range tcs {
		out[i] = Theme{Key: tc.Theme, Count: tc.Count}
	}
	wire.WriteJSON(w, http.StatusOK, out)
}
