package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/internal/pgtest"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/store/storetest"
)

// beforePuzzles is the schema version before the puzzles' tables
// (migration 18 of both stores).
const beforePuzzles = 17

// TestPuzzlesContract runs the Puzzles contract on both stores, each
// brought up to date from the schema before the puzzles' tables, as
// TestReviewsContract does: a database of an older release gains them on
// open.
func TestPuzzlesContract(t *testing.T) {
	t.Run("SQLite", func(t *testing.T) {
		storetest.RunPuzzles(t, func(t *testing.T) storetest.PuzzleStore {
			path := filepath.Join(t.TempDir(), "gambit.db")
			sqliteAtSchema(t, path, beforePuzzles, "puzzles")
			st, err := store.OpenSQLite(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			return st
		})
	})
	t.Run("Postgres", func(t *testing.T) {
		storetest.RunPuzzles(t, func(t *testing.T) storetest.PuzzleStore {
			url := pgtest.URL(t)
			pgAtSchema(t, url, beforePuzzles, "puzzles")
			st, err := store.OpenPostgres(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			return st
		})
	})
}
