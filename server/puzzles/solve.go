package puzzles

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"net/http"

	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// A request's results: at most maxSolutions, in at most maxSolveBody
// bytes (a solution is some 50).
const (
	maxSolutions = 100
	maxSolveBody = 32 << 10
)

// solution is one puzzle's result, as lichess's PuzzleBatchSolveRequest
// sends it.
type solution struct {
	ID    string
	Win   bool
	Rated bool
}

// solutionJSON is a solution as sent: every field is required (lichess's
// form requires them), so each is a pointer to tell one left out.
type solutionJSON struct {
	ID    *string `json:"id"`
	Win   *bool   `json:"win"`
	Rated *bool   `json:"rated"`
}

// solveJSON is the body of POST /api/puzzle/batch/{angle} (lichess's
// PuzzleBatchSolveRequest).
type solveJSON struct {
	Solutions *[]solutionJSON `json:"solutions"`
}

// parseSolutions reads the body of POST /api/puzzle/batch/{angle}:
// {"solutions": [{"id", "win", "rated"}, …]}, every field given, at most
// maxSolutions of them (none is a request for a batch alone). A body
// that is not one is wire.ErrBadRequest naming the field.
func parseSolutions(body io.Reader) ([]solution, error) {
	req, err := wire.DecodeBody[solveJSON](body)
	if err != nil {
		return nil, err
	}
	if req.Solutions == nil {
		return nil, fmt.Errorf(`%w: solutions: missing (send {"solutions": [{"id", "win", "rated"}]})`, wire.ErrBadRequest)
	}
	sols := *req.Solutions
	if len(sols) > maxSolutions {
		return nil, fmt.Errorf("%w: solutions: %d of them, at most %d a request", wire.ErrBadRequest, len(sols), maxSolutions)
	}
	out := make([]solution, len(sols))
	for i, s := range sols {
		switch {
		case s.ID == nil:
			return nil, fmt.Errorf("%w: solutions[%d].id: missing", wire.ErrBadRequest, i)
		case !validPuzzleID(*s.ID):
			return nil, fmt.Errorf("%w: solutions[%d].id: %.40q is not a puzzle's id", wire.ErrBadRequest, i, *s.ID)
		case s.Win == nil:
			return nil, fmt.Errorf("%w: solutions[%d].win: missing (true or false)", wire.ErrBadRequest, i)
		case s.Rated == nil:
			return nil, fmt.Errorf("%w: solutions[%d].rated: missing (true or false)", wire.ErrBadRequest, i)
		}
		out[i] = solution{ID: *s.ID, Win: *s.Win, Rated: *s.Rated}
	}
	return out, nil
}

// errNoSolver refuses the results of a request that is no one's.
var errNoSolver = fmt.Errorf("%w: puzzle results are kept for an account (a session, or a token with puzzle:write) "+
	"or a browser (its player cookie, given with its first puzzle); this request has neither", wire.ErrSignedOut)

