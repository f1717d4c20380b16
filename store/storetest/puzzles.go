package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/store"
)

// PuzzleStore is a store that keeps puzzles, as RunPuzzles tests it.
type PuzzleStore interface {
	store.Puzzles
	Close() error
}

// RunPuzzles runs every contract test of store.Puzzles, each in a subtest
// on its own store. open returns an empty store; RunPuzzles closes it when
// the subtest ends.
func RunPuzzles(t *testing.T, open func(t *testing.T) PuzzleStore) {
	runCases(t, open, []contractCase[PuzzleStore]{
		{"AddGet", testPuzzleAddGet},
		{"AddKeepsStored", testPuzzleAddKeepsStored},
		{"AddInvalid", testPuzzleAddInvalid},
		{"NextNearest", testPuzzleNextNearest},
		{"NextTheme", testPuzzleNextTheme},
		{"NextLeavesPlayedOut", testPuzzleNextLeavesPlayedOut},
		{"RecordRound", testPuzzleRecordRound},
		{"RoundRatedMeanwhile", testPuzzleRoundRatedMeanwhile},
		{"RoundUnrated", testPuzzleRoundUnrated},
		{"RoundTwice", testPuzzleRoundTwice},
		{"RoundUnknownPuzzle", testPuzzleRoundUnknown},
		{"Rounds", testPuzzleRounds},
		{"RatingBeforeRound", testPuzzleRatingBeforeRound},
		{"Count", testPuzzleCount},
		{"NextMany", testPuzzleNextMany},
		{"From", testPuzzleFrom},
		{"Themes", testPuzzleThemes},
		{"RoundsBetween", testPuzzleRoundsBetween},
	})
}

// puzzleAt is a chess puzzle of id rated r (deviation 80), with themes.
func puzzleAt(id string, r float64, themes ...string) store.Puzzle {
	return store.Puzzle{ID: id, Variant: "chess", FEN: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		Moves: []string{"f3e5", "c6e5", "d2d4"}, Rating: rating.Glicko{Rating: r, Deviation: 80, Volatility: 0.09},
		Themes: themes, Game: "games.pgn#" + id}
}

func addPuzzles(t *testing.T, s store.Puzzles, ps ...store.Puzzle) {
	t.Helper()
	n, err := s.AddPuzzles(context.Background(), ps)
	if err != nil || n != len(ps) {
		t.Fatalf("AddPuzzles(%d) = %d, %v", len(ps), n, err)
	}
}

func mustPuzzle(t *testing.T, s store.Puzzles, id string) store.Puzzle {
	t.Helper()
	p, err := s.Puzzle(context.Background(), id)
	if err != nil {
		t.Fatalf("Puzzle(%s): %v", id, err)
	}
	return p
}

// next asks for the puzzle of q, "" for ErrNoPuzzle.
func next(t *testing.T, s store.Puzzles, q store.PuzzleQuery) string {
	t.Helper()
	p, err := s.NextPuzzle(context.Background(), q)
	if errors.Is(err, store.ErrNoPuzzle) {
		return ""
	}
	if err != nil {
		t.Fatalf("NextPuzzle(%+v): %v", q, err)
	}
	return p.ID
}

// round is solver's round on puzzle id, won, s seconds after t0.
func round(solver, id string, s int) store.PuzzleRound {
	return store.PuzzleRound{Solver: solver, Puzzle: id, Variant: "chess", Win: s%2 == 0,
		At: t0.Add(time.Duration(s) * time.Second).UTC(), RatingDiff: s - 3}
}

// record stores a rated round: the puzzle's rating from its stored one
// to puzzle, the solver's to solver.
func record(t *testing.T, s PuzzleStore, r store.PuzzleRound, puzzle, solver rating.Glicko) {
	t.Helper()
	before := mustPuzzle(t, s, r.Puzzle).Rating
	if err := s.RecordRound(context.Background(), r, &store.RoundRatings{PuzzleBefore: before, Puzzle: puzzle, Solver: solver}); err != nil {
		t.Fatalf("RecordRound(%s, %s): %v", r.Solver, r.Puzzle, err)
	}
}

