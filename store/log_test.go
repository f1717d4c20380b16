package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/store/storetest"
)

// TestSQLiteLog runs the contract of store.Log on SQLite.
func TestSQLiteLog(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Log {
		st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
		if err != nil {
			t.Fatal(err)
		}
		return st
	})
}
