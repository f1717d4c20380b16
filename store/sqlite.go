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
	return &SQLite{db: db}, nil
}

// Save implements Store.
func (s *SQLite) Save(ctx context.Context, r game.Record) error {
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("store: encode game %s: %w", r.ID, err)
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO games (id, finished, updated_at, record) VALUES (?, ?, ?, ?)
		ON CONFLICT(id) DO UPDATE SET finished = excluded.finished, updated_at = excluded.updated_at, record = excluded.record`,
		r.ID, r.Finished(), r.UpdatedAt.UnixNano(), string(data))
	if err != nil {
		return fmt.Errorf("store: save game %s: %w", r.ID, err)
	}
	return nil
}

// Load implements Store.
func (s *SQLite) Load(ctx context.Context, id string) (game.Record, error) {
	var data string
	err := s.db.QueryRowContext(ctx, `SELECT record FROM games WHERE id = ?`, id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return game.Record{}, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return game.Record{}, fmt.Errorf("store: load game %s: %w", id, err)
	}
	return decode(data)
}

// List implements Store.
func (s *SQLite) List(ctx context.Context, limit int) ([]game.Record, error) {
	return s.query(ctx, `SELECT record FROM games ORDER BY updated_at DESC LIMIT ?`, limit)
}

// Unfinished implements Store.
func (s *SQLite) Unfinished(ctx context.Context) ([]game.Record, error) {
	return s.query(ctx, `SELECT record FROM games WHERE finished = 0 ORDER BY updated_at DESC`)
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
		var data string
		if err := rows.Scan(&data); err != nil {
			return nil, fmt.Errorf("store: scan game: %w", err)
		}
		r, err := decode(data)
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

func decode(data string) (game.Record, error) {
	var r game.Record
	if err := json.Unmarshal([]byte(data), &r); err != nil {
		return game.Record{}, fmt.Errorf("store: decode game: %w", err)
	}
	return r, nil
}

var _ Store = (*SQLite)(nil)