// testPuzzleAddGet: a puzzle reads back as added, with no plays and its
// themes a sorted set; an unknown id is ErrNoPuzzle.
func testPuzzleAddGet(t *testing.T, s PuzzleStore) {
	p := puzzleAt("p1", 1612.5, "short", "mate", "mateIn2", "mate")
	bare := puzzleAt("p2", 900)
	bare.Variant, bare.Game = "xiangqi", ""
	addPuzzles(t, s, p, bare)
	p.Themes = []string{"mate", "mateIn2", "short"}
	if got := mustPuzzle(t, s, "p1"); !reflect.DeepEqual(got, p) {
		t.Errorf("Puzzle(p1) = %+v, want %+v", got, p)
	}
	if got := mustPuzzle(t, s, "p2"); !reflect.DeepEqual(got, bare) {
		t.Errorf("Puzzle(p2) = %+v, want %+v", got, bare)
	}
	if _, err := s.Puzzle(context.Background(), "nope"); !errors.Is(err, store.ErrNoPuzzle) {
		t.Errorf("Puzzle(nope) = %v, want ErrNoPuzzle", err)
	}
}

// testPuzzleAddKeepsStored: a puzzle whose id is stored is left as it is,
// its rating, plays and themes kept; only the new ones count.
func testPuzzleAddKeepsStored(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	addPuzzles(t, s, puzzleAt("p1", 1500, "fork"))
	record(t, s, round("s1", "p1", 1), rating.Glicko{Rating: 1520, Deviation: 78, Volatility: 0.09}, rating.Default())
	before := mustPuzzle(t, s, "p1")
	again := puzzleAt("p1", 2400, "mate")
	again.FEN = "8/8/8/8/8/8/8/K6k w - - 0 1"
	n, err := s.AddPuzzles(ctx, []store.Puzzle{again, puzzleAt("p2", 1400), puzzleAt("p2", 1450)})
	if err != nil || n != 1 {
		t.Errorf("AddPuzzles of p1 again, p2 twice = %d, %v; want 1 added", n, err)
	}
	if got := mustPuzzle(t, s, "p1"); !reflect.DeepEqual(got, before) || got.Plays != 1 {
		t.Errorf("p1 after adding it again = %+v, want %+v", got, before)
	}
	if got := mustPuzzle(t, s, "p2"); got.Rating.Rating != 1400 {
		t.Errorf("p2 given twice = %+v, want the first", got)
	}
	if c, err := s.CountPuzzles(ctx, "chess", "mate"); err != nil || c != 0 {
		t.Errorf("CountPuzzles(mate) = %d, %v; want 0 (p1's themes kept)", c, err)
	}
}

// testPuzzleAddInvalid: a puzzle without an id, variant, FEN or moves is
// ErrInvalid, and nothing of the batch is stored.
func testPuzzleAddInvalid(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	for name, spoil := range map[string]func(p *store.Puzzle){
		"no id":      func(p *store.Puzzle) { p.ID = "" },
		"no variant": func(p *store.Puzzle) { p.Variant = "" },
		"no FEN":     func(p *store.Puzzle) { p.FEN = "" },
		"no moves":   func(p *store.Puzzle) { p.Moves = nil },
		"empty move": func(p *store.Puzzle) { p.Moves = []string{"e2e4", ""} },
		"two moves":  func(p *store.Puzzle) { p.Moves = []string{"e2e4 e7e5"} },
		"a spaced theme": func(p *store.Puzzle) {
			p.Themes = []string{"mate in 2"}
		},
	} {
		bad := puzzleAt("bad", 1500)
		spoil(&bad)
		n, err := s.AddPuzzles(ctx, []store.Puzzle{puzzleAt("ok", 1500, "fork"), bad})
		if !errors.Is(err, store.ErrInvalid) || n != 0 {
			t.Errorf("%s: AddPuzzles = %d, %v; want ErrInvalid", name, n, err)
		}
	}
	if _, err := s.Puzzle(ctx, "ok"); !errors.Is(err, store.ErrNoPuzzle) {
		t.Errorf("the valid puzzle of a refused batch: %v, want ErrNoPuzzle", err)
	}
	if c, err := s.CountPuzzles(ctx, "chess", ""); err != nil || c != 0 {
		t.Errorf("CountPuzzles after refused batches = %d, %v; want 0", c, err)
	}
}

