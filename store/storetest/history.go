package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// HistoryStore is a store with games, accounts, ratings and history, as
// RunHistory tests it.
type HistoryStore interface {
	RatingStore
	store.History
}

// RunHistory runs every contract test of store.History, each in a subtest
// on its own store. open returns an empty store; RunHistory closes it.
func RunHistory(t *testing.T, open func(t *testing.T) HistoryStore) {
	runCases(t, open, []contractCase[HistoryStore]{
		{"PlayerGamesPagesAndFilters", testPlayerGames},
		{"RatingHistoryAndLeaderboard", testRatingHistory},
	})
}

// historyGame creates game id created i minutes after t0, seating p-ann
// (and p-bob), finished with result unless it is "*".
func historyGame(t *testing.T, s HistoryStore, id string, i int, variant, result string) {
	t.Helper()
	sum := summary(id, 1)
	sum.Variant, sum.Mode = variant, "online"
	sum.CreatedAt = t0.Add(time.Duration(i) * time.Minute)
	sum.UpdatedAt = sum.CreatedAt
	if result != "*" {
		sum.Result, sum.Finished, sum.Status = result, true, "resigned"
	}
	create(t, s, sum, []byte("h"), events(0, 1))
}

func ids(sums []store.Summary) []string {
	var out []string
	for _, s := range sums {
		out = append(out, s.ID)
	}
	return out
}

func testPlayerGames(t *testing.T, s HistoryStore) {
	ctx := context.Background()
	results := []string{"1-0", "0-1", "1/2-1/2", "*", "1-0", "1-0", "0-1"}
	for i, r := range results {
		v := "chess"
		if i == 4 {
			v = "xiangqi"
		}
		historyGame(t, s, fmt.Sprintf("g%d", i), i, v, r)
	}
	annAndBob(t, s)
	if err := s.CreateRated(ctx, store.RatedGame{GameID: "g5", Perf: "blitz", White: "u1", Black: "u2"}); err != nil {
		t.Fatal(err)
	}
	// g5 is rated once it ends: end it again (an event after its end rates it).
	sum := summary("g5", 2)
	sum.Mode, sum.Result, sum.Finished, sum.Status = "online", "1-0", true, "resigned"
	sum.CreatedAt = t0.Add(5 * time.Minute)
	if err := s.Append(ctx, "g5", 1, events(1, 2), sum); err != nil {
		t.Fatal(err)
	}
	yes, no := true, false
	tests := []struct {
		name string
		q    store.GamesQuery
		want []string
	}{
		{"first page", store.GamesQuery{Limit: 3}, []string{"g6", "g5", "g4"}},
		{"second page", store.GamesQuery{Limit: 3, After: store.Cursor{CreatedAt: t0.Add(4 * time.Minute), ID: "g4"}}, []string{"g3", "g2", "g1"}},
		{"last page", store.GamesQuery{Limit: 3, After: store.Cursor{CreatedAt: t0.Add(1 * time.Minute), ID: "g1"}}, []string{"g0"}},
		{"variant", store.GamesQuery{Variant: "xiangqi"}, []string{"g4"}},
		{"result", store.GamesQuery{Result: "1-0"}, []string{"g5", "g4", "g0"}},
		{"decisive", store.GamesQuery{Decisive: true}, []string{"g6", "g5", "g4", "g1", "g0"}},
		{"decisive, xiangqi", store.GamesQuery{Decisive: true, Variant: "xiangqi", Limit: 1}, []string{"g4"}},
		{"rated", store.GamesQuery{Rated: &yes}, []string{"g5"}},
		{"unrated, chess, won by black", store.GamesQuery{Rated: &no, Variant: "chess", Result: "0-1"}, []string{"g6", "g1"}},
	}
	for _, tt := range tests {
		got, err := s.PlayerGames(ctx, "p-ann", tt.q)
		if err != nil || fmt.Sprint(ids(got)) != fmt.Sprint(tt.want) {
			t.Errorf("%s: PlayerGames = %q, %v; want %q", tt.name, ids(got), err, tt.want)
		}
	}
	if got, _ := s.PlayerGames(ctx, "p-nobody", store.GamesQuery{}); len(got) != 0 {
		t.Errorf("a stranger's games: %q", ids(got))
	}
}

func testRatingHistory(t *testing.T, s HistoryStore) {
	ctx := context.Background()
	annAndBob(t, s)
	const games = 30
	for i := range games {
		id := fmt.Sprintf("r%d", i)
		historyGame(t, s, id, i, "chess", "*")
		if err := s.CreateRated(ctx, store.RatedGame{GameID: id, Perf: "blitz", White: "u1", Black: "u2"}); err != nil {
			t.Fatal(err)
		}
		sum := summary(id, 2)
		sum.Mode, sum.Result, sum.Finished, sum.Status = "online", "1-0", true, "resigned"
		sum.UpdatedAt = t0.Add(time.Duration(i)*time.Minute + time.Second)
		if err := s.Append(ctx, id, 1, events(1, 2), sum); err != nil {
			t.Fatal(err)
		}
	}
	h, err := s.RatingHistory(ctx, "u1", "blitz")
	if err != nil || len(h) != games {
		t.Fatalf("RatingHistory = %d points, %v; want %d", len(h), err, games)
	}
	for i := 1; i < len(h); i++ {
		if h[i].Rating <= h[i-1].Rating || !h[i].At.After(h[i-1].At) {
			t.Errorf("point %d: %+v after %+v: a winner's rating goes up, in time order", i, h[i], h[i-1])
		}
	}
	if b, _ := s.RatingHistory(ctx, "u2", "blitz"); len(b) != games || b[len(b)-1].Rating >= 1500 {
		t.Errorf("Bob's history: %d points, last %+v", len(b), b[len(b)-1])
	}
	r, _ := ratingOf(t, s, "u1", "blitz")
	if err := s.UpgradeToBot(ctx, "u1"); err != nil { // a bot is listed with its title
		t.Fatal(err)
	}
	board, err := s.Leaderboard(ctx, "blitz", t0, 10)
	if r.Deviation >= 110 {
		if err != nil || len(board) != 0 {
			t.Errorf("Leaderboard with provisional ratings only = %+v, %v", board, err)
		}
		return
	}
	if err != nil || len(board) == 0 || board[0].Name != "Ann" || board[0].Title != store.TitleBot || board[0].Games != games {
		t.Errorf("Leaderboard = %+v, %v; want Ann, a bot, first with %d games", board, err, games)
	}
	if late, _ := s.Leaderboard(ctx, "blitz", t0.Add(time.Hour), 10); len(late) != 0 {
		t.Errorf("Leaderboard of those active in the last hour = %+v", late)
	}
}
