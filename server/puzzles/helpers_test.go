package puzzles

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
	_ "github.com/gambitchess/gambit/variant/all" // the variants register from their own packages
)

// The positions of the test puzzles: the starter set's of chess and
// xiangqi (a mate in one, a mate in two), and a Chess960 start with a
// move of each side.
const (
	chessFEN    = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"
	xiangqiFEN  = "4k4/8r/9/9/9/9/9/9/R8/3K5 b - - 0 1"
	chess960FEN = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
)

// puzzleAt is a chess puzzle of id rated r, with themes.
func puzzleAt(id string, r float64, themes ...string) store.Puzzle {
	return store.Puzzle{ID: id, Variant: "chess", FEN: chessFEN, Moves: []string{"g8f6", "h5f7"},
		Rating: rating.Glicko{Rating: r, Deviation: 80, Volatility: 0.09}, Themes: themes, Game: "puzzles.pgn#" + id}
}

// xiangqiAt is a xiangqi puzzle of id rated r.
func xiangqiAt(id string, r float64) store.Puzzle {
	return store.Puzzle{ID: id, Variant: "xiangqi", FEN: xiangqiFEN, Moves: []string{"i8a8", "a1a8", "e9f9", "a8e8"},
		Rating: rating.Glicko{Rating: r, Deviation: 80, Volatility: 0.09}, Themes: []string{"mate", "mateIn2"}, Game: "xq.pgn#" + id}
}

// clock is a test's clock, moved by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// The test's askers: an account by its id in a header, a browser by its
// player id in another (as the server reads a cookie).
const (
	userHeader   = "Test-User"
	playerHeader = "Test-Player"
)

// asker is Asker over the test's headers.
type asker struct{}

func (asker) User(r *http.Request) (store.User, bool) {
	id := r.Header.Get(userHeader)
	return store.User{ID: id}, id != ""
}

func (asker) Browser(_ http.ResponseWriter, r *http.Request, _ bool) (string, error) {
	return r.Header.Get(playerHeader), nil
}

// env is a test's puzzles: a SQLite store, the handler's routes as the
// server registers them, its clock.
type env struct {
	t     testing.TB
	st    *store.SQLite
	h     *Handler
	mux   *http.ServeMux
	clock *clock
}

// t0 is when the tests' clock starts: noon UTC.
var t0 = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// newEnv opens a store holding ps and the routes over it.
func newEnv(tb testing.TB, ps ...store.Puzzle) *env {
	tb.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(tb.TempDir(), "gambit.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	if len(ps) > 0 {
		if n, err := st.AddPuzzles(context.Background(), ps); err != nil || n != len(ps) {
			tb.Fatalf("AddPuzzles = %d, %v", n, err)
		}
	}
	c := &clock{t: t0}
	h := New(Config{Store: st, Asker: asker{}, Error: answerError, Now: c.now})
	return &env{t: tb, st: st, h: h, mux: routes(h), clock: c}
}

// routes are h's routes as the server registers them.
func routes(h *Handler) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/puzzle/daily", h.Daily)
	mux.HandleFunc("GET /api/puzzle/next", h.Next)
	mux.HandleFunc("GET /api/puzzle/activity", h.Activity)
	mux.HandleFunc("GET /api/puzzle/batch/{angle}", h.Batch)
	mux.HandleFunc("POST /api/puzzle/batch/{angle}", h.Solve)
	mux.HandleFunc("GET /api/puzzle/{id}", h.Puzzle)
	mux.HandleFunc("GET /api/training/streak", h.Streak)
	mux.HandleFunc("GET /api/training/themes", h.Themes)
	return mux
}

// answerError answers err as the server does: its status, and
// wire.HTTPErrorBody's code and message.
func answerError(w http.ResponseWriter, err error) {
	status, _ := wire.Code(err)
	wire.WriteJSON(w, status, wire.HTTPErrorBody(err))
}

// who is a test's asker: an account's id, a browser's player id, or
// neither (a stranger).
type who struct{ user, player string }