// testPuzzleNextNearest: the nearest rating, above or below, of the
// variant asked; ties go to the smaller id.
func testPuzzleNextNearest(t *testing.T, s PuzzleStore) {
	xq := puzzleAt("x1", 1500)
	xq.Variant = "xiangqi"
	addPuzzles(t, s, puzzleAt("c", 1400), puzzleAt("b", 1600), puzzleAt("a", 1600), puzzleAt("d", 1000), puzzleAt("e", 2000), xq,
		puzzleAt("f", 1700), puzzleAt("g", 1300))
	for _, tt := range []struct {
		rating float64
		want   string
	}{
		{1500, "a"},   // 1400 (c) and 1600 (a, b) both 100 away: the smallest id
		{1450, "c"},   // below
		{1560, "a"},   // above; a before b at 1600
		{1610, "a"},   // below, two at 1600
		{1300, "g"},   // exactly
		{1350, "c"},   // 1300 (g) and 1400 (c): c < g
		{0, "d"},      // nothing below
		{5000, "e"},   // nothing above
		{1850, "e"},   // 1700 (f) and 2000 (e), 150 each: e < f
		{1849.5, "f"}, // f by half a point
	} {
		if got := next(t, s, store.PuzzleQuery{Variant: "chess", Rating: tt.rating}); got != tt.want {
			t.Errorf("NextPuzzle(chess, %v) = %q, want %q", tt.rating, got, tt.want)
		}
	}
	if got := next(t, s, store.PuzzleQuery{Variant: "xiangqi", Rating: 2500}); got != "x1" {
		t.Errorf("NextPuzzle(xiangqi) = %q, want x1", got)
	}
	if got := next(t, s, store.PuzzleQuery{Variant: "shogi", Rating: 1500}); got != "" {
		t.Errorf("NextPuzzle(shogi) = %q, want ErrNoPuzzle", got)
	}
	want := puzzleAt("c", 1400)
	if p, err := s.NextPuzzle(context.Background(), store.PuzzleQuery{Variant: "chess", Rating: 1440}); err != nil || !reflect.DeepEqual(p, want) {
		t.Errorf("NextPuzzle reads the whole puzzle: %+v, %v; want %+v", p, err, want)
	}
}

// testPuzzleNextTheme: a theme asked leaves out the puzzles without it,
// and follows the puzzles' ratings as rounds change them.
func testPuzzleNextTheme(t *testing.T, s PuzzleStore) {
	addPuzzles(t, s, puzzleAt("a", 1500, "fork"), puzzleAt("b", 1800, "mate", "fork"), puzzleAt("c", 1200, "mate"), puzzleAt("d", 1610))
	for _, tt := range []struct {
		theme string
		want  string
	}{{"", "a"}, {"fork", "a"}, {"mate", "b"}, {"pin", ""}} {
		if got := next(t, s, store.PuzzleQuery{Variant: "chess", Theme: tt.theme, Rating: 1550}); got != tt.want {
			t.Errorf("NextPuzzle(theme %q) = %q, want %q", tt.theme, got, tt.want)
		}
	}
	// c's rating rises by a round: now the nearest mate to 1550.
	record(t, s, round("s1", "c", 1), rating.Glicko{Rating: 1600, Deviation: 70, Volatility: 0.09}, rating.Default())
	if got := next(t, s, store.PuzzleQuery{Variant: "chess", Theme: "mate", Solver: "s2", Rating: 1550}); got != "c" {
		t.Errorf("NextPuzzle(mate) after c's round = %q, want c", got)
	}
}

