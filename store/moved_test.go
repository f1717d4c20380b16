package store

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"
)

// TestAppendWritesFewPages: the usual append writes the game's event, not
// the listings' index entries, and, once the game is in play, not its row
// either (sqlite_behind.go). The WAL grows by about four pages a first
// move (the row written) and two a move after it, where it grew by eleven
// when every append wrote updated_at.
func TestAppendWritesFewPages(t *testing.T) {
	for _, tc := range []struct {
		name      string
		plies     int // the game's plies before the append
		most      float64
		whatBroke string
	}{
		{"the first move", 0, 5, "the listings' indexes were written"},
		{"a move of a game in play", 1, 3, "the game's row was written"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			perAppend := walPagesAnAppend(t, tc.plies)
			t.Logf("%.2f WAL pages an append", perAppend)
			if perAppend > tc.most {
				t.Errorf("%.2f WAL pages an append, want at most %v: %s", perAppend, tc.most, tc.whatBroke)
			}
		})
	}
}

// walPagesAnAppend creates games at plies and counts the WAL's pages
// for one append to each.
func walPagesAnAppend(t *testing.T, plies int) float64 {
	st, path := openTemp(t)
	defer st.Close()
	ctx := context.Background()
	const games = 300
	for g := range games {
		id := fmt.Sprintf("g%03d", g*7%games)
		sum := logSummary(id, 1)
		sum.Plies = plies
		if err := st.Create(ctx, sum, []byte("h"), logEvents(0, 1)); err != nil {
			t.Fatal(err)
		}
	}
	// Every frame stays in the WAL, to be counted (the store's one
	// connection checkpoints at 1,000 pages otherwise).
	for _, q := range []string{`PRAGMA wal_checkpoint(TRUNCATE)`, `PRAGMA wal_autocheckpoint = 0`} {
		if _, err := st.db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	for g := range games {
		id := fmt.Sprintf("g%03d", g)
		sum := logSummary(id, 2)
		sum.Plies = plies + 1
		if err := st.Append(ctx, id, 1, logEvents(1, 2), sum); err != nil {
			t.Fatal(err)
		}
	}
	wal, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	const frame = 4096 + 24 // a page and its frame header
	return float64(wal.Size()) / frame / games
}

// TestUpdatedAtIsTheLastMove: a game's UpdatedAt is its last append's
// time, to the nanosecond, whether the append wrote the listing's time or
// only the move's; the listing's time is written again once listedEvery
// has passed, or when the game ends.
func TestUpdatedAtIsTheLastMove(t *testing.T) {
	st, _ := openTemp(t)
	defer st.Close()
	ctx := context.Background()
	sum := logSummary("g", 1)
	if err := st.Create(ctx, sum, []byte("h"), logEvents(0, 1)); err != nil {
		t.Fatal(err)
	}
	listed := func() time.Time {
		var n int64
		if err := st.db.QueryRowContext(ctx, `SELECT updated_at FROM games WHERE id = 'g'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return fromNanos(n)
	}
	created := sum.UpdatedAt
	for _, step := range []struct {
		after      time.Duration
		finished   bool
		wantListed bool // the listing's time is this append's
	}{
		{time.Second, false, false},
		{listedEvery - 2*time.Second, false, false},
		{3 * time.Second, false, true}, // listedEvery and more since the creation
		{time.Second, false, false},
		{time.Second, true, true}, // the end changes an indexed column
	} {
		next := sum
		next.Version++
		next.UpdatedAt = sum.UpdatedAt.Add(step.after)
		next.Finished = step.finished
		if err := st.Append(ctx, "g", sum.Version, logEvents(sum.Version, next.Version), next); err != nil {
			t.Fatal(err)
		}
		sum = next
		g, err := st.Load(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		if !g.Summary.UpdatedAt.Equal(sum.UpdatedAt) {
			t.Errorf("version %d: UpdatedAt %v, want %v", sum.Version, g.Summary.UpdatedAt, sum.UpdatedAt)
		}
		if l := listed(); l.Equal(sum.UpdatedAt) != step.wantListed {
			t.Errorf("version %d: listed at %v (the move at %v, created %v): want the move's time %v", sum.Version, l, sum.UpdatedAt, created, step.wantListed)
		}
	}
}

// TestPageCache: the store's connection keeps 32 MiB of pages (the DSN's
// cache_size), not SQLite's 2 MiB, which made most appends read their
// game's pages again under load.
func TestPageCache(t *testing.T) {
	st, _ := openTemp(t)
	defer st.Close()
	var kib int64
	if err := st.db.QueryRowContext(context.Background(), `PRAGMA cache_size`).Scan(&kib); err != nil {
		t.Fatal(err)
	}
	if kib != -32768 {
		t.Errorf("cache_size %d, want -32768 (32 MiB)", kib)
	}
}
