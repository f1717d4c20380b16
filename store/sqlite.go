package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

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

// A migration takes the schema from one version to the next, inside the
// transaction that also bumps PRAGMA user_version.
type migration func(ctx context.Context, tx *sql.Tx) error

// execSQL is a migration that is SQL only.
func execSQL(q string) migration {
	return func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, q)
		return err
	}
}

// migrations bring a database up to date, in order: migrations[i] takes
// schema version i to i+1 (PRAGMA user_version). Each keeps existing rows
// working.
var migrations = []migration{
	// 1: the variant of each game; rows from before xiangqi are chess.
	execSQL(`ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'chess'`),
	// 2: the log (see Log): summary columns, seated players, events.
	migrateLog,
}

// logSchema adds what Log needs beside the games table. The record column
// holds a game's header: the old record JSON for a game stored by Save,
// opaque bytes from package game for one stored by Create. Times are Unix
// nanoseconds, 0 for the zero time.
//
// games_public_updated serves List's public part without a finished filter,
// games_public_finished_updated the same with one; a player's own games
// come from game_players_player. events is a rowid table (not WITHOUT
// ROWID) because an event's data may be large. REFERENCES documents the
// links; foreign_keys is off, and only Create and Append write these tables.
const logSchema = `
ALTER TABLE games ADD COLUMN version    INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN mode       TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN status     TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN result     TEXT    NOT NULL DEFAULT '*';
ALTER TABLE games ADD COLUMN public     INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN white      TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN black      TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_public_updated ON games(public, updated_at DESC);
CREATE INDEX games_public_finished_updated ON games(public, finished, updated_at DESC);
CREATE TABLE game_players (
	game_id TEXT NOT NULL REFERENCES games(id),
	player  TEXT NOT NULL,
	PRIMARY KEY (game_id, player)
) WITHOUT ROWID;
CREATE INDEX game_players_player ON game_players(player, game_id);
CREATE TABLE events (
	game_id TEXT    NOT NULL REFERENCES games(id),
	v       INTEGER NOT NULL,
	type    TEXT    NOT NULL,
	data    BLOB    NOT NULL,
	PRIMARY KEY (game_id, v)
);
`

// migrateLog creates the log's columns and tables and fills the summary
// columns of every stored game from its record, a page of games at a time
// so that memory stays bounded. A record that does not decode stops the
// migration (and the open): the transaction rolls back and nothing changes.
func migrateLog(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, logSchema); err != nil {
		return err
	}
	const page = 500
	type row struct {
		id   string
		data []byte
	}
	after := ""
	for {
		rows, err := tx.QueryContext(ctx, `SELECT id, record FROM games WHERE id > ? ORDER BY id LIMIT ?`, after, page)
		if err != nil {
			return err
		}
		var batch []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.data); err != nil {
				rows.Close()
				return err
			}
			batch = append(batch, r)
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if err := rows.Err(); err != nil {
			return err
		}
		for _, r := range batch {
			c, err := recordColumns(r.data)
			if err != nil {
				return fmt.Errorf("game %s: %w", r.id, err)
			}
			if _, err := tx.ExecContext(ctx, `UPDATE games SET version = ?, mode = ?, status = ?, result = ?, public = ?,
				white = ?, black = ?, created_at = ? WHERE id = ?`,
				c.Version, c.Mode, c.Status, c.Result, c.public(), c.Seats[0].Name, c.Seats[1].Name, nanos(c.CreatedAt), r.id); err != nil {
				return fmt.Errorf("game %s: %w", r.id, err)
			}
		}
		if len(batch) < page {
			return nil
		}
		after = batch[len(batch)-1].id
	}
}

// legacyRecord is the part of a record stored by Save (game.Record's JSON)
// that fills the summary columns. It is read generically, so that the store
// depends on no more of package game than Save already does.
type legacyRecord struct {
	Mode    string `json:"mode"`
	Status  string `json:"status"`
	Result  string `json:"result"`
	Version int64  `json:"version"`
	Seats   [2]struct {
		Name string `json:"name"`
	} `json:"seats"`
	CreatedAt time.Time `json:"createdAt"`
}