// Solve answers POST /api/puzzle/batch/{angle} (?nb=, 0 to 50, 0 when
// left out): it records each solution in turn, a solver's first attempt
// at a puzzle alone counting (rated, for an account that asked so), and
// answers each round, the solver's rating after them, and nb new puzzles
// of the angle. Every solution's puzzle must exist, or none is recorded.
func (h *Handler) Solve(w http.ResponseWriter, r *http.Request) {
	spec, err := variantOf(r)
	if err != nil {
		h.fail(w, err)
		return
	}
	theme, err := angleOf(r.PathValue("angle"))
	if err != nil {
		h.fail(w, err)
		return
	}
	nb, err := countParam(r, "nb", 0, maxBatch, 0)
	if err != nil {
		h.fail(w, err)
		return
	}
	sols, err := parseSolutions(http.MaxBytesReader(w, r.Body, maxSolveBody))
	if err != nil {
		h.fail(w, err)
		return
	}
	st, s, err := h.knownSolver(w, r, errNoSolver)
	if err != nil {
		h.fail(w, err)
		return
	}
	ctx := r.Context()
	ps := make([]store.Puzzle, len(sols))
	for i, sol := range sols {
		if ps[i], err = st.Puzzle(ctx, sol.ID); err != nil {
			if errors.Is(err, store.ErrNoPuzzle) {
				err = fmt.Errorf("%w: solutions[%d].id: no puzzle %q", store.ErrNoPuzzle, i, sol.ID)
			}
			h.fail(w, stored(err))
			return
		}
	}
	rounds, err := h.solveAll(ctx, s, sols, ps)
	if err != nil {
		h.fail(w, err)
		return
	}
	g, err := h.glicko(ctx, s, string(spec.Name))
	if err != nil {
		h.fail(w, err)
		return
	}
	next, err := h.batch(ctx, ask{spec: spec, theme: theme, rating: g.Rating, solver: s, glicko: g}, nb)
	if err != nil {
		h.fail(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusOK, Solved{Puzzles: next, Glicko: glickoJSON(g), Rounds: rounds})
}

// solveAll records s's solutions of puzzles ps in turn, one solver's
// results at a time (Handler.solving).
func (h *Handler) solveAll(ctx context.Context, s solver, sols []solution, ps []store.Puzzle) ([]Round, error) {
	mu := &h.solving[h.stripe(s.key)]
	mu.Lock()
	defer mu.Unlock()
	rounds := make([]Round, len(sols))
	for i, sol := range sols {
		var err error
		if rounds[i], err = h.solve(ctx, s, sol, ps[i]); err != nil {
			return nil, err
		}
	}
	return rounds, nil
}

// stripe is the lock of Handler.solving that key's results take.
func (h *Handler) stripe(key string) int {
	return int(maphash.String(h.seed, key) % uint64(len(h.solving)))
}

// solve records s's solution of puzzle p: a first attempt is stored
// (store.Puzzles.RecordRound) with the ratings it gives, those of an
// account's rated one moved (rate), anyone else's moving none; a later
// attempt changes nothing and is answered ratingDiff 0. A puzzle another
// solver's round rated meanwhile (on another node: this one's rounds of
// one solver wait on each other, Handler.solving) is read again and rated
// from its new rating, a few times at most.
func (h *Handler) solve(ctx context.Context, s solver, sol solution, p store.Puzzle) (Round, error) {
	before, err := h.glicko(ctx, s, p.Variant)
	if err != nil {
		return Round{}, err
	}
	for try := 0; ; try++ {
		var rated *store.RoundRatings
		after := before
		if s.account && sol.Rated {
			var puzzle rating.Glicko
			after, puzzle = rate(before, p.Rating, sol.Win)
			rated = &store.RoundRatings{PuzzleBefore: p.Rating, Puzzle: puzzle, Solver: after}
		}
		diff := after.Int() - before.Int()
		err = h.st.RecordRound(ctx, store.PuzzleRound{Solver: s.key, Puzzle: p.ID, Variant: p.Variant, Win: sol.Win, At: h.now(), RatingDiff: diff}, rated)
		switch {
		case errors.Is(err, store.ErrConflict) && try < maxRateTries:
			if p, err = h.st.Puzzle(ctx, p.ID); err != nil {
				return Round{}, stored(err)
			}
			continue
		case errors.Is(err, store.ErrExists): // not the first attempt
			return Round{ID: p.ID, Win: sol.Win}, nil
		case err != nil:
			return Round{}, stored(err)
		}
		return Round{ID: p.ID, Win: sol.Win, RatingDiff: diff}, nil
	}
}

// maxRateTries bounds the times a round is rated again from a puzzle's
// new rating.
const maxRateTries = 5

// rate returns the solver's and the puzzle's ratings after a round the
// solver won or lost, as lichess rates puzzles: each is the other's
// opponent in a rating period of that one game (rating.Game, the solver
// as White), both from their ratings before it, bounded as lichess
// bounds ratings.
func rate(solver, puzzle rating.Glicko, win bool) (rating.Glicko, rating.Glicko) {
	o := rating.BlackWins
	if win {
		o = rating.WhiteWins
	}
	return rating.Game(solver, puzzle, o)
}
