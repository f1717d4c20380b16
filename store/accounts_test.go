package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/internal/pgtest"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/store/storetest"
)

// TestAccounts runs the contract of store.Accounts on each implementation.
func TestAccounts(t *testing.T) {
	backends := []struct {
		name string
		open func(t *testing.T) storetest.AccountStore
	}{
		{"SQLite", func(t *testing.T) storetest.AccountStore {
			st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
			if err != nil {
				t.Fatal(err)
			}
			return st
		}},
		{"Postgres", func(t *testing.T) storetest.AccountStore {
			st, err := store.OpenPostgres(context.Background(), pgtest.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			return st
		}},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { storetest.RunAccounts(t, b.open) })
	}
}

// TestRatings runs the contract of store.Ratings on each implementation.
func TestRatings(t *testing.T) {
	backends := []struct {
		name string
		open func(t *testing.T) storetest.RatingStore
	}{
		{"SQLite", func(t *testing.T) storetest.RatingStore {
			st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
			if err != nil {
				t.Fatal(err)
			}
			return st
		}},
		{"Postgres", func(t *testing.T) storetest.RatingStore {
			st, err := store.OpenPostgres(context.Background(), pgtest.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			return st
		}},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { storetest.RunRatings(t, b.open) })
	}
}

// TestHistory runs the contract of store.History on each implementation.
func TestHistory(t *testing.T) {
	backends := []struct {
		name string
		open func(t *testing.T) storetest.HistoryStore
	}{
		{"SQLite", func(t *testing.T) storetest.HistoryStore {
			st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
			if err != nil {
				t.Fatal(err)
			}
			return st
		}},
		{"Postgres", func(t *testing.T) storetest.HistoryStore {
			st, err := store.OpenPostgres(context.Background(), pgtest.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			return st
		}},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { storetest.RunHistory(t, b.open) })
	}
}