// testPuzzleNextLeavesPlayedOut: a solver's played puzzles are left out
// (another solver's are not), until none is left: ErrNoPuzzle.
func testPuzzleNextLeavesPlayedOut(t *testing.T, s PuzzleStore) {
	addPuzzles(t, s, puzzleAt("a", 1500, "fork"), puzzleAt("b", 1510, "fork"), puzzleAt("c", 1490), puzzleAt("d", 1700, "fork"))
	q := store.PuzzleQuery{Variant: "chess", Solver: "s1", Rating: 1500}
	var order []string
	for i := range 5 {
		id := next(t, s, q)
		if id == "" {
			break
		}
		order = append(order, id)
		record(t, s, round("s1", id, i), mustPuzzle(t, s, id).Rating, rating.Default()) // the puzzle's rating kept
	}
	if fmt.Sprint(order) != "[a b c d]" {
		t.Errorf("s1's puzzles in turn = %v, want [a b c d] then none", order)
	}
	if got := next(t, s, store.PuzzleQuery{Variant: "chess", Solver: "s2", Rating: 1500}); got != "a" {
		t.Errorf("NextPuzzle of s2 = %q, want a (s1's rounds are not s2's)", got)
	}
	if got := next(t, s, store.PuzzleQuery{Variant: "chess", Rating: 1500}); got != "a" {
		t.Errorf("NextPuzzle of no solver = %q, want a", got)
	}
	if got := next(t, s, store.PuzzleQuery{Variant: "chess", Theme: "fork", Solver: "s1", Rating: 1500}); got != "" {
		t.Errorf("NextPuzzle(fork) of s1 = %q, want ErrNoPuzzle", got)
	}
	if got := next(t, s, store.PuzzleQuery{Variant: "chess", Theme: "fork", Solver: "s3", Rating: 1600}); got != "b" {
		t.Errorf("NextPuzzle(fork) of s3 = %q, want b", got)
	}
}

// testPuzzleRecordRound: a round changes the puzzle's rating and plays
// and sets the solver's rating in the puzzle's variant, and is listed.
func testPuzzleRecordRound(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	addPuzzles(t, s, puzzleAt("p1", 1500, "fork"), puzzleAt("p2", 1700))
	pg := rating.Glicko{Rating: 1488.25, Deviation: 79.5, Volatility: 0.0899}
	sg := rating.Glicko{Rating: 1662.5, Deviation: 290, Volatility: 0.06}
	r := round("s1", "p1", 4)
	record(t, s, r, pg, sg)
	p := mustPuzzle(t, s, "p1")
	if p.Rating != pg || p.Plays != 1 {
		t.Errorf("p1 after a round = %+v, want rating %+v, 1 play", p, pg)
	}
	if other := mustPuzzle(t, s, "p2"); other.Plays != 0 || other.Rating.Rating != 1700 {
		t.Errorf("p2 after p1's round = %+v", other)
	}
	if g, ok, err := s.PuzzleRating(ctx, "s1", "chess"); err != nil || !ok || g != sg {
		t.Errorf("PuzzleRating(s1) = %+v, %v, %v; want %+v", g, ok, err, sg)
	}
	if g, ok, err := s.PuzzleRating(ctx, "s1", "xiangqi"); err != nil || ok || g != rating.Default() {
		t.Errorf("PuzzleRating(s1, xiangqi) = %+v, %v, %v; want none", g, ok, err)
	}
	if rs, err := s.PuzzleRounds(ctx, "s1", 10); err != nil || len(rs) != 1 || rs[0] != r {
		t.Errorf("PuzzleRounds(s1) = %+v, %v; want [%+v]", rs, err, r)
	}
	// A second puzzle: the solver's rating is replaced, the plays add up.
	sg2 := rating.Glicko{Rating: 1700, Deviation: 250, Volatility: 0.06}
	record(t, s, round("s1", "p2", 5), pg, sg2)
	record(t, s, round("s2", "p1", 6), rating.Glicko{Rating: 1470, Deviation: 79, Volatility: 0.09}, sg)
	if g, _, _ := s.PuzzleRating(ctx, "s1", "chess"); g != sg2 {
		t.Errorf("PuzzleRating(s1) after a second round = %+v, want %+v", g, sg2)
	}
	if p := mustPuzzle(t, s, "p1"); p.Plays != 2 || p.Rating.Rating != 1470 {
		t.Errorf("p1 after two solvers' rounds = %+v", p)
	}
}

