package puzzles

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Asker is who sends a request, as the server knows them.
type Asker interface {
	// User is the account r acts for: a session, or a token the route
	// lets act for it.
	User(r *http.Request) (store.User, bool)
	// Browser is the player id of r's browser by its player cookie, ""
	// for none (a program: a request with a token never reads one).
	// With issue, a browser without a cookie is given one first.
	Browser(w http.ResponseWriter, r *http.Request, issue bool) (string, error)
}

// Config is what the puzzles need of the server.
type Config struct {
	// Store keeps the puzzles and the rounds; nil: a server that keeps
	// none, whose every puzzle is not found.
	Store store.Puzzles
	Asker Asker
	// Error answers err as the server answers every error.
	Error func(w http.ResponseWriter, err error)
	Now   func() time.Time // nil: time.Now
	Log   *slog.Logger     // nil: slog.Default()
}

// Handler serves the puzzles' routes. It is safe for concurrent use.
type Handler struct {
	st    store.Puzzles
	asker Asker
	fail  func(http.ResponseWriter, error)
	now   func() time.Time
	log   *slog.Logger

	mu    sync.Mutex
	daily map[game.Variant]daily // each variant's puzzle of the day, once chosen
	// solving serialises one solver's results (by a hash of its key), so
	// that two at once do not both rate from the same rating: the second
	// reads what the first stored.
	solving [64]sync.Mutex
	seed    maphash.Seed
}

// daily is a variant's puzzle of a day.
type daily struct {
	day string // "2006-01-02", UTC
	id  string
}

// New returns the puzzles' handler over cfg.
func New(cfg Config) *Handler {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Handler{st: cfg.Store, asker: cfg.Asker, fail: cfg.Error, now: cfg.Now, log: cfg.Log,
		daily: map[game.Variant]daily{}, seed: maphash.MakeSeed()}
}

// errNoStore answers every route of a server that keeps no puzzles.
var errNoStore = fmt.Errorf("%w: this server keeps no puzzles", store.ErrNotFound)

// store returns the store of the puzzles, or why there is none.
func (h *Handler) store() (store.Puzzles, error) {
	if h.st == nil {
		return nil, errNoStore
	}
	return h.st, nil
}

// variantStore is r's variant (variantOf) and the store, or why not.
func (h *Handler) variantStore(r *http.Request) (*game.Spec, store.Puzzles, error) {
	spec, err := variantOf(r)
	if err != nil {
		return nil, nil, err
	}
	st, err := h.store()
	return spec, st, err
}

// knownSolver is the store and r's solver, one the server knows (an
// account, or a browser by its player cookie): a stranger is refused
// with stranger, which says what the route needs.
func (h *Handler) knownSolver(w http.ResponseWriter, r *http.Request, stranger error) (store.Puzzles, solver, error) {
	st, err := h.store()
	if err != nil {
		return nil, solver{}, err
	}
	s := h.solverOf(w, r, false)
	if s.key == "" {
		return nil, solver{}, stranger
	}
	return st, s, nil
}

// stored is err as the wire answers it: not found as it is, any other
// failure of the store a storage error.
func stored(err error) error {
	if err == nil || errors.Is(err, store.ErrNoPuzzle) || errors.Is(err, store.ErrNotFound) {
		return err
	}
	return fmt.Errorf("%w: %v", wire.ErrStorage, err)
}

// anonPrefix begins the solver key of a browser signed in to no account:
// an account's id ("u" and hex) never holds a colon.
const anonPrefix = "anon:"

// solver is who asks for puzzles or sends results.
type solver struct {
	key     string // the store's solver: an account's id, anonPrefix+player id, "" for a stranger
	account bool   // an account's: rated
}

// solverOf is who sends r. With issue, a browser without a player cookie
// is given one (a browser that cannot be given one is served as a
// stranger: the puzzles do not stop for it).
func (h *Handler) solverOf(w http.ResponseWriter, r *http.Request, issue bool) solver {
	if u, ok := h.asker.User(r); ok {
		return solver{key: u.ID, account: true}
	}
	id, err := h.asker.Browser(w, r, issue)
	if err != nil {
		h.log.Warn("puzzles: cannot read a player cookie", "err", err)
	}
	if id == "" {
		return solver{}
	}
	return solver{key: anonPrefix + id}
}

// glicko is s's puzzle rating in variant v: an account's stored one (the
// default before its first round), anyone else's the default.
func (h *Handler) glicko(ctx context.Context, s solver, v string) (rating.Glicko, error) {
	if !s.account {
		return rating.Default(), nil
	}
	g, _, err := h.st.PuzzleRating(ctx, s.key, v)
	return g, stored(err)
}

