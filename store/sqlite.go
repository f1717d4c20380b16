package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

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
	// 3: which games run by themselves (Summary.Active). Not known for the
	// games already stored: every unfinished one counts as active, is
	// resumed at the next start, and marked idle if nothing runs in it.
	execSQL(`ALTER TABLE games ADD COLUMN active INTEGER NOT NULL DEFAULT 0;
		UPDATE games SET active = 1 WHERE finished = 0;
		CREATE INDEX games_active ON games(id) WHERE active = 1;
		CREATE INDEX games_stale ON games(updated_at) WHERE finished = 0 AND plies = 0;`),
	// 4: the server's own keys (Secrets).
	execSQL(`CREATE TABLE secrets (name TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID`),
	// 5: a chess game's opening (Summary.ECO, Summary.Opening), for the
	// listings; the games already stored get theirs at their next write.
	execSQL(`ALTER TABLE games ADD COLUMN eco     TEXT NOT NULL DEFAULT '';
		ALTER TABLE games ADD COLUMN opening TEXT NOT NULL DEFAULT '';`),
	// 6: each game's review, once made (Reviews).
	execSQL(`CREATE TABLE reviews (game_id TEXT PRIMARY KEY, data BLOB NOT NULL, updated_at INTEGER NOT NULL)`),
	// 7: the accounts and their sessions (Accounts).
	execSQL(accountsSchema),
	// 8: the rated games and the ratings (Ratings).
	execSQL(ratingsSchema),
	// 9: each seat's game creation time, for a player's games in pages (History).
	execSQL(historySchema),
	// 10: the personal access tokens (Tokens).
	execSQL(tokensSchema),
	// 11: empty. It was held for the passkeys while they were built
	// elsewhere, and shipped empty: databases have passed it, so the
	// passkeys came later (14), where every database still meets them.
	execSQL(`SELECT 1`),
	// 12: the open challenges of the API (Challenges).
	execSQL(challengesSchema),
	// 13: when a game last moved (movedSchema).
	execSQL(movedSchema),
	// 14: the passkeys and their ceremonies under way (Passkeys).
	execSQL(passkeysSchema),
	// 15: the player secrets accounts shared with their browsers until then
	// (Secrets.SharedSecret).
	execSQL(sharedSecretsSchema),
	// 16: an account's passkey ceremonies found by its id, for the trim
	// that keeps its newest few (Passkeys.CreateCeremony).
	execSQL(ceremoniesByUserSchema),
	// 17: each account's title, "" or BOT (User.Title, Accounts.UpgradeToBot).
	execSQL(userTitleSchema),
	// 18: the training puzzles, their rounds and the solvers' puzzle
	// ratings (Puzzles).
	execSQL(puzzlesSchema),
	// 19: the tournaments, their players and games (Tournaments).
	execSQL(tournamentsSchema),
	// 20: each tournament game's Swiss round (Swiss).
	execSQL(swissSchema),
	// 21: the tournament games pending, indexed (PlayingElsewhere).
	execSQL(openPairingsSchema),
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
ALTER TABLE games ADD COLUMN white_kind   TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN black_kind   TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN plies        INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN termination  TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN time_control TEXT    NOT NULL DEFAULT '';
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
				white = ?, black = ?, created_at = ?, white_kind = ?, black_kind = ?, plies = ?, time_control = ? WHERE id = ?`,
				c.Version, c.Mode, c.Status, c.Result, c.public(), c.Seats[0].Name, c.Seats[1].Name, nanos(c.CreatedAt),
				c.Seats[0].Kind, c.Seats[1].Kind, len(c.Moves), c.timeControl(), r.id); err != nil {
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
		Kind string `json:"kind"`
	} `json:"seats"`
	Moves []json.RawMessage `json:"moves"`
	Clock *struct {
		InitialMs   int64 `json:"initialMs"`
		IncrementMs int64 `json:"incrementMs"`
	} `json:"clock"`
	CreatedAt time.Time `json:"createdAt"`
	// Termination stays "" for these games: their records hold an ending
	// as a code of the rules libraries, which the store does not read.
}

// timeControl writes the clock as listings show it: "5+3", minutes (maybe
// fractional) and seconds of increment; "" for an untimed game.
func (c legacyRecord) timeControl() string {
	if c.Clock == nil {
		return ""
	}
	return TimeControl(c.Clock.InitialMs, c.Clock.IncrementMs)
}

// TimeControl writes a time control as Summary.TimeControl holds it: "5+3"
// for 5 minutes and 3 seconds of increment, "0.5+0" for 30 seconds.
func TimeControl(initialMs, incrementMs int64) string {
	return strconv.FormatFloat(float64(initialMs)/60000, 'f', -1, 64) + "+" + strconv.FormatInt(incrementMs/1000, 10)
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

// SQLite is a Log in one SQLite database file.
type SQLite struct {
	sqlStore // what its SQL shares with PostgreSQL's
	db       *sql.DB
	batch    *batcher // the appends, committed together
}

// OpenSQLite opens (creating if needed) the database at path.
func OpenSQLite(ctx context.Context, path string) (*SQLite, error) {
	// WAL with synchronous(FULL): a commit is on disk when it returns.
	// _txlock=immediate: a write transaction takes the write lock at BEGIN,
	// so another process cannot slip in between a read and a write of it.
	// cache_size: 32 MiB of pages, not SQLite's 2 MiB. Every move updates
	// its game's row and index leaf, thousands of games apart; with 2 MiB
	// those pages were read again from the WAL or the file (pread) at most
	// appends, 4% of the server's CPU at 4,000 games (BENCH.md).
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=cache_size(-32768)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(1) // one writer; SQLite serialises writes anyway
	// No idle or lifetime limit: the pool keeps its one connection, on which
	// the writer's raw statements are prepared (sqlite_raw.go).
	if _, err := db.ExecContext(ctx, schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: create schema in %s: %w", path, err)
	}
	if err := migrate(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: migrate %s: %w", path, err)
	}
	if _, err := db.ExecContext(ctx, sqlRepairBehind); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: repair the games' versions in %s: %w", path, err)
	}
	return &SQLite{sqlStore: sqlStore{sqliteQuerier{c: db, db: db}}, db: db, batch: newBatcher(db)}, nil
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

// Close closes the database.
func (s *SQLite) Close() error {
	return errors.Join(s.batch.close(), s.db.Close())
}
