package store_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gambitchess/gambit/internal/pgtest"
	"github.com/gambitchess/gambit/store"
)

// ratedStore is a store with games, accounts and ratings.
type ratedStore interface {
	store.Log
	store.Accounts
	store.Ratings
}

var tr0 = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

// newRatedGame creates online game id at version 1, rated in blitz
// between u1 (white) and u2.
func newRatedGame(ctx context.Context, s ratedStore, id string) error {
	sum := store.Summary{ID: id, Variant: "chess", Mode: "online", Status: "started", Result: "*", White: "Ann", Black: "Bob",
		WhiteKind: "human", BlackKind: "human", Version: 1, CreatedAt: tr0, UpdatedAt: tr0}
	if err := s.Create(ctx, sum, []byte("h"), []store.Event{{V: 1, Type: "move", Data: []byte("{}")}}); err != nil {
		return err
	}
	return s.CreateRated(ctx, store.RatedGame{GameID: id, Perf: "blitz", White: "u1", Black: "u2"})
}

// finishGame appends game id's last event at version 2: white wins.
func finishGame(ctx context.Context, s ratedStore, id string) error {
	sum := store.Summary{ID: id, Variant: "chess", Mode: "online", Status: "resigned", Result: "1-0", Finished: true, White: "Ann", Black: "Bob",
		WhiteKind: "human", BlackKind: "human", Version: 2, CreatedAt: tr0, UpdatedAt: tr0.Add(time.Second)}
	return s.Append(ctx, id, 1, []store.Event{{V: 2, Type: "resign", Data: []byte("{}")}}, sum)
}

func makeAccounts(t *testing.T, s ratedStore) {
	t.Helper()
	for _, u := range []store.User{{ID: "u1", Name: "Ann", Player: "p1"}, {ID: "u2", Name: "Bob", Player: "p2"}} {
		if err := s.CreateUser(context.Background(), u); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRatingTwoNodes: two store handles on one PostgreSQL (two nodes)
// finishing the same rated game at once: one wins, the rating changes
// once; and many games of the same two accounts ending at once on both
// handles lose no update.
func TestRatingTwoNodes(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	open := func() *store.Postgres {
		st, err := store.OpenPostgres(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	nodes := []*store.Postgres{open(), open()}
	makeAccounts(t, nodes[0])
	if err := newRatedGame(ctx, nodes[0], "race"); err != nil {
		t.Fatal(err)
	}
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, n := range nodes {
		wg.Go(func() { errs[i] = finishGame(ctx, n, "race") })
	}
	wg.Wait()
	if (errs[0] == nil) == (errs[1] == nil) || !errors.Is(errors.Join(errs...), store.ErrConflict) {
		t.Fatalf("both nodes finishing one game: %v, %v; want one success and one ErrConflict", errs[0], errs[1])
	}
	const games = 20
	for i := range games {
		if err := newRatedGame(ctx, nodes[0], fmt.Sprintf("g%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range games {
		wg.Go(func() {
			if err := finishGame(ctx, nodes[i%2], fmt.Sprintf("g%d", i)); err != nil {
				t.Errorf("finish g%d: %v", i, err)
			}
		})
	}
	wg.Wait()
	for _, u := range []string{"u1", "u2"} {
		rs, err := nodes[1].UserRatings(ctx, u)
		if err != nil || len(rs) != 1 || rs[0].Games != games+1 || rs[0].Wins+rs[0].Losses != games+1 {
			t.Errorf("%s's ratings = %+v, %v; want %d games", u, rs, err, games+1)
		}
	}
}

// childEnv names the database a TestRatingKill9 child plays in.
const childEnv = "GAMBIT_RATING_KILL_CHILD"

// TestRatingKill9: a process finishing rated games one after the other is
// killed (SIGKILL) at some moment; after it, every finished game has its
// rating change and every unfinished one none, and the accounts' counts
// match the games rated: never one without the other, nor twice.
func TestRatingKill9(t *testing.T) {
	if path := os.Getenv(childEnv); path != "" {
		ratingChild(path)
		return
	}
	for round, after := range []int{1, 20, 60} {
		path := filepath.Join(t.TempDir(), "gambit.db")
		cmd := exec.Command(os.Args[0], "-test.run=^TestRatingKill9$")
		cmd.Env = append(os.Environ(), childEnv+"="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The child writes a line per game rated: kill it after some,
		// at whatever point of the next one it has reached.
		lines := bufio.NewScanner(out)
		for n := 0; n < after && lines.Scan(); n++ {
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
		checkAfterKill(t, round, path)
	}
}

// ratingChild plays rated games in the database at path until killed.
func ratingChild(path string) {
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, path)
	if err != nil {
		os.Exit(3)
	}
	for _, u := range []store.User{{ID: "u1", Name: "Ann", Player: "p1"}, {ID: "u2", Name: "Bob", Player: "p2"}} {
		_ = st.CreateUser(ctx, u)
	}
	for i := 0; ; i++ {
		id := fmt.Sprintf("g%d", i)
		if newRatedGame(ctx, st, id) != nil || finishGame(ctx, st, id) != nil {
			os.Exit(4)
		}
		fmt.Println(id)
	}
}

// checkAfterKill checks the database a killed child left.
func checkAfterKill(t *testing.T, round int, path string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatalf("round %d: reopen: %v", round, err)
	}
	defer st.Close()
	applied := 0
	for i := 0; ; i++ {
		id := fmt.Sprintf("g%d", i)
		g, err := st.Load(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		r, err := st.RatedGame(ctx, id)
		if errors.Is(err, store.ErrNotFound) { // killed between the game's creation and its marking
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if g.Summary.Finished != (r.State == store.RatingApplied) {
			t.Errorf("round %d: %s finished %v, rating state %d", round, id, g.Summary.Finished, r.State)
		}
		if r.State == store.RatingApplied {
			applied++
		}
	}
	rs, err := st.UserRatings(ctx, "u1")
	if err != nil {
		t.Fatal(err)
	}
	games := 0
	if len(rs) == 1 {
		games = rs[0].Games
	}
	if games != applied || applied == 0 {
		t.Errorf("round %d: Ann's rating counts %d games, %d were rated (want equal, and some)", round, games, applied)
	}
	t.Logf("round %d: %d games rated before the kill", round, applied)
}
