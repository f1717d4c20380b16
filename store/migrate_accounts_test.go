package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gambitchess/gambit/internal/pgtest"
)

// fromVersions are the schema versions before the accounts (migration 7
// in both stores; 5 and 6 added the openings and the reviews), before the
// ratings (8), before the history (9), before the tokens (10), and before
// the challenges (12; 11 is empty), before moved_at (13) and before the
// passkeys (14), before the shared secrets (15; the last release's
// databases are at 14), before the ceremonies' index (16) and before the
// accounts' titles (17): each is migrated from.
var fromVersions = []int{4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}

// checkAccountsMigrated: after the migration the old game still loads and
// the accounts work.
func checkAccountsMigrated(t *testing.T, st interface {
	Log
	Accounts
	Ratings
	Tokens
	Challenges
	Passkeys
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
	if u, err := st.UserByName(ctx, "ANN"); err != nil || u.ID != "u1" || u.Title != "" {
		t.Errorf("UserByName after the migration = %+v, %v", u, err)
	}
	if err := st.UpgradeToBot(ctx, "u1"); err != nil {
		t.Errorf("UpgradeToBot after the migration: %v", err)
	}
	if u, err := st.UserByID(ctx, "u1"); err != nil || u.Title != TitleBot {
		t.Errorf("UserByID after the upgrade = %+v, %v; want a bot", u, err)
	}
	if err := st.CreateRated(ctx, RatedGame{GameID: "old", Perf: "blitz", White: "u1"}); err != nil {
		t.Errorf("CreateRated after the migration: %v", err)
	}
	if rs, err := st.UserRatings(ctx, "u1"); err != nil || len(rs) != 0 {
		t.Errorf("UserRatings after the migration = %+v, %v", rs, err)
	}
	if err := st.CreateToken(ctx, Token{Hash: "t1", UserID: "u1", Scopes: "board:play"}); err != nil {
		t.Errorf("CreateToken after the migration: %v", err)
	}
	if _, u, err := st.Token(ctx, "t1"); err != nil || u.ID != "u1" {
		t.Errorf("Token after the migration = %+v, %v", u, err)
	}
	if err := st.CreateChallenge(ctx, Challenge{ID: "c1", From: "u1", To: "u2", Data: []byte("{}")}); err != nil {
		t.Errorf("CreateChallenge after the migration: %v", err)
	}
	if cs, err := st.ChallengesOf(ctx, "u2", time.Time{}); err != nil || len(cs) != 1 {
		t.Errorf("ChallengesOf after the migration = %+v, %v", cs, err)
	}
	if err := st.CreatePasskey(ctx, Passkey{ID: []byte{1, 2}, UserID: "u1", PublicKey: []byte{3}, Credential: []byte("{}"), CreatedAt: time.Unix(5, 0)}); err != nil {
		t.Errorf("CreatePasskey after the migration: %v", err)
	}
	if ps, err := st.PasskeysOf(ctx, "u1"); err != nil || len(ps) != 1 {
		t.Errorf("PasskeysOf after the migration = %+v, %v", ps, err)
	}
}

// TestSQLiteMigrateToAccounts: a database at schema version 4 (before the
// accounts) or 5 (before the ratings) holding a game comes up to date.
func TestSQLiteMigrateToAccounts(t *testing.T) {
	for _, from := range fromVersions {
		t.Run(fmt.Sprint(from), func(t *testing.T) { sqliteMigrateFrom(t, from) })
	}
}

func sqliteMigrateFrom(t *testing.T, from int) {
	st := sqliteFrom(t, from, `INSERT INTO games (id, finished, updated_at, record, variant, version, mode, status, result,
		public, white, black, created_at, white_kind, black_kind, plies) VALUES ('old', 0, 2, '{}', 'chess', 0, 'local', 'started', '*',
		1, 'A', 'B', 1, 'human', 'human', 0)`)
	checkAccountsMigrated(t, st)
}

// sqliteFrom opens a SQLite store whose database was left at schema
// version from, holding what setup (SQL) wrote there, and so migrated up
// to date as it opens.
func sqliteFrom(t *testing.T, from int, setup string) *SQLite {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "gambit.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, schema); err != nil {
		t.Fatal(err)
	}
	if err := migrateTo(ctx, db, from); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, setup); err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// TestPostgresMigrateToAccounts: the same on PostgreSQL.
func TestPostgresMigrateToAccounts(t *testing.T) {
	for _, from := range fromVersions {
		t.Run(fmt.Sprint(from), func(t *testing.T) { pgMigrateFrom(t, from) })
	}
}

func pgMigrateFrom(t *testing.T, from int) {
	st := postgresFrom(t, from, `INSERT INTO games (id, variant, mode, status, result, finished, public, white, black,
		white_kind, black_kind, plies, termination, time_control, version, created_at, updated_at, header)
		VALUES ('old', 'chess', 'local', 'started', '*', false, true, 'A', 'B', 'human', 'human', 0, '', '', 0, 1, 2, '\x7b7d')`)
	checkAccountsMigrated(t, st)
}

// postgresFrom is sqliteFrom on a throwaway PostgreSQL database.
func postgresFrom(t *testing.T, from int, setup string) *Postgres {
	t.Helper()
	ctx := context.Background()
	url := pgtest.URL(t)
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if err := pgMigrate(ctx, pool, from); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, setup); err != nil {
		t.Fatal(err)
	}
	st, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