// testPuzzleRoundTwice: a solver's second round on a puzzle is ErrExists,
// and nothing changes: the puzzle, the rating, the rounds.
func testPuzzleRoundTwice(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	addPuzzles(t, s, puzzleAt("p1", 1500))
	sg := rating.Glicko{Rating: 1600, Deviation: 200, Volatility: 0.06}
	first := round("s1", "p1", 1)
	record(t, s, first, rating.Glicko{Rating: 1490, Deviation: 79, Volatility: 0.09}, sg)
	before := mustPuzzle(t, s, "p1")
	err := s.RecordRound(ctx, round("s1", "p1", 2), &store.RoundRatings{PuzzleBefore: before.Rating,
		Puzzle: rating.Glicko{Rating: 1400, Deviation: 60, Volatility: 0.09}, Solver: rating.Glicko{Rating: 1900, Deviation: 100, Volatility: 0.06}})
	if !errors.Is(err, store.ErrExists) {
		t.Errorf("a second round = %v, want ErrExists", err)
	}
	if p := mustPuzzle(t, s, "p1"); !reflect.DeepEqual(p, before) {
		t.Errorf("p1 after a second round = %+v, want %+v", p, before)
	}
	if g, _, _ := s.PuzzleRating(ctx, "s1", "chess"); g != sg {
		t.Errorf("PuzzleRating after a second round = %+v, want %+v", g, sg)
	}
	if rs, err := s.PuzzleRounds(ctx, "s1", 10); err != nil || len(rs) != 1 || rs[0] != first {
		t.Errorf("PuzzleRounds after a second round = %+v, %v; want the first alone", rs, err)
	}
}

// testPuzzleRoundUnknown: a round on no puzzle is ErrNoPuzzle and stores
// nothing: no round, no rating.
func testPuzzleRoundUnknown(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	addPuzzles(t, s, puzzleAt("p1", 1500))
	err := s.RecordRound(ctx, round("s1", "nope", 1), &store.RoundRatings{PuzzleBefore: rating.Default(), Puzzle: rating.Default(),
		Solver: rating.Glicko{Rating: 1700, Deviation: 200, Volatility: 0.06}})
	if !errors.Is(err, store.ErrNoPuzzle) {
		t.Errorf("a round on no puzzle = %v, want ErrNoPuzzle", err)
	}
	if _, ok, err := s.PuzzleRating(ctx, "s1", "chess"); ok || err != nil {
		t.Errorf("PuzzleRating after a round on no puzzle: ok %v, %v; want none", ok, err)
	}
	if rs, err := s.PuzzleRounds(ctx, "s1", 10); err != nil || len(rs) != 0 {
		t.Errorf("PuzzleRounds after a round on no puzzle = %+v, %v; want none", rs, err)
	}
	if got := next(t, s, store.PuzzleQuery{Variant: "chess", Solver: "s1", Rating: 1500}); got != "p1" {
		t.Errorf("NextPuzzle after a round on no puzzle = %q, want p1", got)
	}
}

// testPuzzleRounds: a solver's rounds, the newest first (in UTC, as
// recorded), at most limit; another solver's are not among them.
func testPuzzleRounds(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	var want []store.PuzzleRound
	for i, at := range []int{3, 1, 4, 2, 5} {
		id := fmt.Sprintf("p%d", i)
		addPuzzles(t, s, puzzleAt(id, 1500))
		r := round("s1", id, at)
		r.At = r.At.In(time.FixedZone("UTC+1", 3600)) // stored as the instant, read in UTC
		record(t, s, r, rating.Default(), rating.Default())
		r.At = r.At.UTC()
		want = append(want, r)
	}
	record(t, s, round("s2", "p0", 9), rating.Default(), rating.Default())
	rs, err := s.PuzzleRounds(ctx, "s1", 3)
	if err != nil {
		t.Fatal(err)
	}
	if wantNewest := []store.PuzzleRound{want[4], want[2], want[0]}; !reflect.DeepEqual(rs, wantNewest) {
		t.Errorf("PuzzleRounds(s1, 3) = %+v, want %+v", rs, wantNewest)
	}
	for _, r := range rs {
		if r.At.Location() != time.UTC {
			t.Errorf("round %s at %v, want UTC", r.Puzzle, r.At)
		}
	}
	if all, _ := s.PuzzleRounds(ctx, "s1", 100); len(all) != 5 {
		t.Errorf("PuzzleRounds(s1, 100) = %d rounds, want 5", len(all))
	}
	if none, err := s.PuzzleRounds(ctx, "s3", 10); err != nil || len(none) != 0 {
		t.Errorf("PuzzleRounds(s3) = %+v, %v; want none", none, err)
	}
}

