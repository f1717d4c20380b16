package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/internal/pgtest"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/store/storetest"
)

// TestMain stops the throwaway PostgreSQL cluster, if a test started one.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestLog runs the contract of store.Log on each implementation: the same
// tests, each on a new, empty store.
func TestLog(t *testing.T) {
	backends := []struct {
		name string
		open func(t *testing.T) store.Log
	}{
		{"SQLite", func(t *testing.T) store.Log {
			st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
			if err != nil {
				t.Fatal(err)
			}
			return st
		}},
		{"Postgres", func(t *testing.T) store.Log {
			st, err := store.OpenPostgres(context.Background(), pgtest.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			return st
		}},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { storetest.Run(t, b.open) })
	}
}
