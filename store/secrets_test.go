package store_test

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/gambitchess/gambit/internal/pgtest"
	"github.com/gambitchess/gambit/store"
)

// secretStore is a store with its secrets.
type secretStore interface {
	store.Log
	store.Secrets
}

// TestSecrets: a key is made once and read back the same by every caller,
// after a reopen too; Seated finds the players of stored games only.
func TestSecrets(t *testing.T) {
	backends := []struct {
		name string
		open func(t *testing.T) (reopen func() secretStore)
	}{
		{"SQLite", func(t *testing.T) (reopen func() secretStore) {
			path := filepath.Join(t.TempDir(), "gambit.db")
			return func() secretStore {
				st, err := store.OpenSQLite(context.Background(), path)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { st.Close() })
				return st
			}
		}},
		{"Postgres", func(t *testing.T) (reopen func() secretStore) {
			url := pgtest.URL(t)
			return func() secretStore {
				st, err := store.OpenPostgres(context.Background(), url)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { st.Close() })
				return st
			}
		}},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			ctx := context.Background()
			reopen := b.open(t)
			st := reopen()
			k1, err := st.Secret(ctx, "cookie", 32)
			if err != nil || len(k1) != 32 {
				t.Fatalf("Secret: %x, %v", k1, err)
			}
			other, err := st.Secret(ctx, "other", 32)
			if err != nil || bytes.Equal(other, k1) {
				t.Fatalf("another name's key: %x, %v", other, err)
			}
			if seated, err := st.Seated(ctx, "p-ann"); err != nil || seated {
				t.Fatalf("Seated before any game: %v, %v", seated, err)
			}
			t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
			sum := store.Summary{ID: "g1", Variant: "chess", Mode: "online", Status: "started", Result: "*",
				WhiteKind: "human", BlackKind: "human", Players: []string{"p-ann", "p-bob"}, CreatedAt: t0, UpdatedAt: t0}
			if err := st.Create(ctx, sum, []byte("{}"), nil); err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{"p-ann", "p-bob"} {
				if seated, err := st.Seated(ctx, p); err != nil || !seated {
					t.Errorf("Seated(%s): %v, %v", p, seated, err)
				}
			}
			if seated, err := st.Seated(ctx, "p-carol"); err != nil || seated {
				t.Errorf("Seated(p-carol): %v, %v", seated, err)
			}
			again := reopen() // another node, or the same after a restart
			k2, err := again.Secret(ctx, "cookie", 32)
			if err != nil || !bytes.Equal(k1, k2) {
				t.Errorf("the key read again: %x, %v; want %x", k2, err, k1)
			}
		})
	}
}
