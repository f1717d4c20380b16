package puzzles

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/store"
)

// Daily answers GET /api/puzzle/daily: one puzzle a UTC day of the
// variant, the same for everyone that day (chooseDaily), as it stands
// (its rating and plays of now).
func (h *Handler) Daily(w http.ResponseWriter, r *http.Request) {
	h.solverOf(w, r, true) // a browser's first puzzle gives it its player cookie, for its results
	spec, st, err := h.variantStore(r)
	if err != nil {
		h.fail(w, err)
		return
	}
	id, err := h.dailyID(r.Context(), spec.Name)
	if err != nil {
		h.fail(w, err)
		return
	}
	p, err := st.Puzzle(r.Context(), id)
	if err != nil {
		h.fail(w, stored(err))
		return
	}
	h.write(w, p)
}

// dailyID is the id of variant v's puzzle of today: chosen once a day
// and kept, so that the rounds of the day (which move the puzzles'
// ratings) cannot change it.
func (h *Handler) dailyID(ctx context.Context, v game.Variant) (string, error) {
	day := h.now().UTC().Format(time.DateOnly)
	h.mu.Lock()
	d, ok := h.daily[v]
	h.mu.Unlock()
	if ok && d.day == day {
		return d.id, nil
	}
	p, err := chooseDaily(ctx, h.st, string(v), day)
	if err != nil {
		return "", err
	}
	h.mu.Lock()
	h.daily[v] = daily{day: day, id: p.ID}
	h.mu.Unlock()
	return p.ID, nil
}

// chooseDaily chooses variant's puzzle of day ("2006-01-02"): from a
// point among the ids drawn from the variant and the day (the SHA-256 of
// both, written as the puzzles' ids are: lowercase base32), the first
// puzzle's id, going round to the first id when none follows the point.
// It reads ids alone, not ratings, which the day's rounds move: every
// node and every restart choose the same from the same puzzles, and the
// choice holds as puzzles are rated (a puzzle added between the point and
// it moves it, which dailyID's memory covers for the rest of the day on
// one node).
func chooseDaily(ctx context.Context, st store.Puzzles, variant, day string) (store.Puzzle, error) {
	sum := sha256.Sum256([]byte(variant + "\n" + day))
	point := strings.ToLower(base32.StdEncoding.EncodeToString(sum[:5]))
	for _, from := range []string{point, ""} {
		p, err := st.PuzzleFrom(ctx, variant, from, -math.MaxFloat64, math.MaxFloat64)
		if !errors.Is(err, store.ErrNoPuzzle) {
			return p, stored(err)
		}
	}
	return store.Puzzle{}, fmt.Errorf("%w: no %s puzzle on this server", store.ErrNoPuzzle, variant)
}
