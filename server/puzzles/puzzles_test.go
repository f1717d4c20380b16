package puzzles

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// TestPuzzleJSON: a puzzle as lichess's PuzzleAndGame, with Gambit's
// fields: the FEN before the opponent's move, that move, the solution,
// lichess's initialPly, a PGN of the variant from the FEN to the move,
// the perf a key of lichess's PerfType, the unknowns as lichess writes
// them; no field left null.
func TestPuzzleJSON(t *testing.T) {
	c960 := store.Puzzle{ID: "c960", Variant: "chess960", FEN: chess960FEN, Moves: []string{"g1f2", "b8h2"}, Rating: puzzleAt("", 1500).Rating,
		Game: "/game/abcdefghij"}
	e := newEnv(t, puzzleAt("p1", 1612.7, "short", "mate"), xiangqiAt("x1", 1500), c960)
	for _, tt := range []struct {
		id, variant string
		initialPly  int
		perf        Perf
		gameID      string
		pgn         []string // in the PGN
	}{
		{"p1", "chess", 5, Perf{"classical", "Classical"}, "", []string{`[FEN "` + chessFEN + `"]`, "3... Nf6 *"}},
		{"x1", "xiangqi", 1, Perf{"classical", "Xiangqi"}, "", []string{`[FEN "` + xiangqiFEN + `"]`, "1... "}},
		{"c960", "chess960", 16, Perf{"chess960", "Chess960"}, "abcdefghij", []string{`[Variant "Chess960"]`, "9. Kf2 *"}},
	} {
		var pg PuzzleAndGame
		rec := e.want(http.StatusOK, stranger, "GET", "/api/puzzle/"+tt.id, "", &pg)
		p := e.puzzle(tt.id)
		want := Puzzle{ID: tt.id, InitialPly: tt.initialPly, Plays: 0, Rating: int(p.Rating.Rating), FEN: p.FEN, LastMove: p.Moves[0],
			Solution: p.Moves[1:], Themes: orEmpty(p.Themes), Variant: tt.variant}
		if !puzzleEqual(pg.Puzzle, want) {
			t.Errorf("%s: puzzle %+v, want %+v", tt.id, pg.Puzzle, want)
		}
		g := pg.Game
		if g.Clock != "-" || g.ID != tt.gameID || g.Perf != tt.perf || g.Rated || g.Players == nil || len(g.Players) != 0 || g.Source != p.Game {
			t.Errorf("%s: game %+v", tt.id, g)
		}
		for _, s := range append(tt.pgn, `[Event "Gambit `, `[Date "2026.05.01"]`) {
			if !strings.Contains(g.PGN, s) {
				t.Errorf("%s: PGN %q lacks %q", tt.id, g.PGN, s)
			}
		}
		if body := rec.Body.String(); strings.Contains(body, "null") {
			t.Errorf("%s: a null in %s", tt.id, body)
		}
	}
	if got := e.puzzle("p1"); got.Rating.Int() != 1612 {
		t.Errorf("the rating is truncated as lichess shows it: %v", got.Rating)
	}
	e.want(http.StatusOK, stranger, "GET", "/api/puzzle/x1?variant=xiangqi", "", nil)
	if _, msg := errorOf(t, e.want(http.StatusNotFound, stranger, "GET", "/api/puzzle/x1?variant=chess", "", nil)); !strings.Contains(msg, "is of xiangqi") {
		t.Errorf("a xiangqi puzzle asked as chess: %q", msg)
	}
	for _, id := range []string{"nosuch", "a%20b", strings.Repeat("a", 65)} {
		if code, _ := errorOf(t, e.want(http.StatusNotFound, stranger, "GET", "/api/puzzle/"+id, "", nil)); code != "not_found" {
			t.Errorf("puzzle %q: %s, want not_found", id, code)
		}
	}
}

// puzzleEqual reports whether two Puzzles are equal.
func puzzleEqual(a, b Puzzle) bool {
	return a.ID == b.ID && a.InitialPly == b.InitialPly && a.Plays == b.Plays && a.Rating == b.Rating && a.FEN == b.FEN &&
		a.LastMove == b.LastMove && slices.Equal(a.Solution, b.Solution) && slices.Equal(a.Themes, b.Themes) && a.Variant == b.Variant
}

