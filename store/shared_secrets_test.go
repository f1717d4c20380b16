package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gambitchess/gambit/internal/pgtest"
)

// sharedSecretStore is what checkSharedSecrets reads.
type sharedSecretStore interface {
	Accounts
	Secrets
}

// checkSharedSecrets: the secret of the account that existed before
// migration 15 is shared, and stays so once the account is deleted; the
// secret of an account made after it, and any other, is not.
func checkSharedSecrets(t *testing.T, st sharedSecretStore) {
	t.Helper()
	ctx := context.Background()
	if err := st.CreateUser(ctx, User{ID: "u-new", Name: "Newer", Password: "h", Player: "new-secret"}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		secret string
		want   bool
	}{{"old-secret", true}, {"new-secret", false}, {"never-seen", false}, {"", false}} {
		if got, err := st.SharedSecret(ctx, tt.secret); err != nil || got != tt.want {
			t.Errorf("SharedSecret(%q) = %v, %v; want %v", tt.secret, got, err, tt.want)
		}
	}
	if err := st.DeleteUser(ctx, "u-old"); err != nil {
		t.Fatal(err)
	}
	if got, err := st.SharedSecret(ctx, "old-secret"); err != nil || !got {
		t.Errorf("SharedSecret of a deleted account's old secret = %v, %v; want true", got, err)
	}
}

// TestSharedSecretsMigrated: SQLite and PostgreSQL at schema 14 holding an
// account come up to date with its secret listed as shared.
func TestSharedSecretsMigrated(t *testing.T) {
	const insertOld = `INSERT INTO users (id, name, name_key, password, player, created_at) VALUES ('u-old', 'Old', 'old', 'h', 'old-secret', 1)`
	t.Run("SQLite", func(t *testing.T) {
		ctx := context.Background()
		path := filepath.Join(t.TempDir(), "gambit.db")
		db, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, schema); err != nil {
			t.Fatal(err)
		}
		if err := migrateTo(ctx, db, 14); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, insertOld); err != nil {
			t.Fatal(err)
		}
		db.Close()
		st, err := OpenSQLite(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		checkSharedSecrets(t, st)
	})
	t.Run("Postgres", func(t *testing.T) {
		ctx := context.Background()
		url := pgtest.URL(t)
		pool, err := pgxpool.New(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer pool.Close()
		if err := pgMigrate(ctx, pool, 14); err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, insertOld); err != nil {
			t.Fatal(err)
		}
		st, err := OpenPostgres(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		checkSharedSecrets(t, st)
	})
}