// testPuzzleRatingBeforeRound: no rating before the first round: ok
// false and the default.
func testPuzzleRatingBeforeRound(t *testing.T, s PuzzleStore) {
	g, ok, err := s.PuzzleRating(context.Background(), "s1", "chess")
	if err != nil || ok || g != rating.Default() {
		t.Errorf("PuzzleRating before any round = %+v, %v, %v; want the default, false", g, ok, err)
	}
}

// testPuzzleCount: the puzzles of a variant, with a theme or any.
func testPuzzleCount(t *testing.T, s PuzzleStore) {
	xq := puzzleAt("x1", 1500, "mate")
	xq.Variant = "xiangqi"
	addPuzzles(t, s, puzzleAt("a", 1500, "fork", "mate"), puzzleAt("b", 1600, "mate"), puzzleAt("c", 1700), xq)
	for _, tt := range []struct {
		variant, theme string
		want           int
	}{{"chess", "", 3}, {"chess", "mate", 2}, {"chess", "fork", 1}, {"chess", "pin", 0}, {"xiangqi", "", 1}, {"xiangqi", "mate", 1}, {"shogi", "", 0}} {
		if n, err := s.CountPuzzles(context.Background(), tt.variant, tt.theme); err != nil || n != tt.want {
			t.Errorf("CountPuzzles(%s, %q) = %d, %v; want %d", tt.variant, tt.theme, n, err, tt.want)
		}
	}
}

// puzzleIDs are the ids of ps, in order.
func puzzleIDs(ps []store.Puzzle) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

// testPuzzleNextMany: NextPuzzles gives NextPuzzle's choices, the n
// nearest in order (ties: the smaller id), by theme, without the
// solver's played ones; fewer when fewer are left; whole puzzles.
func testPuzzleNextMany(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	xq := puzzleAt("x1", 1500)
	xq.Variant = "xiangqi"
	addPuzzles(t, s, puzzleAt("c", 1400, "fork"), puzzleAt("b", 1600), puzzleAt("a", 1600, "fork"), puzzleAt("d", 1000, "fork"),
		puzzleAt("e", 2000), xq, puzzleAt("f", 1700, "fork"), puzzleAt("g", 1300))
	record(t, s, round("s1", "c", 1), mustPuzzle(t, s, "c").Rating, rating.Default())
	for _, tt := range []struct {
		q    store.PuzzleQuery
		n    int
		want string
	}{
		{store.PuzzleQuery{Variant: "chess", Rating: 1500}, 4, "[a b c f]"},
		{store.PuzzleQuery{Variant: "chess", Rating: 1500}, 1, "[a]"},
		{store.PuzzleQuery{Variant: "chess", Rating: 1500}, 0, "[]"},
		{store.PuzzleQuery{Variant: "chess", Rating: 0}, 3, "[d g c]"},
		{store.PuzzleQuery{Variant: "chess", Rating: 5000}, 20, "[e f a b c g d]"},
		{store.PuzzleQuery{Variant: "chess", Rating: 1500, Solver: "s1"}, 3, "[a b f]"},
		{store.PuzzleQuery{Variant: "chess", Rating: 1500, Theme: "fork"}, 3, "[a c f]"},
		{store.PuzzleQuery{Variant: "chess", Rating: 1500, Theme: "fork", Solver: "s1"}, 9, "[a f d]"},
		{store.PuzzleQuery{Variant: "xiangqi", Rating: 1500}, 5, "[x1]"},
		{store.PuzzleQuery{Variant: "shogi", Rating: 1500}, 5, "[]"},
	} {
		ps, err := s.NextPuzzles(ctx, tt.q, tt.n)
		if err != nil {
			t.Fatalf("NextPuzzles(%+v, %d): %v", tt.q, tt.n, err)
		}
		if got := fmt.Sprint(puzzleIDs(ps)); got != tt.want {
			t.Errorf("NextPuzzles(%+v, %d) = %s, want %s", tt.q, tt.n, got, tt.want)
		}
	}
	ps, err := s.NextPuzzles(ctx, store.PuzzleQuery{Variant: "chess", Rating: 1690}, 1)
	if want := puzzleAt("f", 1700, "fork"); err != nil || len(ps) != 1 || !reflect.DeepEqual(ps[0], want) {
		t.Errorf("NextPuzzles reads whole puzzles: %+v, %v; want [%+v]", ps, err, want)
	}
}

