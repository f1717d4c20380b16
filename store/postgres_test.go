package store

import (
	"context"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gambitchess/gambit/internal/pgtest"
)

// TestPostgresMigrateFromPrevious: a database left at schema version 1 (a
// release before Summary.Active) with finished and unfinished games comes
// up to date: every unfinished game counts as active until marked idle,
// the finished ones not, and nothing else changes.
func TestPostgresMigrateFromPrevious(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if err := pgMigrate(ctx, pool, 1); err != nil {
		t.Fatal(err)
	}
	for _, g := range []struct {
		id       string
		finished bool
	}{{"old-over", true}, {"old-open", false}} {
		if _, err := pool.Exec(ctx, `INSERT INTO games (id, variant, mode, status, result, finished, public, white, black,
			white_kind, black_kind, plies, termination, time_control, version, created_at, updated_at, header)
			VALUES ($1, 'chess', 'local', 'started', '*', $2, true, 'A', 'B', 'human', 'human', 0, '', '', 0, 1, 2, '\x7b7d')`,
			g.id, g.finished); err != nil {
			t.Fatal(err)
		}
	}
	st, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ids, err := st.Active(ctx)
	if err != nil || !slices.Equal(ids, []string{"old-open"}) {
		t.Errorf("Active after the migration = %q, %v; want [old-open]", ids, err)
	}
	g, err := st.Load(ctx, "old-open")
	if err != nil || string(g.Header) != "{}" || g.Summary.White != "A" || !g.Summary.Active {
		t.Errorf("Load after the migration = %+v, %v", g, err)
	}
	if err := st.MarkIdle(ctx, "old-open", 0); err != nil {
		t.Fatal(err)
	}
	if ids, _ := st.Active(ctx); len(ids) != 0 {
		t.Errorf("Active after MarkIdle = %q", ids)
	}
	// Opening again changes nothing; a newer schema than the program's is refused.
	if st2, err := OpenPostgres(ctx, url); err != nil {
		t.Errorf("reopen: %v", err)
	} else {
		st2.Close()
	}
	if _, err := pool.Exec(ctx, `UPDATE gambit_schema SET version = 99`); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenPostgres(ctx, url); err == nil {
		t.Error("a database of a newer schema opened")
	}
}

// TestPostgresMigrateConcurrently: nodes opening an empty database at once
// migrate it once, all of them ending up with the whole schema.
func TestPostgresMigrateConcurrently(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			st, err := OpenPostgres(ctx, url)
			if err == nil {
				_, err = st.Active(ctx)
				st.Close()
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
