package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/internal/pgtest"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/store/storetest"
)

// onEachStore runs a contract on each implementation, as S: an empty
// SQLite store, then an empty PostgreSQL one (both keep every part of the
// contract, so the conversion to S cannot fail).
func onEachStore[S any](t *testing.T, run func(t *testing.T, open func(t *testing.T) S)) {
	backends := []struct {
		name string
		open func(t *testing.T) (any, error)
	}{
		{"SQLite", func(t *testing.T) (any, error) {
			return store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
		}},
		{"Postgres", func(t *testing.T) (any, error) { return store.OpenPostgres(context.Background(), pgtest.URL(t)) }},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			run(t, func(t *testing.T) S {
				st, err := b.open(t)
				if err != nil {
					t.Fatal(err)
				}
				return st.(S)
			})
		})
	}
}

// TestAccounts runs the contract of store.Accounts on each implementation.
func TestAccounts(t *testing.T) { onEachStore(t, storetest.RunAccounts) }

// TestRatings runs the contract of store.Ratings on each implementation.
func TestRatings(t *testing.T) { onEachStore(t, storetest.RunRatings) }

// TestHistory runs the contract of store.History on each implementation.
func TestHistory(t *testing.T) { onEachStore(t, storetest.RunHistory) }

// TestTokens runs the contract of store.Tokens on each implementation.
func TestTokens(t *testing.T) { onEachStore(t, storetest.RunTokens) }

// TestAnonymize runs the contract of store.Anonymizer on each implementation.
func TestAnonymize(t *testing.T) { onEachStore(t, storetest.RunAnonymize) }

// TestChallenges runs the contract of store.Challenges on each implementation.
func TestChallenges(t *testing.T) { onEachStore(t, storetest.RunChallenges) }

// TestPasskeys runs the contract of store.Passkeys on each implementation.
func TestPasskeys(t *testing.T) { onEachStore(t, storetest.RunPasskeys) }

// TestTournaments runs the contract of store.Tournaments on each implementation.
func TestTournaments(t *testing.T) { onEachStore(t, storetest.RunTournaments) }