// testPuzzleFrom: the first id at or after the point, of the variant and
// within the ratings; ErrNoPuzzle past the last.
func testPuzzleFrom(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	xq := puzzleAt("bx", 1600)
	xq.Variant = "xiangqi"
	addPuzzles(t, s, puzzleAt("a1", 1500), puzzleAt("b2", 1200), xq, puzzleAt("c3", 1800, "mate"), puzzleAt("d4", 1900))
	for _, tt := range []struct {
		variant, from string
		lo, hi        float64
		want          string
	}{
		{"chess", "", 0, 5000, "a1"},
		{"chess", "a1", 0, 5000, "a1"},
		{"chess", "a2", 0, 5000, "b2"},
		{"chess", "b", 1500, 2000, "c3"}, // b2 rated below, bx of xiangqi
		{"chess", "c4", 1500, 2000, "d4"},
		{"chess", "d5", 0, 5000, ""},
		{"chess", "", 1850, 1900, "d4"}, // the bounds are in
		{"chess", "", 2000, 3000, ""},
		{"xiangqi", "", 0, 5000, "bx"},
	} {
		p, err := s.PuzzleFrom(ctx, tt.variant, tt.from, tt.lo, tt.hi)
		got := p.ID
		if errors.Is(err, store.ErrNoPuzzle) {
			got = ""
		} else if err != nil {
			t.Fatalf("PuzzleFrom(%s, %q, %v, %v): %v", tt.variant, tt.from, tt.lo, tt.hi, err)
		}
		if got != tt.want {
			t.Errorf("PuzzleFrom(%s, %q, %v, %v) = %q, want %q", tt.variant, tt.from, tt.lo, tt.hi, got, tt.want)
		}
	}
	if p, err := s.PuzzleFrom(ctx, "chess", "c", 0, 5000); err != nil || !reflect.DeepEqual(p, puzzleAt("c3", 1800, "mate")) {
		t.Errorf("PuzzleFrom reads the whole puzzle: %+v, %v", p, err)
	}
}

// testPuzzleThemes: each theme of a variant's puzzles once, with its
// count, the most first, then by name; another variant's apart.
func testPuzzleThemes(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	xq := puzzleAt("x1", 1500, "mate", "smotheredPalace")
	xq.Variant = "xiangqi"
	addPuzzles(t, s, puzzleAt("a", 1500, "fork", "mate", "short"), puzzleAt("b", 1600, "mate", "short"), puzzleAt("c", 1700, "pin", "short"),
		puzzleAt("d", 1700), xq)
	for _, tt := range []struct {
		variant string
		want    []store.ThemeCount
	}{
		{"chess", []store.ThemeCount{{Theme: "short", Count: 3}, {Theme: "mate", Count: 2}, {Theme: "fork", Count: 1}, {Theme: "pin", Count: 1}}},
		{"xiangqi", []store.ThemeCount{{Theme: "mate", Count: 1}, {Theme: "smotheredPalace", Count: 1}}},
		{"shogi", nil},
	} {
		got, err := s.PuzzleThemes(ctx, tt.variant)
		if err != nil || len(got) != len(tt.want) || len(got) > 0 && !reflect.DeepEqual(got, tt.want) { // none: nil or empty
			t.Errorf("PuzzleThemes(%s) = %v, %v; want %v", tt.variant, got, err, tt.want)
		}
	}
}

