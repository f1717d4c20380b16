package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gambitchess/gambit/internal/pgtest"
)

// accountsFrom is the schema version before the accounts (migration 5 in
// both stores).
const accountsFrom = 4

// checkAccountsMigrated: after the migration the old game still loads and
// the accounts work.
func checkAccountsMigrated(t *testing.T, st interface {
	Log
	Accounts
}) {
	t.Helper()
	ctx := context.Background()
	g, err := st.Load(ctx, "old")
	if err != nil || g.Summary.White != "A" || string(g.Header) != "{}" {
		t.Errorf("Load(old) after the migration = %+v, %v", g.Summary, err)
	}
	if err := st.CreateUser(ctx, User{ID: "u1", Name: "Ann", Password: "h", Player: "p"}); err != nil {
		t.Fatal(err)
	}
	if u, err := st.UserByName(ctx, "ANN"); err != nil || u.ID != "u1" {
		t.Errorf("UserByName after the migration = %+v, %v", u, err)
	}
}

// TestSQLiteMigrateToAccounts: a database at schema version 4 holding a
// game comes up to date with the accounts' tables.
func TestSQLiteMigrateToAccounts(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "gambit.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, schema); err != nil {
		t.Fatal(err)
	}
	if err := migrateTo(ctx, db, accountsFrom); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO games (id, finished, updated_at, record, variant, version, mode, status, result,
		public, white, black, created_at, white_kind, black_kind, plies) VALUES ('old', 0, 2, '{}', 'chess', 0, 'local', 'started', '*',
		1, 'A', 'B', 1, 'human', 'human', 0)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	checkAccountsMigrated(t, st)
}

// TestPostgresMigrateToAccounts: the same on PostgreSQL.
func TestPostgresMigrateToAccounts(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if err := pgMigrate(ctx, pool, accountsFrom); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO games (id, variant, mode, status, result, finished, public, white, black,
		white_kind, black_kind, plies, termination, time_control, version, created_at, updated_at, header)
		VALUES ('old', 'chess', 'local', 'started', '*', false, true, 'A', 'B', 'human', 'human', 0, '', '', 0, 1, 2, '\x7b7d')`); err != nil {
		t.Fatal(err)
	}
	st, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	checkAccountsMigrated(t, st)
}