// TestInitialPly: the plies before a FEN, by its move number and the
// side of the opponent's move.
func TestInitialPly(t *testing.T) {
	for _, tt := range []struct {
		fen           string
		opponentBlack bool
		want          int
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, 0},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", true, 1},
		{chessFEN, true, 5},
		{"8/8/8/8/8/8/8/K6k w - - 0 40", false, 78},
		{"8/8/8/8/8/8/8/K6k w - -", false, 0}, // no move number: 1
		{"8/8/8/8/8/8/8/K6k b - - 0 x", true, 1},
	} {
		if got := initialPly(tt.fen, tt.opponentBlack); got != tt.want {
			t.Errorf("initialPly(%q, %v) = %d, want %d", tt.fen, tt.opponentBlack, got, tt.want)
		}
	}
}

// TestNextNearRating: the puzzle nearest the solver's rating moved by
// the difficulty (lichess's ±300, ±600): 1500 for a stranger and a
// browser, an account's own rating (1500 before its first round).
func TestNextNearRating(t *testing.T) {
	var ps []store.Puzzle
	for _, r := range []float64{900, 1200, 1500, 1800, 2100, 2450} {
		ps = append(ps, puzzleAt(fmt.Sprintf("r%d", int(r)), r))
	}
	e := newEnv(t, ps...)
	e.setRating(bob.user, 2150)
	for _, tt := range []struct {
		who        who
		difficulty string
		want       string
	}{
		{stranger, "", "r1500"},
		{stranger, "normal", "r1500"},
		{stranger, "easiest", "r900"},
		{stranger, "easier", "r1200"},
		{stranger, "harder", "r1800"},
		{stranger, "hardest", "r2100"},
		{browser, "harder", "r1800"},
		{ann, "", "r1500"}, // no round yet: 1500
		{bob, "", "r2100"},
		{bob, "harder", "r2450"},
		{bob, "easiest", "r1500"},
	} {
		q := "?difficulty=" + tt.difficulty
		if got := e.next(tt.who, q); got != tt.want {
			t.Errorf("next%s as %+v = %s, want %s", q, tt.who, got, tt.want)
		}
	}
}

// TestNextNotTwice: an account and a browser are never given a puzzle
// they played (their results sent), each apart from the other; a
// stranger, whose results are not kept, always gets the nearest.
func TestNextNotTwice(t *testing.T) {
	e := newEnv(t, puzzleAt("a", 1500), puzzleAt("b", 1550), puzzleAt("c", 1400), xiangqiAt("x", 1500))
	for _, w := range []who{ann, browser} {
		var order []string
		for range 4 {
			id := e.next(w, "")
			if id == "" {
				break
			}
			order = append(order, id)
			e.solve(w, "/api/puzzle/batch/mix", id+":w:r")
		}
		if strings.Join(order, " ") != "a b c" {
			t.Errorf("%+v's puzzles in turn: %v, want a b c then none", w, order)
		}
		rec := e.want(http.StatusNotFound, w, "GET", "/api/puzzle/next", "", nil)
		if _, msg := errorOf(t, rec); !strings.Contains(msg, "played every one of the 3") {
			t.Errorf("%+v, none left: %q", w, msg)
		}
		if got := e.next(w, "?variant=xiangqi"); got != "x" {
			t.Errorf("%+v's xiangqi puzzle: %q, want x (its chess rounds are chess's)", w, got)
		}
	}
	if got := e.next(bob, ""); got != "a" {
		t.Errorf("bob's next = %q, want a (ann's rounds are hers)", got)
	}
	if got := e.next(who{player: "p-dan"}, ""); got != "a" {
		t.Errorf("another browser's next = %q, want a", got)
	}
	if got := e.next(stranger, ""); got != "a" {
		t.Errorf("a stranger's next = %q, want a", got)
	}
}