// testPuzzleRoundsBetween: a solver's rounds within since (in) and
// before (out), newest first, at most limit; zero times bound nothing.
func testPuzzleRoundsBetween(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	for i := range 5 {
		id := fmt.Sprintf("p%d", i)
		addPuzzles(t, s, puzzleAt(id, 1500))
		record(t, s, round("s1", id, i+1), rating.Default(), rating.Default()) // p0 at 1 s … p4 at 5 s
	}
	record(t, s, round("s2", "p2", 3), rating.Default(), rating.Default())
	at := func(sec int) time.Time { return t0.Add(time.Duration(sec) * time.Second) }
	for _, tt := range []struct {
		since, before time.Time
		limit         int
		want          string
	}{
		{time.Time{}, time.Time{}, 10, "[p4 p3 p2 p1 p0]"},
		{time.Time{}, time.Time{}, 2, "[p4 p3]"},
		{time.Time{}, at(4), 10, "[p2 p1 p0]"},    // before is out
		{at(2), time.Time{}, 10, "[p4 p3 p2 p1]"}, // since is in
		{at(2), at(4), 10, "[p2 p1]"},
		{at(2), at(4), 1, "[p2]"},
		{at(4), at(4), 10, "[]"},
		{time.Time{}, time.Time{}, 0, "[]"},
	} {
		rs, err := s.PuzzleRoundsBetween(ctx, "s1", tt.since, tt.before, tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		got := make([]string, len(rs))
		for i, r := range rs {
			got[i] = r.Puzzle
			if r.Solver != "s1" || r.At.Location() != time.UTC {
				t.Errorf("round %+v: want s1's, in UTC", r)
			}
		}
		if fmt.Sprint(got) != tt.want {
			t.Errorf("PuzzleRoundsBetween(s1, %v, %v, %d) = %v, want %s", tt.since, tt.before, tt.limit, got, tt.want)
		}
	}
	if rs, err := s.PuzzleRoundsBetween(ctx, "s1", time.Time{}, time.Time{}, 1); err != nil || len(rs) != 1 || rs[0] != round("s1", "p4", 5) {
		t.Errorf("PuzzleRoundsBetween reads whole rounds: %+v, %v; want [%+v]", rs, err, round("s1", "p4", 5))
	}
}

// testPuzzleRoundRatedMeanwhile: a round rated from a puzzle's rating
// that another round moved meanwhile is ErrConflict, and stores nothing:
// the other round's rating stands.
func testPuzzleRoundRatedMeanwhile(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	addPuzzles(t, s, puzzleAt("p1", 1500))
	stale := mustPuzzle(t, s, "p1").Rating
	record(t, s, round("s1", "p1", 1), rating.Glicko{Rating: 1480, Deviation: 300, Volatility: 0.09}, rating.Default())
	moved := mustPuzzle(t, s, "p1")
	err := s.RecordRound(ctx, round("s2", "p1", 2), &store.RoundRatings{PuzzleBefore: stale,
		Puzzle: rating.Glicko{Rating: 1520, Deviation: 300, Volatility: 0.09}, Solver: rating.Default()})
	if !errors.Is(err, store.ErrConflict) {
		t.Errorf("a round rated from a stale rating = %v, want ErrConflict", err)
	}
	if p := mustPuzzle(t, s, "p1"); !reflect.DeepEqual(p, moved) {
		t.Errorf("p1 after the refused round = %+v, want %+v", p, moved)
	}
	if rs, err := s.PuzzleRounds(ctx, "s2", 10); err != nil || len(rs) != 0 {
		t.Errorf("s2's rounds after the refused one = %+v, %v", rs, err)
	}
}

// testPuzzleRoundUnrated: an unrated round counts a play and is the
// solver's round, and moves no rating: not the puzzle's, nor the
// solver's.
func testPuzzleRoundUnrated(t *testing.T, s PuzzleStore) {
	ctx := context.Background()
	addPuzzles(t, s, puzzleAt("p1", 1500))
	before := mustPuzzle(t, s, "p1")
	if err := s.RecordRound(ctx, round("anon:x", "p1", 1), nil); err != nil {
		t.Fatal(err)
	}
	if p := mustPuzzle(t, s, "p1"); p.Plays != 1 || p.Rating != before.Rating {
		t.Errorf("p1 after an unrated round = %+v, want 1 play and rating %+v", p, before.Rating)
	}
	if _, ok, err := s.PuzzleRating(ctx, "anon:x", "chess"); ok || err != nil {
		t.Errorf("PuzzleRating after an unrated round: ok %v, %v; want none", ok, err)
	}
	if rs, err := s.PuzzleRounds(ctx, "anon:x", 10); err != nil || len(rs) != 1 {
		t.Errorf("the unrated round listed: %+v, %v", rs, err)
	}
	if err := s.RecordRound(ctx, round("anon:x", "p1", 2), nil); !errors.Is(err, store.ErrExists) {
		t.Errorf("a second unrated round = %v, want ErrExists", err)
	}
}
