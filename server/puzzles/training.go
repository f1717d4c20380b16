package puzzles

import (
	"cmp"
	"context"
	"math"
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
	// streakChoice: a streak's puzzle is drawn among this many of the
	// nearest to its rating not yet in it.
	streakChoice = 8
	streakStep   = 50
)

// Streak answers GET /api/training/streak, Gambit's own: {"puzzles":
// [...]}, about 30 puzzles of rising rating from about 1000, for a puzzle
// streak (played unrated: its results are not sent). Each step of 50
// from 1000 takes the puzzle nearest a rating drawn within the step that
// the streak does not hold yet, so that two streaks differ; they are
// sorted by rating. A variant of fewer puzzles gives fewer.
func (h *Handler) Streak(w http.ResponseWriter, r *http.Request) {
	spec, st, err := h.variantStore(r)
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
		// More than the streak holds: some are not in it, if the variant
		// has them.
		near, err := st.NextPuzzles(ctx, store.PuzzleQuery{Variant: variant, Rating: target}, len(ps)+streakChoice)
		if err != nil {
			return nil, stored(err)
		}
		if p, ok := nearestFree(near, held, target); ok {
			held[p.ID] = true
			ps = append(ps, p)
		}
	}
	slices.SortStableFunc(ps, func(a, b store.Puzzle) int { return cmp.Compare(a.Rating.Rating, b.Rating.Rating) })
	return ps, nil
}

// nearestFree is the puzzle of near (nearest to target first) not held
// nearest to target: one drawn at random among those as near, since
// puzzles not yet rated tie at their start, and the store breaks ties by
// id (every streak would be the same).
func nearestFree(near []store.Puzzle, held map[string]bool, target float64) (store.Puzzle, bool) {
	var ties []store.Puzzle
	for _, p := range near {
		switch {
		case held[p.ID]:
		case len(ties) == 0 || math.Abs(p.Rating.Rating-target) == math.Abs(ties[0].Rating.Rating-target):
			ties = append(ties, p)
		}
	}
	if len(ties) == 0 {
		return store.Puzzle{}, false
	}
	return ties[rand.IntN(len(ties))], true
}

// Themes answers GET /api/training/themes, Gambit's own: the themes of
// the variant's puzzles, [{"key", "count"}], the most frequent first
// (ties: by key).
func (h *Handler) Themes(w http.ResponseWriter, r *http.Request) {
	spec, st, err := h.variantStore(r)
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