// recordColumns decodes the summary columns of a record stored by Save.
func recordColumns(data []byte) (legacyRecord, error) {
	var c legacyRecord
	if err := json.Unmarshal(data, &c); err != nil {
		return c, fmt.Errorf("decode record: %w", err)
	}
	if c.Result == "" {
		c.Result = "*"
	}
	return c, nil
}

// public reports whether an old game is listed for everyone: local and
// computer games are; online games (none could be created before the log)
// wait for their players to make them public.
func (c legacyRecord) public() bool { return c.Mode != "online" }

// nanos is a time as stored: Unix nanoseconds, 0 for the zero time (so the
// instant 1970-01-01T00:00:00Z itself reads back as the zero time).
func nanos(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

// SQLite is a Log (and, until the server moves to the Log, a Store) in one
// SQLite database file.
type SQLite struct {
	db *sql.DB
}

// OpenSQLite opens (creating if needed) the database at path.
func OpenSQLite(ctx context.Context, path string) (*SQLite, error) {
	// WAL with synchronous(FULL): a commit is on disk when it returns.
	// _txlock=immediate: a write transaction takes the write lock at BEGIN,
	// so another process cannot slip in between a read and a write of it.
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_txlock=immediate"
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
	return migrateTo(ctx, db, len(migrations))
}

// migrateTo brings the database up to schema version target (tests stop
// early to build a database as an older release left it).
func migrateTo(ctx context.Context, db *sql.DB, target int) error {
	var version int
	if err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if version > len(migrations) {
		return fmt.Errorf("schema version %d is newer than this program's %d", version, len(migrations))
	}
	for i := version; i < target; i++ {
		if err := migrateOne(ctx, db, i); err != nil {
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
	}
	return nil
}

// migrateOne applies migrations[i] and sets the version to i+1 in one
// transaction.
func migrateOne(ctx context.Context, db *sql.DB, i int) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := migrations[i](ctx, tx); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, i+1)); err != nil {
		return fmt.Errorf("set version: %w", err)
	}
	return tx.Commit()
}

// Save implements Store. It fills the summary columns from the record as
// the migration to the log did for older rows, so that a game saved here
// reads through Log as one stored before the log: its record is its header,
// at the record's version, with no events. Save refuses to overwrite a game
// that has events: its header and events are kept by the log alone.
func (s *SQLite) Save(ctx context.Context, r game.Record) error {
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("store: encode game %s: %w", r.ID, err)
	}
	c, err := recordColumns(data)
	if err != nil {
		return fmt.Errorf("store: save game %s: %w", r.ID, err)
	}
	variant := r.Variant
	if variant == "" {
		variant = game.Chess
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO games (id, finished, updated_at, variant, record,
		version, mode, status, result, public, white, black, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(id) DO UPDATE SET finished = excluded.finished, updated_at = excluded.updated_at,
		variant = excluded.variant, record = excluded.record, version = excluded.version, mode = excluded.mode,
		status = excluded.status, result = excluded.result, public = excluded.public, white = excluded.white,
		black = excluded.black, created_at = excluded.created_at
		WHERE NOT EXISTS (SELECT 1 FROM events WHERE events.game_id = excluded.id)`,
		r.ID, r.Finished(), nanos(r.UpdatedAt), string(variant), string(data),
		c.Version, c.Mode, c.Status, c.Result, c.public(), c.Seats[0].Name, c.Seats[1].Name, nanos(c.CreatedAt))
	if err != nil {
		return fmt.Errorf("store: save game %s: %w", r.ID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: save game %s: %w", r.ID, err)
	}
	if n == 0 {
		return fmt.Errorf("store: save game %s: the game is kept as a log (it has events); use Append", r.ID)
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
