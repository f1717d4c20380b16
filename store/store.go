package store

import (
	"context"
	"errors"

	"github.com/gambitchess/gambit/game"
)

// ErrNotFound is returned for a game the store does not hold.
var ErrNotFound = errors.New("store: game not found")

// Store persists game records. Save is an upsert of the whole record and
// must be durable when it returns: the server acknowledges a move only
// after saving it. Implementations are safe for concurrent use.
type Store interface {
	Save(ctx context.Context, r game.Record) error
	LoadRecord(ctx context.Context, id string) (game.Record, error)
	// ListRecords returns the most recently updated games, newest first.
	ListRecords(ctx context.Context, limit int) ([]game.Record, error)
	// UnfinishedRecords returns every game that is not over, for a restart.
	UnfinishedRecords(ctx context.Context) ([]game.Record, error)
	Close() error
}
