package storetest

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/store"
)

// RatingStore is a store with its games, accounts and ratings, as
// RunRatings tests it.
type RatingStore interface {
	store.Log
	store.Accounts
	store.Ratings
}

// RunRatings runs every contract test of store.Ratings, each in a subtest
// on its own store. open returns an empty store; RunRatings closes it.
func RunRatings(t *testing.T, open func(t *testing.T) RatingStore) {
	runCases(t, open, []contractCase[RatingStore]{
		{"RatedOnceAtTheEnd", testRatedOnce},
		{"SeatRated", testSeatRated},
		{"VoidWhenAborted", voidCase("u1", "u2", "*")},
		{"VoidWithASeatWithoutAccount", voidCase("u1", "", "0-1")},
		{"UnratedGameUntouched", testUnrated},
	})
}

// ratedSetup makes accounts u1 (Ann) and u2 (Bob) and an online game g1
// at version 1, not finished.
func ratedSetup(t *testing.T, s RatingStore) {
	t.Helper()
	annAndBob(t, s)
	sum := summary("g1", 1)
	sum.Mode = "online"
	create(t, s, sum, []byte("h"), events(0, 1))
}

// finish appends event v to game g1, ending it with result.
func finish(t *testing.T, s RatingStore, v int64, result string) {
	t.Helper()
	sum := summary("g1", v)
	sum.Status, sum.Result, sum.Finished, sum.Active = "resigned", result, true, false
	if result == "*" {
		sum.Status = "aborted"
	}
	if err := s.Append(context.Background(), "g1", v-1, events(v-1, v), sum); err != nil {
		t.Fatalf("Append(%d): %v", v, err)
	}
}

func ratingOf(t *testing.T, s RatingStore, user, perf string) (store.Rating, bool) {
	t.Helper()
	rs, err := s.UserRatings(context.Background(), user)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Perf == perf {
			return r, true
		}
	}
	return store.Rating{}, false
}

func testRatedOnce(t *testing.T, s RatingStore) {
	ctx := context.Background()
	ratedSetup(t, s)
	if err := s.CreateRated(ctx, store.RatedGame{GameID: "g1", Perf: "blitz", White: "u1", Black: "u2"}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateRated(ctx, store.RatedGame{GameID: "g1", Perf: "blitz"}); !errors.Is(err, store.ErrExists) {
		t.Errorf("CreateRated twice = %v, want ErrExists", err)
	}
	g, err := s.RatedGame(ctx, "g1")
	if err != nil || g.State != store.RatingPending || g.WhiteName != "Ann" || g.BlackName != "Bob" {
		t.Fatalf("RatedGame before the end = %+v, %v", g, err)
	}
	finish(t, s, 2, "1-0")
	wantW, wantB := rating.Game(rating.Default(), rating.Default(), rating.WhiteWins)
	g, err = s.RatedGame(ctx, "g1")
	if err != nil || g.State != store.RatingApplied || g.WhiteBefore != rating.Default() || !near(g.WhiteAfter, wantW) || !near(g.BlackAfter, wantB) {
		t.Fatalf("RatedGame after the end = %+v, %v; want after %v, %v", g, err, wantW, wantB)
	}
	if !g.EndedAt.Equal(t0.Add(2 * time.Second)) {
		t.Errorf("EndedAt = %v", g.EndedAt)
	}
	// An event after the end (a chat line, say) rates nothing again.
	finish(t, s, 3, "1-0")
	w, ok := ratingOf(t, s, "u1", "blitz")
	if !ok || w.Games != 1 || w.Wins != 1 || !near(w.Glicko, wantW) {
		t.Errorf("Ann's blitz = %+v, want one win at %v", w, wantW)
	}
	b, ok := ratingOf(t, s, "u2", "blitz")
	if !ok || b.Games != 1 || b.Losses != 1 || !near(b.Glicko, wantB) {
		t.Errorf("Bob's blitz = %+v, want one loss at %v", b, wantB)
	}
	if _, ok := ratingOf(t, s, "u1", "rapid"); ok {
		t.Error("a rapid rating appeared")
	}
}

func near(a, b rating.Glicko) bool {
	return math.Abs(a.Rating-b.Rating) < 1e-6 && math.Abs(a.Deviation-b.Deviation) < 1e-6 && math.Abs(a.Volatility-b.Volatility) < 1e-9
}

func testSeatRated(t *testing.T, s RatingStore) {
	ctx := context.Background()
	ratedSetup(t, s)
	if err := s.CreateRated(ctx, store.RatedGame{GameID: "g1", Perf: "rapid", Black: "u2"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		white bool
		user  string
		want  bool
	}{
		{true, "u2", false},  // Bob cannot play himself
		{false, "u1", false}, // black is taken
		{true, "u1", true},
		{true, "u3", false}, // white is taken now
	}
	for _, tt := range tests {
		if got, err := s.SeatRated(ctx, "g1", tt.white, tt.user); err != nil || got != tt.want {
			t.Errorf("SeatRated(white %v, %s) = %v, %v; want %v", tt.white, tt.user, got, err, tt.want)
		}
	}
	// A side given back is open again, to its holder only.
	for _, tt := range []struct {
		white bool
		user  string
		want  bool
	}{{true, "u3", false}, {false, "u1", false}, {true, "u1", true}, {true, "u1", false}} {
		if got, err := s.UnseatRated(ctx, "g1", tt.white, tt.user); err != nil || got != tt.want {
			t.Errorf("UnseatRated(white %v, %s) = %v, %v; want %v", tt.white, tt.user, got, err, tt.want)
		}
	}
	if rg, err := s.RatedGame(ctx, "g1"); err != nil || rg.White != "" || rg.Black != "u2" {
		t.Errorf("after UnseatRated: %+v, %v; want white open, black Bob's", rg, err)
	}
	if ok, err := s.SeatRated(ctx, "g1", true, "u1"); err != nil || !ok {
		t.Errorf("SeatRated again after UnseatRated = %v, %v", ok, err)
	}
	finish(t, s, 2, "1/2-1/2")
	if w, ok := ratingOf(t, s, "u1", "rapid"); !ok || w.Draws != 1 {
		t.Errorf("Ann's rapid after a draw = %+v", w)
	}
	if _, err := s.RatedGame(ctx, "g9"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("RatedGame(unknown) = %v, want ErrNotFound", err)
	}
}

// voidCase: game g1 rated between white and black ("" for an open seat)
// ends with result; it must change no rating.
func voidCase(white, black, result string) func(t *testing.T, s RatingStore) {
	return func(t *testing.T, s RatingStore) {
		ctx := context.Background()
		ratedSetup(t, s)
		if err := s.CreateRated(ctx, store.RatedGame{GameID: "g1", Perf: "blitz", White: white, Black: black}); err != nil {
			t.Fatal(err)
		}
		finish(t, s, 2, result)
		if g, _ := s.RatedGame(ctx, "g1"); g.State != store.RatingVoid {
			t.Errorf("state = %d, want void", g.State)
		}
		if rs, _ := s.UserRatings(ctx, "u1"); len(rs) != 0 {
			t.Errorf("ratings after a void game: %+v", rs)
		}
	}
}

func testUnrated(t *testing.T, s RatingStore) {
	ratedSetup(t, s)
	finish(t, s, 2, "1-0")
	if rs, _ := s.UserRatings(context.Background(), "u1"); len(rs) != 0 {
		t.Errorf("ratings after an unrated game: %+v", rs)
	}
}
