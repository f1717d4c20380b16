package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/gambitchess/gambit/game"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// schema keeps the record as JSON beside the columns that listings sort
// and filter on.
const schema = `
CREATE TABLE IF NOT EXISTS games (
	id         TEXT PRIMARY KEY,
	finished   INTEGER NOT NULL,
	updated_at INTEGER NOT NULL,
	record     TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated_at DESC);
CREATE INDEX IF NOT EXISTS games_finished ON games(finished);
`

// migrations bring a database up to date, in order: migrations[i] takes
// schema version i to i+1 (PRAGMA user_version). Each keeps existing rows
// working.
var migrations = []string{
	// 1: the variant of each game; rows from before xiangqi are chess.
	`ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'chess'`,
}

// SQLite is a Store in one SQLite database file.
type SQLite struct {
	db *sql.DB
}

// OpenSQLite opens (creating if needed) the database at path.
func OpenSQLite(ctx context.Context, path string) (*SQLite, error) {
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(1) // one writer; SQLite serialises writes anyway
	if _, err := db.ExecContext(ctx, schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: create schema in %s: %w", path, err)
	}
	if err := migrate(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: migrate %s: %w", path, err)
	}
	return &SQLite{db: db}, nil
}

// migrate applies the migrations the database has not had yet, each in a
// transaction with its version bump.
func migrate(ctx context.Context, db *sql.DB) error {
	var version int
	if err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	for i := version; i < len(migrations); i++ {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, i+1)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d version: %w", i+1, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration %d commit: %w", i+1, err)
		}
	}
	return nil
}

// Save implements Store.
func (s *SQLite) Save(ctx context.Context, r game.Record) error {
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("store: encode game %s: %w", r.ID, err)
	}
	variant := r.Variant
	if variant == "" {
		variant = game.Chess
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO games (id, finished, updated_at, variant, record) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT(id) DO UPDATE SET finished = excluded.finished, updated_at = excluded.updated_at,
		variant = excluded.variant, record = excluded.record`,
		r.ID, r.Finished(), r.UpdatedAt.UnixNano(), string(variant), string(data))
	if err != nil {
		return fmt.Errorf("store: save game %s: %w", r.ID, err)
	}
	return nil
}

// LoadRecord implements Store.
func (s *SQLite) LoadRecord(ctx context.Context, id string) (game.Record, error) {
	var data, variant string
	err := s.db.QueryRowContext(ctx, `SELECT record, variant FROM games WHERE id = ?`, id).Scan(&data, &variant)
	if errors.Is(err, sql.ErrNoRows) {
		return game.Record{}, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return game.Record{}, fmt.Errorf("store: load game %s: %w", id, err)
	}
	return decode(data, variant)
}

// ListRecords implements Store.
func (s *SQLite) ListRecords(ctx context.Context, limit int) ([]game.Record, error) {
	return s.query(ctx, `SELECT record, variant FROM games ORDER BY updated_at DESC LIMIT ?`, limit)
}

// UnfinishedRecords implements Store.
func (s *SQLite) UnfinishedRecords(ctx context.Context) ([]game.Record, error) {
	return s.query(ctx, `SELECT record, variant FROM games WHERE finished = 0 ORDER BY updated_at DESC`)
}

// Close implements Store.
func (s *SQLite) Close() error { return s.db.Close() }

func (s *SQLite) query(ctx context.Context, q string, args ...any) ([]game.Record, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: query games: %w", err)
	}
	defer rows.Close()
	var out []game.Record
	for rows.Next() {
		var data, variant string
		if err := rows.Scan(&data, &variant); err != nil {
			return nil, fmt.Errorf("store: scan game: %w", err)
		}
		r, err := decode(data, variant)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: read games: %w", err)
	}
	return out, nil
}

// decode reads a stored record; the variant column fills in the variant
// of a record written before records carried it.
func decode(data, variant string) (game.Record, error) {
	var r game.Record
	if err := json.Unmarshal([]byte(data), &r); err != nil {
		return game.Record{}, fmt.Errorf("store: decode game: %w", err)
	}
	if r.Variant == "" {
		r.Variant = game.Variant(variant)
	}
	return r, nil
}

var _ Store = (*SQLite)(nil)