// variantOf reads r's ?variant=: a registered variant (chess when left
// out) the engines read whole, as the finder reads its games.
func variantOf(r *http.Request) (*game.Spec, error) {
	name := r.URL.Query().Get("variant")
	if name == "" {
		name = string(game.DefaultVariant)
	}
	spec, err := game.Lookup(game.Variant(name))
	if err != nil {
		return nil, fmt.Errorf("%w: variant: unknown variant %.40q (want one of %v)", wire.ErrBadRequest, name, puzzleVariants())
	}
	if !hasPuzzles(spec) {
		return nil, fmt.Errorf("%w: variant: %s has no puzzles (want one of %v)", wire.ErrBadRequest, name, puzzleVariants())
	}
	return spec, nil
}

// hasPuzzles reports whether spec's variant has puzzles: the finder reads
// its games through its Engine, whole.
func hasPuzzles(spec *game.Spec) bool { return spec.Engine != nil && !spec.Hidden }

// puzzleVariants are the registered variants that have puzzles.
func puzzleVariants() []game.Variant {
	var out []game.Variant
	for _, spec := range game.Specs() {
		if hasPuzzles(spec) {
			out = append(out, spec.Name)
		}
	}
	return out
}

// mix is lichess's angle of every theme.
const mix = "mix"

// maxAngle bounds a theme's key.
const maxAngle = 64

// angleOf reads an angle: "" or mix for any theme, else a theme's key
// (lichess's are letters and digits, its openings' with underscores).
func angleOf(angle string) (string, error) {
	if angle == mix {
		return "", nil
	}
	if len(angle) > maxAngle {
		return "", fmt.Errorf("%w: angle: over %d bytes", wire.ErrBadRequest, maxAngle)
	}
	for _, c := range angle {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '_' {
			return "", fmt.Errorf("%w: angle: %.40q is not a theme (mix, or a key of GET /api/training/themes)", wire.ErrBadRequest, angle)
		}
	}
	return angle, nil
}

// difficultyDelta is what lichess's puzzle difficulty adds to the
// solver's rating (lila's PuzzleDifficulty): "" is normal.
func difficultyDelta(d string) (float64, error) {
	switch d {
	case "easiest":
		return -600, nil
	case "easier":
		return -300, nil
	case "", "normal":
		return 0, nil
	case "harder":
		return 300, nil
	case "hardest":
		return 600, nil
	}
	return 0, fmt.Errorf("%w: difficulty: %.40q is none of easiest, easier, normal, harder, hardest", wire.ErrBadRequest, d)
}

// countParam reads query parameter name of r, an integer within lo..hi;
// def when left out.
func countParam(r *http.Request, name string, lo, hi, def int) (int, error) {
	text := r.URL.Query().Get(name)
	if text == "" {
		return def, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%w: %s: %.20q is not a number from %d to %d", wire.ErrBadRequest, name, text, lo, hi)
	}
	return n, nil
}

// ask is a request for puzzles: its variant, angle (theme), the rating
// they are chosen near and who asks.
type ask struct {
	spec   *game.Spec
	theme  string
	rating float64
	solver solver
	glicko rating.Glicko // the solver's
}

// askOf reads what r asks for, angle being its theme (from its path or
// query), issuing a browser's player cookie when it has none.
func (h *Handler) askOf(w http.ResponseWriter, r *http.Request, angle string) (ask, error) {
	spec, err := variantOf(r)
	if err != nil {
		return ask{}, err
	}
	theme, err := angleOf(angle)
	if err != nil {
		return ask{}, err
	}
	delta, err := difficultyDelta(r.URL.Query().Get("difficulty"))
	if err != nil {
		return ask{}, err
	}
	if _, err := h.store(); err != nil {
		return ask{}, err
	}
	s := h.solverOf(w, r, true)
	g, err := h.glicko(r.Context(), s, string(spec.Name))
	if err != nil {
		return ask{}, err
	}
	return ask{spec: spec, theme: theme, rating: g.Rating + delta, solver: s, glicko: g}, nil
}

// query is the store's query of a.
func (a ask) query() store.PuzzleQuery {
	return store.PuzzleQuery{Variant: string(a.spec.Name), Theme: a.theme, Solver: a.solver.key, Rating: a.rating}
}

