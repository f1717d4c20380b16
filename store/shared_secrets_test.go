package store

import (
	"context"
	"testing"
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
	t.Run("SQLite", func(t *testing.T) { checkSharedSecrets(t, sqliteFrom(t, 14, insertOld)) })
	t.Run("Postgres", func(t *testing.T) { checkSharedSecrets(t, postgresFrom(t, 14, insertOld)) })
}