// TestNextByTheme: an angle gives puzzles of its theme alone; mix, or
// none, any; a theme no puzzle has is 404 naming it; a malformed one 400.
func TestNextByTheme(t *testing.T) {
	e := newEnv(t, puzzleAt("a", 1500, "mate", "short"), puzzleAt("b", 1700, "fork"), puzzleAt("c", 2200, "fork", "pin"))
	for _, tt := range []struct {
		angle, want string
	}{{"", "a"}, {"mix", "a"}, {"fork", "b"}, {"pin", "c"}, {"mate", "a"}} {
		if got := e.next(ann, "?angle="+tt.angle); got != tt.want {
			t.Errorf("next?angle=%s = %q, want %q", tt.angle, got, tt.want)
		}
	}
	rec := e.want(http.StatusNotFound, ann, "GET", "/api/puzzle/next?angle=skewer", "", nil)
	if _, msg := errorOf(t, rec); !strings.Contains(msg, `"skewer"`) || !strings.Contains(msg, "/api/training/themes") {
		t.Errorf("a theme of no puzzle: %q", msg)
	}
	for _, angle := range []string{"mate%20in%202", "%3Cscript%3E", strings.Repeat("x", 65)} {
		rec := e.want(http.StatusBadRequest, ann, "GET", "/api/puzzle/next?angle="+angle, "", nil)
		if code, msg := errorOf(t, rec); code != "bad_request" || !strings.HasPrefix(msg, "bad request: angle: ") {
			t.Errorf("angle %q: %s %q", angle, code, msg)
		}
	}
	// By theme in a batch: the two forks, nearest first.
	var b Batch
	e.want(http.StatusOK, ann, "GET", "/api/puzzle/batch/fork?nb=5&difficulty=harder", "", &b)
	if len(b.Puzzles) != 2 || b.Puzzles[0].Puzzle.ID != "b" || b.Puzzles[1].Puzzle.ID != "c" {
		t.Errorf("batch/fork = %+v", b.Puzzles)
	}
}

// TestBadRequests: a variant, angle, difficulty or count that is not one
// is 400 naming the parameter, on every route that reads it.
func TestBadRequests(t *testing.T) {
	e := newEnv(t, puzzleAt("a", 1500))
	for _, tt := range []struct {
		method, path, field string
	}{
		{"GET", "/api/puzzle/daily?variant=shogi", "variant"},
		{"GET", "/api/puzzle/daily?variant=fogofwar", "variant"}, // registered, of hidden information: no puzzles
		{"GET", "/api/puzzle/next?variant=shogi", "variant"},
		{"GET", "/api/puzzle/next?difficulty=impossible", "difficulty"},
		{"GET", "/api/puzzle/next?angle=a.b", "angle"},
		{"GET", "/api/puzzle/batch/mix?nb=0", "nb"},
		{"GET", "/api/puzzle/batch/mix?nb=51", "nb"},
		{"GET", "/api/puzzle/batch/mix?nb=x", "nb"},
		{"GET", "/api/puzzle/batch/a-b", "angle"},
		{"GET", "/api/puzzle/batch/mix?variant=nosuch", "variant"},
		{"POST", "/api/puzzle/batch/mix?nb=-1", "nb"},
		{"POST", "/api/puzzle/batch/mix?variant=nosuch", "variant"},
		{"GET", "/api/puzzle/activity?max=0", "max"},
		{"GET", "/api/puzzle/activity?variant=shogi", "variant"},
		{"GET", "/api/puzzle/a?variant=shogi", "variant"},
		{"GET", "/api/puzzle/activity?before=yesterday", "before"},
		{"GET", "/api/puzzle/activity?since=-5", "since"},
		{"GET", "/api/training/streak?variant=nosuch", "variant"},
		{"GET", "/api/training/themes?variant=nosuch", "variant"},
	} {
		body := ""
		if tt.method == "POST" {
			body = `{"solutions":[]}`
		}
		rec := e.do(ann, tt.method, tt.path, body)
		code, msg := errorOf(t, rec)
		if rec.Code != http.StatusBadRequest || code != "bad_request" || !strings.HasPrefix(msg, "bad request: "+tt.field+": ") {
			t.Errorf("%s %s: %d %s %q; want 400 naming %s", tt.method, tt.path, rec.Code, code, msg, tt.field)
		}
	}
	rec := e.do(ann, "GET", "/api/puzzle/daily?variant=shogi", "")
	if _, msg := errorOf(t, rec); !strings.Contains(msg, `"shogi"`) || !strings.Contains(msg, "xiangqi") {
		t.Errorf("an unknown variant: %q; want it named, and the variants of puzzles", msg)
	}
}

// TestNoStore: a server keeping no puzzles answers 404 everywhere.
func TestNoStore(t *testing.T) {
	mux := routes(New(Config{Asker: asker{}, Error: answerError}))
	for _, path := range []string{"/api/puzzle/daily", "/api/puzzle/next", "/api/puzzle/abc", "/api/puzzle/batch/mix",
		"/api/training/streak", "/api/training/themes", "/api/puzzle/activity"} {
		e := &env{t: t, mux: mux}
		if rec := e.do(ann, "GET", path, ""); rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d %s, want 404", path, rec.Code, rec.Body)
		}
	}
}

