package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Reviews keeps each game's review (package review's JSON, opaque here)
// beside the game, in a table of its own: made once, in the background,
// after the game is over, and read by everyone who opens the game. Both
// stores keep reviews.
type Reviews interface {
	// SaveReview stores data as game id's review, replacing any earlier one.
	// The game need not be in this store's log (a review of a game held
	// elsewhere is the caller's business); an empty id is ErrInvalid.
	SaveReview(ctx context.Context, id string, data []byte) error
	// LoadReview returns game id's review; ErrNotFound when it has none.
	LoadReview(ctx context.Context, id string) ([]byte, error)
}

var (
	_ Reviews = (*SQLite)(nil)
	_ Reviews = (*Postgres)(nil)
)

// checkReview validates a review to save.
func checkReview(id string, data []byte) error {
	if id == "" {
		return fmt.Errorf("%w: empty game id", ErrInvalid)
	}
	if len(data) == 0 {
		return fmt.Errorf("%w: empty review of game %s", ErrInvalid, id)
	}
	return nil
}

// SaveReview implements Reviews.
func (s *SQLite) SaveReview(ctx context.Context, id string, data []byte) error {
	if err := checkReview(id, data); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO reviews (game_id, data, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`, id, data, nanos(time.Now()))
	if err != nil {
		return fmt.Errorf("store: save review of %s: %w", id, err)
	}
	return nil
}

// SaveReview implements Reviews. Unlike SQLite's, PostgreSQL's updated_at
// is a TIMESTAMPTZ, set by the database's clock.
func (s *Postgres) SaveReview(ctx context.Context, id string, data []byte) error {
	if err := checkReview(id, data); err != nil {
		return err
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO reviews (game_id, data, updated_at) VALUES ($1, $2, now())
		ON CONFLICT (game_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`, id, data)
	if err != nil {
		return fmt.Errorf("store: save review of %s: %w", id, err)
	}
	return nil
}

// LoadReview implements Reviews.
func (s sqlStore) LoadReview(ctx context.Context, id string) ([]byte, error) {
	var data []byte
	err := s.q.queryRow(ctx, `SELECT data FROM reviews WHERE game_id = $1`, id).Scan(&data)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, fmt.Errorf("%w: no review of game %s", ErrNotFound, id)
	case err != nil:
		return nil, fmt.Errorf("store: load review of %s: %w", id, err)
	}
	return data, nil
}
