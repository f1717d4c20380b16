package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gambitchess/gambit/internal/pgtest"
)

func TestLeases(t *testing.T) {
	ctx := context.Background()
	st, err := OpenPostgres(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	const long, short = time.Minute, 50 * time.Millisecond
	acquire := func(id, node string, ttl time.Duration, want string) {
		t.Helper()
		if got, err := st.Acquire(ctx, id, node, ttl); err != nil || got != want {
			t.Fatalf("Acquire(%s, %s) = %q, %v; want %q", id, node, got, err, want)
		}
	}
	acquire("g1", "a", long, "a")
	acquire("g1", "b", long, "a") // held
	acquire("g1", "a", long, "a") // renewed by its holder
	acquire("g2", "b", short, "b")
	time.Sleep(2 * short)
	acquire("g2", "a", long, "a") // expired: taken over
	lost, err := st.Renew(ctx, "b", []string{"g2"}, long)
	if err != nil || !slices.Equal(lost, []string{"g2"}) {
		t.Errorf("Renew by the node that lost it = %q, %v; want [g2]", lost, err)
	}
	if lost, err := st.Renew(ctx, "a", []string{"g1", "g2"}, long); err != nil || len(lost) != 0 {
		t.Errorf("Renew by the holder = %q, %v; want none lost", lost, err)
	}
	if err := st.Release(ctx, "g1", "b"); err != nil {
		t.Fatal(err)
	}
	acquire("g1", "b", long, "a") // not b's to release
	if err := st.Release(ctx, "g1", "a"); err != nil {
		t.Fatal(err)
	}
	acquire("g1", "b", long, "b")
}

func TestOrphans(t *testing.T) {
	ctx := context.Background()
	st, err := OpenPostgres(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, g := range []struct {
		id     string
		active bool
	}{{"leased", true}, {"expired", true}, {"unleased", true}, {"idle", false}} {
		sum := Summary{ID: g.id, Variant: "chess", Mode: "local", Status: "started", Result: "*", Active: g.active,
			CreatedAt: time.Unix(1, 0), UpdatedAt: time.Unix(int64(len(g.id)), 0)}
		if err := st.Create(ctx, sum, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.Acquire(ctx, "leased", "a", time.Minute); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Acquire(ctx, "expired", "a", time.Millisecond); err != nil {
		t.Fatal(err)
	}
	time.Sleep(10 * time.Millisecond)
	got, err := st.Orphans(ctx, 10)
	slices.Sort(got)
	if err != nil || !slices.Equal(got, []string{"expired", "unleased"}) {
		t.Errorf("Orphans = %q, %v; want [expired unleased]", got, err)
	}
}
