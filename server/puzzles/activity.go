package puzzles

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// activityPage is how many rounds one read of the store takes (a
// variable: the tests read pages of a few).
var activityPage = 500

// errNoActivity refuses the activity of a request that is no one's.
var errNoActivity = fmt.Errorf("%w: puzzle activity is an account's (a session, or a token with puzzle:read) "+
	"or a browser's (its player cookie); this request has neither", wire.ErrSignedOut)

// Activity answers GET /api/puzzle/activity: the solver's rounds as
// lichess's PuzzleActivity, one NDJSON line each, the newest first, of
// ?variant= (every variant when left out: lichess's clients send none);
// ?max= of them (all when left out), played before ?before= and at or
// after ?since= (milliseconds; no bound when left out).
func (h *Handler) Activity(w http.ResponseWriter, r *http.Request) {
	variant := ""
	if r.URL.Query().Has("variant") {
		spec, err := variantOf(r)
		if err != nil {
			h.fail(w, err)
			return
		}
		variant = string(spec.Name)
	}
	most, err := countParam(r, "max", 1, math.MaxInt32, 0)
	if err != nil {
		h.fail(w, err)
		return
	}
	before, err := msParam(r, "before")
	if err != nil {
		h.fail(w, err)
		return
	}
	since, err := msParam(r, "since")
	if err != nil {
		h.fail(w, err)
		return
	}
	st, s, err := h.knownSolver(w, r, errNoActivity)
	if err != nil {
		h.fail(w, err)
		return
	}
	ctx := r.Context()
	enc := json.NewEncoder(w)
	lines := 0
	err = h.eachRound(ctx, s.key, variant, since, before, most, func(rd store.PuzzleRound) error {
		p, err := st.Puzzle(ctx, rd.Puzzle)
		if err != nil {
			return stored(err)
		}
		if lines == 0 {
			w.Header().Set("Content-Type", "application/x-ndjson")
		}
		lines++
		return enc.Encode(activityJSON(rd, p))
	})
	switch {
	case err != nil && lines == 0:
		h.fail(w, err)
	case err != nil:
		h.log.Warn("puzzles: activity cut short", "solver", s.key, "lines", lines, "err", err)
	case lines == 0: // none: an empty stream
		w.Header().Set("Content-Type", "application/x-ndjson")
		w.WriteHeader(http.StatusOK)
	}
}

// msParam reads query parameter name of r, milliseconds since 1970 (0
// or more); the zero time when left out.
func msParam(r *http.Request, name string) (time.Time, error) {
	text := r.URL.Query().Get(name)
	if text == "" {
		return time.Time{}, nil
	}
	ms, err := strconv.ParseInt(text, 10, 64)
	if err != nil || ms < 0 || ms > math.MaxInt64/int64(time.Millisecond) {
		return time.Time{}, fmt.Errorf("%w: %s: %.20q is not a time in milliseconds", wire.ErrBadRequest, name, text)
	}
	return time.UnixMilli(ms), nil
}

// eachRound calls f with solver's rounds of variant ("" for any) at or
// after since and before before (zero times: no bound), the newest
// first, at most most (0: all), reading the store a page at a time. Each
// page ends before its last round's time; the rounds of that very time
// that the page left out (the results of one request may share it) are
// read apart, so that none is skipped or given twice.
func (h *Handler) eachRound(ctx context.Context, solver, variant string, since, before time.Time, most int, f func(store.PuzzleRound) error) error {
	left := most
	for {
		n := activityPage
		if most > 0 {
			n = min(n, left)
		}
		rs, err := h.st.PuzzleRoundsBetween(ctx, solver, since, before, n)
		if err != nil {
			return stored(err)
		}
		full := len(rs) == n
		if full {
			last := rs[len(rs)-1]
			ties, err := h.st.PuzzleRoundsBetween(ctx, solver, last.At, last.At.Add(time.Nanosecond), math.MaxInt32)
			if err != nil {
				return stored(err)
			}
			// ties are in the store's order, as the page: those after
			// last are the ones it left out.
			if i := slices.IndexFunc(ties, func(t store.PuzzleRound) bool { return t.Puzzle == last.Puzzle }); i >= 0 {
				rs = append(rs, ties[i+1:]...)
			}
			before = last.At
		}
		for _, rd := range rs {
			if most > 0 && left == 0 {
				return nil
			}
			if variant != "" && rd.Variant != variant {
				continue
			}
			if err := f(rd); err != nil {
				return err
			}
			left--
		}
		if !full || most > 0 && left == 0 {
			return nil
		}
	}
}