// none explains that no puzzle is left for a: none of its theme at all,
// or none the solver has not played.
func (h *Handler) none(ctx context.Context, a ask) error {
	n, err := h.st.CountPuzzles(ctx, string(a.spec.Name), a.theme)
	switch {
	case err != nil:
		return stored(err)
	case n == 0 && a.theme != "":
		return fmt.Errorf("%w: no %s puzzle has the theme %.40q (GET /api/training/themes lists them)", store.ErrNoPuzzle, a.spec.Name, a.theme)
	case n == 0:
		return fmt.Errorf("%w: no %s puzzle on this server", store.ErrNoPuzzle, a.spec.Name)
	}
	return fmt.Errorf("%w: you have played every one of the %d %s puzzles of this angle", store.ErrNoPuzzle, n, a.spec.Name)
}

// write answers p as lichess's PuzzleAndGame.
func (h *Handler) write(w http.ResponseWriter, p store.Puzzle) {
	out, err := puzzleJSON(p, h.now())
	if err != nil {
		h.fail(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusOK, out)
}

// manyJSON writes ps as lichess's PuzzleAndGame each.
func (h *Handler) manyJSON(ps []store.Puzzle) ([]PuzzleAndGame, error) {
	now := h.now()
	out := make([]PuzzleAndGame, 0, len(ps))
	for _, p := range ps {
		pg, err := puzzleJSON(p, now)
		if err != nil {
			return nil, err
		}
		out = append(out, pg)
	}
	return out, nil
}

// Puzzle answers GET /api/puzzle/{id}: the puzzle, to anyone; with
// ?variant=, only a puzzle of that variant.
func (h *Handler) Puzzle(w http.ResponseWriter, r *http.Request) {
	h.solverOf(w, r, true) // a browser's first puzzle (a shared link) gives it its player cookie, for its results
	var spec *game.Spec
	if r.URL.Query().Has("variant") {
		var err error
		if spec, err = variantOf(r); err != nil {
			h.fail(w, err)
			return
		}
	}
	st, err := h.store()
	if err != nil {
		h.fail(w, err)
		return
	}
	id := r.PathValue("id")
	if !validPuzzleID(id) {
		h.fail(w, fmt.Errorf("%w: no puzzle %.40q", store.ErrNoPuzzle, id))
		return
	}
	p, err := st.Puzzle(r.Context(), id)
	if err == nil && spec != nil && p.Variant != string(spec.Name) {
		err = fmt.Errorf("%w: puzzle %s is of %s, not %s", store.ErrNoPuzzle, id, p.Variant, spec.Name)
	}
	if err != nil {
		h.fail(w, stored(err))
		return
	}
	h.write(w, p)
}

// Next answers GET /api/puzzle/next: the puzzle of ?angle= (mix, or
// left out: any) nearest to the solver's rating moved by ?difficulty=,
// which the solver has not played.
func (h *Handler) Next(w http.ResponseWriter, r *http.Request) {
	a, err := h.askOf(w, r, r.URL.Query().Get("angle"))
	if err != nil {
		h.fail(w, err)
		return
	}
	p, err := h.st.NextPuzzle(r.Context(), a.query())
	if errors.Is(err, store.ErrNoPuzzle) {
		err = h.none(r.Context(), a)
	}
	if err != nil {
		h.fail(w, stored(err))
		return
	}
	h.write(w, p)
}

// Batch sizes: lichess's default batch, and the most one request takes.
const (
	defaultBatch = 15
	maxBatch     = 50
)

// Batch answers GET /api/puzzle/batch/{angle}: ?nb= (1 to 50, 15 when
// left out) puzzles as Next chooses them, the nearest first, and the
// solver's rating. None left is an empty list.
func (h *Handler) Batch(w http.ResponseWriter, r *http.Request) {
	a, err := h.askOf(w, r, r.PathValue("angle"))
	if err != nil {
		h.fail(w, err)
		return
	}
	nb, err := countParam(r, "nb", 1, maxBatch, defaultBatch)
	if err != nil {
		h.fail(w, err)
		return
	}
	ps, err := h.batch(r.Context(), a, nb)
	if err != nil {
		h.fail(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusOK, Batch{Puzzles: ps, Glicko: glickoJSON(a.glicko)})
}

// batch is n puzzles for a, as lichess writes them.
func (h *Handler) batch(ctx context.Context, a ask, n int) ([]PuzzleAndGame, error) {
	ps, err := h.st.NextPuzzles(ctx, a.query(), n)
	if err != nil {
		return nil, stored(err)
	}
	return h.manyJSON(ps)
}

// validPuzzleID reports whether id could be a puzzle's id: letters,
// digits, '_' and '-' (Gambit's are eight of base32, lichess's five),
// at most 64.
func validPuzzleID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '_' && c != '-' {
			return false
		}
	}
	return true
}