var (
	stranger = who{}
	ann      = who{user: "u-ann"}
	bob      = who{user: "u-bob"}
	browser  = who{player: "p-cat"}
)

// do sends method path (with a JSON body when body is not "") as w and
// returns the answer.
func (e *env) do(w who, method, path, body string) *httptest.ResponseRecorder {
	e.t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	if w.user != "" {
		r.Header.Set(userHeader, w.user)
	}
	if w.player != "" {
		r.Header.Set(playerHeader, w.player)
	}
	rec := httptest.NewRecorder()
	e.mux.ServeHTTP(rec, r)
	return rec
}

// want sends the request, wants status and decodes the answer into out
// (nil: not decoded).
func (e *env) want(status int, w who, method, path, body string, out any) *httptest.ResponseRecorder {
	e.t.Helper()
	rec := e.do(w, method, path, body)
	if rec.Code != status {
		e.t.Fatalf("%s %s as %+v = %d %s; want %d", method, path, w, rec.Code, rec.Body, status)
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			e.t.Fatalf("%s %s: %v: %s", method, path, err, rec.Body)
		}
	}
	return rec
}

// next is the id of the next puzzle for w at path (GET
// /api/puzzle/next?...), "" for 404.
func (e *env) next(w who, query string) string {
	e.t.Helper()
	rec := e.do(w, "GET", "/api/puzzle/next"+query, "")
	if rec.Code == http.StatusNotFound {
		return ""
	}
	var pg PuzzleAndGame
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &pg) != nil {
		e.t.Fatalf("next%s as %+v: %d %s", query, w, rec.Code, rec.Body)
	}
	return pg.Puzzle.ID
}

// solve posts w's solutions (id:win:rated, "w"/"l", "r"/"c") and returns
// the answer.
func (e *env) solve(w who, path string, sols ...string) Solved {
	e.t.Helper()
	var parts []string
	for _, s := range sols {
		f := strings.Split(s, ":")
		parts = append(parts, fmt.Sprintf(`{"id":%q,"win":%v,"rated":%v}`, f[0], f[1] == "w", f[2] == "r"))
	}
	var out Solved
	e.want(http.StatusOK, w, "POST", path, `{"solutions":[`+strings.Join(parts, ",")+`]}`, &out)
	return out
}

// puzzle reads puzzle id from the store.
func (e *env) puzzle(id string) store.Puzzle {
	e.t.Helper()
	p, err := e.st.Puzzle(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return p
}

// rating is solver's stored puzzle rating in chess.
func (e *env) rating(solver string) (rating.Glicko, bool) {
	e.t.Helper()
	g, ok, err := e.st.PuzzleRating(context.Background(), solver, "chess")
	if err != nil {
		e.t.Fatal(err)
	}
	return g, ok
}

// setRating gives solver the puzzle rating r in chess, by a round on a
// puzzle of its own (rated 3999: far from the others, and played by
// solver, never its next).
func (e *env) setRating(solver string, r float64) {
	e.t.Helper()
	ctx := context.Background()
	p := puzzleAt("zz-"+solver, 3999)
	if _, err := e.st.AddPuzzles(ctx, []store.Puzzle{p}); err != nil {
		e.t.Fatal(err)
	}
	g := rating.Glicko{Rating: r, Deviation: 60, Volatility: 0.06}
	if err := e.st.RecordRound(ctx, store.PuzzleRound{Solver: solver, Puzzle: p.ID, Variant: "chess", At: t0.Add(-time.Hour)}, &store.RoundRatings{PuzzleBefore: p.Rating, Puzzle: p.Rating, Solver: g}); err != nil {
		e.t.Fatal(err)
	}
}

// errorOf is the code and message of an error answer.
func errorOf(t testing.TB, rec *httptest.ResponseRecorder) (code, message string) {
	t.Helper()
	var body struct{ Code, Message string }
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("error body %s: %v", rec.Body, err)
	}
	return body.Code, body.Message
}