// TestDaily: the same puzzle all day, whatever rounds happen, for
// everyone, on every node (chosen by ids, which rounds do not move);
// another most days; each variant its own.
func TestDaily(t *testing.T) {
	// Puzzles out of 1500 to 2000 among those in it, their ids spread
	// over the alphabet of ids as a hash's are.
	ps := []store.Puzzle{puzzleAt("c9", 900), puzzleAt("j9", 1300), puzzleAt("r9", 2600), xiangqiAt("x1", 1000)}
	for _, id := range []string{"b1", "e1", "h1", "m1", "p1", "t1", "w1", "41"} {
		ps = append(ps, puzzleAt(id, 1750))
	}
	e := newEnv(t, ps...)
	daily := func(w who, variant string) string {
		t.Helper()
		var pg PuzzleAndGame
		e.want(http.StatusOK, w, "GET", "/api/puzzle/daily?variant="+variant, "", &pg)
		return pg.Puzzle.ID
	}
	first := daily(stranger, "chess")
	// The day goes on: solvers move its rating, and everyone's.
	e.clock.add(5 * time.Hour)
	e.solve(ann, "/api/puzzle/batch/mix", first+":l:r", "b1:l:r", "e1:l:r")
	if got := daily(bob, "chess"); got != first {
		t.Errorf("later the same day: %s, want %s", got, first)
	}
	// A fresh handler (another node, a restart) chooses the same.
	other := routes(New(Config{Store: e.st, Asker: asker{}, Error: answerError, Now: e.clock.now}))
	if rec := (&env{t: t, mux: other}).do(browser, "GET", "/api/puzzle/daily", ""); !strings.Contains(rec.Body.String(), `"id":"`+first+`"`) {
		t.Errorf("another handler's daily puzzle: %s, want %s", rec.Body, first)
	}
	if got := daily(stranger, "xiangqi"); got != "x1" {
		t.Errorf("xiangqi's daily puzzle: %s, want x1, its only one", got)
	}
	days := map[string]bool{first: true}
	for range 14 {
		e.clock.add(24 * time.Hour)
		days[daily(stranger, "chess")] = true
	}
	if len(days) < 3 {
		t.Errorf("over 15 days, daily puzzles %v; want them to change with the day", days)
	}
	e2 := newEnv(t)
	if rec := e2.do(stranger, "GET", "/api/puzzle/daily", ""); rec.Code != http.StatusNotFound {
		t.Errorf("the daily puzzle of no puzzles: %d %s", rec.Code, rec.Body)
	}
}

// TestStreak: about 30 puzzles of rising rating from about 1000, none
// twice; fewer where the variant has fewer.
func TestStreak(t *testing.T) {
	var ps []store.Puzzle
	for i := range 60 {
		ps = append(ps, puzzleAt(fmt.Sprintf("s%02d", i), 600+float64(i)*40))
	}
	e := newEnv(t, append(ps, xiangqiAt("x1", 1500), xiangqiAt("x2", 1100))...)
	var s Streak
	e.want(http.StatusOK, stranger, "GET", "/api/training/streak", "", &s)
	if len(s.Puzzles) != streakLength {
		t.Fatalf("%d puzzles, want %d", len(s.Puzzles), streakLength)
	}
	seen := map[string]bool{}
	for i, p := range s.Puzzles {
		if seen[p.Puzzle.ID] {
			t.Errorf("%s twice", p.Puzzle.ID)
		}
		seen[p.Puzzle.ID] = true
		if i > 0 && p.Puzzle.Rating < s.Puzzles[i-1].Puzzle.Rating {
			t.Errorf("puzzle %d rated %d after %d: not rising", i, p.Puzzle.Rating, s.Puzzles[i-1].Puzzle.Rating)
		}
	}
	if lo, hi := s.Puzzles[0].Puzzle.Rating, s.Puzzles[len(s.Puzzles)-1].Puzzle.Rating; lo < 950 || lo > 1100 || hi < 2300 {
		t.Errorf("ratings from %d to %d; want from about 1000, climbing", lo, hi)
	}
	// Puzzles not yet rated all tie at their start: two streaks still
	// differ.
	var tied []store.Puzzle
	for i := range 80 {
		tied = append(tied, puzzleAt(fmt.Sprintf("t%02d", i), 1500))
	}
	te := newEnv(t, tied...)
	var one, two Streak
	te.want(http.StatusOK, stranger, "GET", "/api/training/streak", "", &one)
	te.want(http.StatusOK, stranger, "GET", "/api/training/streak", "", &two)
	if fmt.Sprint(one.Puzzles) == fmt.Sprint(two.Puzzles) {
		t.Errorf("two streaks of tied puzzles are the same: %v", one.Puzzles)
	}
	e.want(http.StatusOK, stranger, "GET", "/api/training/streak?variant=xiangqi", "", &s)
	if len(s.Puzzles) != 2 || s.Puzzles[0].Puzzle.ID != "x2" || s.Puzzles[1].Puzzle.ID != "x1" {
		t.Errorf("xiangqi's streak of two puzzles: %+v", s.Puzzles)
	}
}

