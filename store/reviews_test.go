package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gambitchess/gambit/internal/pgtest"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/store/storetest"
)

// beforeReviews is the schema version before the reviews table
// (migration 6 of both stores).
const beforeReviews = 5

// TestReviewsContract runs the Reviews contract on both stores, each
// brought up to date from the schema before the reviews table, so the
// contract runs on a database as the migration leaves it.
func TestReviewsContract(t *testing.T) {
	t.Run("SQLite", func(t *testing.T) {
		storetest.RunReviews(t, func(t *testing.T) storetest.ReviewStore {
			path := filepath.Join(t.TempDir(), "gambit.db")
			sqliteAtSchema(t, path, beforeReviews, "reviews")
			st, err := store.OpenSQLite(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			return st
		})
	})
	t.Run("Postgres", func(t *testing.T) {
		storetest.RunReviews(t, func(t *testing.T) storetest.ReviewStore {
			url := pgtest.URL(t)
			pgAtSchema(t, url, beforeReviews, "reviews")
			st, err := store.OpenPostgres(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			return st
		})
	})
}

// sqliteAtSchema leaves a SQLite database at path at schema version v,
// which has no table named table yet (the one the test's migration makes).
func sqliteAtSchema(t *testing.T, path string, v int, table string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(store.SQLiteSchema); err != nil {
		t.Fatal(err)
	}
	if err := store.MigrateSQLiteTo(context.Background(), db, v); err != nil {
		t.Fatal(err)
	}
	var tables int
	if err := db.QueryRow(`SELECT count(*) FROM sqlite_master WHERE name = ?`, table).Scan(&tables); err != nil || tables != 0 {
		t.Fatalf("schema %d already has the %s table (%d, %v)", v, table, tables, err)
	}
}

// pgAtSchema leaves the PostgreSQL database at url at schema version v,
// which has no table named table yet.
func pgAtSchema(t *testing.T, url string, v int, table string) {
	t.Helper()
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if err := store.MigratePGTo(ctx, pool, v); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM information_schema.tables WHERE table_name = $1`, table).Scan(&n); err != nil || n != 0 {
		t.Fatalf("schema %d already has the %s table (%d, %v)", v, table, n, err)
	}
}