// TestThemes: each theme of the variant's puzzles with its count, the
// most first.
func TestThemes(t *testing.T) {
	e := newEnv(t, puzzleAt("a", 1500, "mate", "short"), puzzleAt("b", 1700, "fork", "short"), puzzleAt("c", 1900, "short"), xiangqiAt("x", 1500))
	for _, tt := range []struct{ variant, want string }{
		{"chess", `[{"key":"short","count":3},{"key":"fork","count":1},{"key":"mate","count":1}]`},
		{"xiangqi", `[{"key":"mate","count":1},{"key":"mateIn2","count":1}]`},
		{"chess960", `[]`},
	} {
		rec := e.want(http.StatusOK, stranger, "GET", "/api/training/themes?variant="+tt.variant, "", nil)
		if got := strings.TrimSpace(rec.Body.String()); got != tt.want {
			t.Errorf("themes of %s = %s, want %s", tt.variant, got, tt.want)
		}
	}
}

// TestBatch: nb puzzles, nearest first, none the solver played, with its
// rating; a stranger's and a browser's rating is 1500 ± 500, provisional.
func TestBatch(t *testing.T) {
	e := newEnv(t, puzzleAt("a", 1500), puzzleAt("b", 1520), puzzleAt("c", 1450), puzzleAt("d", 1900))
	e.setRating(bob.user, 1880)
	var b Batch
	e.want(http.StatusOK, stranger, "GET", "/api/puzzle/batch/mix?nb=3", "", &b)
	if got := batchIDs(b.Puzzles); got != "a b c" || b.Glicko != (Glicko{Rating: 1500, Deviation: 500, Provisional: true}) {
		t.Errorf("a stranger's batch: %s, %+v", got, b.Glicko)
	}
	e.want(http.StatusOK, bob, "GET", "/api/puzzle/batch/mix", "", &b) // 15 asked, fewer there
	if got := batchIDs(b.Puzzles); got != "d b a c" || b.Glicko != (Glicko{Rating: 1880, Deviation: 60, Provisional: false}) {
		t.Errorf("bob's batch: %s, %+v", got, b.Glicko)
	}
	solved := e.solve(browser, "/api/puzzle/batch/mix?nb=2", "a:w:r")
	if got := batchIDs(solved.Puzzles); got != "b c" {
		t.Errorf("the batch after solving a: %s, want b c", got)
	}
	if none := e.solve(browser, "/api/puzzle/batch/mix", "b:w:r"); none.Puzzles == nil || len(none.Puzzles) != 0 {
		t.Errorf("nb left out: %+v; want no puzzles, as an empty list", none.Puzzles)
	}
}

func batchIDs(ps []PuzzleAndGame) string {
	var ids []string
	for _, p := range ps {
		ids = append(ids, p.Puzzle.ID)
	}
	return strings.Join(ids, " ")
}

// TestJSONNeverNull: the lists of every answer are lists, even empty.
func TestJSONNeverNull(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{"/api/puzzle/batch/mix", "/api/training/streak", "/api/training/themes"} {
		rec := e.want(http.StatusOK, ann, "GET", path, "", nil)
		if strings.Contains(rec.Body.String(), "null") {
			t.Errorf("%s: %s", path, rec.Body)
		}
	}
	var out map[string]any
	e.want(http.StatusOK, ann, "POST", "/api/puzzle/batch/mix", `{"solutions":[]}`, &out)
	if b, _ := json.Marshal(out); strings.Contains(string(b), "null") {
		t.Errorf("POST: %s", b)
	}
}

// TestSourceID: a puzzle's source names a game of this server by its id
// (as the finder over the server's games stores it) or its page's path;
// a file's game is none.
func TestSourceID(t *testing.T) {
	for _, tt := range []struct{ source, want string }{
		{"abcdefghij", "abcdefghij"},
		{"/game/abcdefghij", "abcdefghij"},
		{"twic0920.pgn#12", ""},
		{"puzzles.pgn#1", ""},
		{"", ""},
		{"/game/", ""},
	} {
		if got := sourceID(tt.source); got != tt.want {
			t.Errorf("sourceID(%q) = %q, want %q", tt.source, got, tt.want)
		}
	}
}
