package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is a Log in a PostgreSQL database, shared by every node of a
// cluster: each write is one transaction, and Append's version check is
// part of its UPDATE, so two nodes writing the same game cannot both win.
type Postgres struct {
	sqlStore // what its SQL shares with SQLite's
	pool     *pgxpool.Pool
}

// pgMigrations bring a database up to date, in order: pgMigrations[i]
// takes schema version i to i+1 (the one row of gambit_schema). Each runs
// in the transaction that bumps the version.
var pgMigrations = []string{
	// 1: the log: games with their summary columns, the seated players, the events.
	`CREATE TABLE games (
		id           TEXT PRIMARY KEY,
		variant      TEXT    NOT NULL,
		mode         TEXT    NOT NULL,
		status       TEXT    NOT NULL,
		result       TEXT    NOT NULL,
		finished     BOOLEAN NOT NULL,
		public       BOOLEAN NOT NULL,
		white        TEXT    NOT NULL,
		black        TEXT    NOT NULL,
		white_kind   TEXT    NOT NULL,
		black_kind   TEXT    NOT NULL,
		plies        INTEGER NOT NULL,
		termination  TEXT    NOT NULL,
		time_control TEXT    NOT NULL,
		version      BIGINT  NOT NULL,
		created_at   BIGINT  NOT NULL,
		updated_at   BIGINT  NOT NULL,
		header       BYTEA   NOT NULL
	);
	CREATE INDEX games_public_updated ON games(public, updated_at DESC);
	CREATE INDEX games_public_finished_updated ON games(public, finished, updated_at DESC);
	CREATE TABLE game_players (
		game_id TEXT NOT NULL REFERENCES games(id),
		player  TEXT NOT NULL,
		PRIMARY KEY (game_id, player)
	);
	CREATE INDEX game_players_player ON game_players(player, game_id);
	CREATE TABLE events (
		game_id TEXT   NOT NULL REFERENCES games(id),
		v       BIGINT NOT NULL,
		type    TEXT   NOT NULL,
		data    BYTEA  NOT NULL,
		PRIMARY KEY (game_id, v)
	);`,
	// 2: which games run by themselves (Summary.Active); not known for the
	// games already stored, so every unfinished one counts until its owner
	// marks it idle.
	`ALTER TABLE games ADD COLUMN active BOOLEAN NOT NULL DEFAULT false;
	UPDATE games SET active = true WHERE NOT finished;
	CREATE INDEX games_active ON games(id) WHERE active;
	CREATE INDEX games_stale ON games(updated_at) WHERE NOT finished AND plies = 0;`,
	// 3: which node owns each live game, until when (the database's clock).
	`CREATE TABLE game_leases (
		game_id    TEXT PRIMARY KEY,
		node       TEXT NOT NULL,
		expires_at TIMESTAMPTZ NOT NULL
	);
	CREATE INDEX game_leases_node ON game_leases(node);`,
	// 4: the server's own keys (Secrets).
	`CREATE TABLE secrets (name TEXT PRIMARY KEY, value BYTEA NOT NULL);`,
	// 5: a chess game's opening (Summary.ECO, Summary.Opening), for the
	// listings; the games already stored get theirs at their next write.
	`ALTER TABLE games ADD COLUMN eco     TEXT NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN opening TEXT NOT NULL DEFAULT '';`,
	// 6: each game's review, once made (Reviews).
	`CREATE TABLE reviews (game_id TEXT PRIMARY KEY, data BYTEA NOT NULL, updated_at TIMESTAMPTZ NOT NULL);`,
	// 7: the accounts and their sessions (Accounts).
	pgAccountsSchema,
	// 8: the rated games and the ratings (Ratings).
	ratingsSchema,
	// 9: each seat's game creation time, for a player's games in pages (History).
	historySchema,
	// 10: the personal access tokens (Tokens).
	pgTokensSchema,
	// 11: empty, shipped so (SQLite's migration 11 says why).
	`SELECT 1`,
	// 12: the open challenges of the API (Challenges).
	pgChallengesSchema,
	// 13: when a game last moved (movedSchema).
	movedSchema,
	// 14: the passkeys and their ceremonies under way (Passkeys).
	pgPasskeysSchema,
	// 15: the player secrets accounts shared with their browsers until then
	// (Secrets.SharedSecret).
	sharedSecretsSchema,
	// 16: an account's passkey ceremonies found by its id (SQLite's 16).
	ceremoniesByUserSchema,
	// 17: each account's title (SQLite's 17).
	userTitleSchema,
	// 18: the training puzzles (SQLite's 18).
	pgPuzzlesSchema,
	// 19: the tournaments (SQLite's 19).
	pgTournamentsSchema,
	// 20: the Swiss rounds (SQLite's 20).
	swissSchema,
	// 21: the tournament games pending, indexed (SQLite's 21).
	openPairingsSchema,
}

// defaultPoolConns is how many connections a node keeps to PostgreSQL,
// unless the URL says (pool_max_conns=N).
const defaultPoolConns = 32

// OpenPostgres connects to the database at url (a postgres:// URL or a
// key=value connection string) and brings its schema up to date.
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres: %w", err)
	}
	if !strings.Contains(url, "pool_max_conns") {
		// Each append is a transaction waiting for its commit's WAL flush;
		// many at once share the flushes (PostgreSQL's own group commit),
		// so a node keeps more connections than pgx's default of one a core.
		cfg.MaxConns = defaultPoolConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres: %w", err)
	}
	if err := pgMigrate(ctx, pool, len(pgMigrations)); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: migrate postgres: %w", err)
	}
	return &Postgres{sqlStore: sqlStore{pgQuerier{c: pool}}, pool: pool}, nil
}

// pgMigrate brings the schema up to version target, one transaction per
// migration. Nodes starting at once serialise on an advisory lock, so a
// migration runs once.
func pgMigrate(ctx context.Context, pool *pgxpool.Pool, target int) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	const lock = 0x67616d626974 // "gambit"
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, lock); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, lock) // or with the session
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS gambit_schema (version INTEGER NOT NULL);
		INSERT INTO gambit_schema (version) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM gambit_schema)`); err != nil {
		return fmt.Errorf("schema table: %w", err)
	}
	var version int
	if err := conn.QueryRow(ctx, `SELECT version FROM gambit_schema`).Scan(&version); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if version > len(pgMigrations) {
		return fmt.Errorf("schema version %d is newer than this program's %d", version, len(pgMigrations))
	}
	for i := version; i < target; i++ {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, pgMigrations[i]); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `UPDATE gambit_schema SET version = $1`, i+1)
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
	}
	return nil
}

// pgSummaryCols are the columns pgScanSummary reads, in its order.
const pgSummaryCols = `g.id, g.variant, g.mode, g.status, g.result, g.finished, g.public, g.white, g.black,
	g.version, g.created_at, g.updated_at,
	COALESCE((SELECT array_agg(p.player ORDER BY p.player) FROM game_players p WHERE p.game_id = g.id), '{}'),
	g.white_kind, g.black_kind, g.plies, g.termination, g.time_control, g.active, g.eco, g.opening, g.moved_at`

// pgScanSummary reads pgSummaryCols, then the extra destinations.
func pgScanSummary(row pgx.Row, extra ...any) (Summary, error) {
	var sum Summary
	var created, updated, moved int64
	dest := append([]any{&sum.ID, &sum.Variant, &sum.Mode, &sum.Status, &sum.Result, &sum.Finished, &sum.Public,
		&sum.White, &sum.Black, &sum.Version, &created, &updated, &sum.Players,
		&sum.WhiteKind, &sum.BlackKind, &sum.Plies, &sum.Termination, &sum.TimeControl, &sum.Active,
		&sum.ECO, &sum.Opening, &moved}, extra...)
	if err := row.Scan(dest...); err != nil {
		return Summary{}, err
	}
	sum.CreatedAt, sum.UpdatedAt = fromNanos(created), fromNanos(max(updated, moved))
	if len(sum.Players) == 0 {
		sum.Players = nil
	}
	return sum, nil
}

// Create implements Log.
func (s *Postgres) Create(ctx context.Context, sum Summary, header []byte, events []Event) error {
	if err := checkWrite(sum.ID, 0, events, sum); err != nil {
		return fmt.Errorf("store: create game %s: %w", sum.ID, err)
	}
	if header == nil {
		header = []byte{}
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO games (id, variant, mode, status, result, finished, public, white, black,
			white_kind, black_kind, plies, termination, time_control, version, created_at, updated_at, header, active, eco, opening)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
			ON CONFLICT (id) DO NOTHING`,
			sum.ID, sum.Variant, sum.Mode, sum.Status, sum.Result, sum.Finished, sum.Public, sum.White, sum.Black,
			sum.WhiteKind, sum.BlackKind, sum.Plies, sum.Termination, sum.TimeControl, sum.Version,
			nanos(sum.CreatedAt), nanos(sum.UpdatedAt), header, sum.Active, sum.ECO, sum.Opening)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrExists
		}
		if err := pgInsertEvents(ctx, tx, sum.ID, events); err != nil {
			return err
		}
		return pgSetPlayers(ctx, tx, sum.ID, sum.Players)
	})
	if err != nil {
		return fmt.Errorf("store: create game %s: %w", sum.ID, err)
	}
	return nil
}

// Append implements Log.
func (s *Postgres) Append(ctx context.Context, id string, expect int64, events []Event, sum Summary) error {
	if len(events) == 0 {
		return fmt.Errorf("store: append game %s: %w: no events", id, ErrInvalid)
	}
	if err := checkWrite(id, expect, events, sum); err != nil {
		return fmt.Errorf("store: append game %s: %w", id, err)
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// The usual append changes no indexed column (movedSchema), so that
		// PostgreSQL can update the row in place (a HOT update).
		tag, err := tx.Exec(ctx, `UPDATE games SET version = $1, variant = $2, mode = $3, status = $4, result = $5,
			white = $6, black = $7, moved_at = $8, white_kind = $9, black_kind = $10, plies = $11, termination = $12,
			time_control = $13, eco = $14, opening = $15
			WHERE id = $16 AND version = $17 AND finished = $18 AND public = $19 AND active = $20 AND updated_at >= $21`,
			sum.Version, sum.Variant, sum.Mode, sum.Status, sum.Result, sum.White, sum.Black, nanos(sum.UpdatedAt),
			sum.WhiteKind, sum.BlackKind, sum.Plies, sum.Termination, sum.TimeControl, sum.ECO, sum.Opening,
			id, expect, sum.Finished, sum.Public, sum.Active, nanos(sum.UpdatedAt.Add(-listedEvery)))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 { // an indexed column changes, or the listing's time is due, or a conflict
			tag, err = tx.Exec(ctx, `UPDATE games SET version = $1, variant = $2, mode = $3, status = $4, result = $5,
				finished = $6, public = $7, white = $8, black = $9, updated_at = $10, white_kind = $11, black_kind = $12,
				plies = $13, termination = $14, time_control = $15, active = $16, eco = $17, opening = $18, moved_at = 0
				WHERE id = $19 AND version = $20`,
				sum.Version, sum.Variant, sum.Mode, sum.Status, sum.Result, sum.Finished, sum.Public, sum.White, sum.Black,
				nanos(sum.UpdatedAt), sum.WhiteKind, sum.BlackKind, sum.Plies, sum.Termination, sum.TimeControl, sum.Active,
				sum.ECO, sum.Opening, id, expect)
			if err != nil {
				return err
			}
		}
		if tag.RowsAffected() == 0 {
			return pgVersionError(ctx, tx, id, expect)
		}
		if err := pgInsertEvents(ctx, tx, id, events); err != nil {
			return err
		}
		if sum.Finished { // rated in the same transaction as the end (applyRating)
			if err := applyRating(ctx, pgQuerier{c: tx}, id, sum, " FOR UPDATE"); err != nil {
				return err
			}
		}
		return pgSetPlayers(ctx, tx, id, sum.Players)
	})
	if err != nil {
		return fmt.Errorf("store: append game %s: %w", id, pgConflict(err))
	}
	return nil
}

// pgVersionError explains an UPDATE ... WHERE version = expect that
// changed nothing: the game is unknown, or at another version.
func pgVersionError(ctx context.Context, tx pgx.Tx, id string, expect int64) error {
	var have int64
	err := tx.QueryRow(ctx, `SELECT version FROM games WHERE id = $1`, id).Scan(&have)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return ErrNotFound
	case err != nil:
		return err
	}
	return fmt.Errorf("expected version %d, stored %d: %w", expect, have, ErrConflict)
}

// pgConflict turns a unique violation on events (two writers racing past
// the version check under READ COMMITTED cannot, but a duplicate event
// key would say the same) into ErrConflict.
func pgConflict(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return fmt.Errorf("%w: %s", ErrConflict, pe.Message)
	}
	return err
}

// pgInsertEvents stores events of game id; checkWrite has numbered them.
func pgInsertEvents(ctx context.Context, tx pgx.Tx, id string, events []Event) error {
	if len(events) == 0 {
		return nil
	}
	rows := make([][]any, len(events))
	for i, e := range events {
		data := e.Data
		if data == nil {
			data = []byte{}
		}
		rows[i] = []any{id, e.V, e.Type, data}
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"events"}, []string{"game_id", "v", "type", "data"}, pgx.CopyFromRows(rows))
	if err != nil {
		return fmt.Errorf("events: %w", err)
	}
	return nil
}

// pgSetPlayers makes the players seated in game id exactly players (a
// set); rows that stay are not rewritten.
func pgSetPlayers(ctx context.Context, tx pgx.Tx, id string, players []string) error {
	set := playerSet(players)
	if _, err := tx.Exec(ctx, `DELETE FROM game_players WHERE game_id = $1 AND NOT (player = ANY($2))`, id, set); err != nil {
		return fmt.Errorf("players: %w", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO game_players (game_id, player, created_at)
		SELECT $1, unnest($2::text[]), (SELECT created_at FROM games WHERE id = $1) ON CONFLICT DO NOTHING`, id, set); err != nil {
		return fmt.Errorf("players: %w", err)
	}
	return nil
}

// Load implements Log, in one read-only transaction at REPEATABLE READ, so
// the events match the summary's version while another node appends.
func (s *Postgres) Load(ctx context.Context, id string) (Stored, error) {
	var g Stored
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		g.Summary, err = pgScanSummary(tx.QueryRow(ctx, `SELECT `+pgSummaryCols+`, g.header FROM games g WHERE g.id = $1`, id), &g.Header)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT v, type, data FROM events WHERE game_id = $1 ORDER BY v`, id)
		if err != nil {
			return fmt.Errorf("events: %w", err)
		}
		g.Events, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Event, error) { return scanEvent(r) })
		if err != nil {
			return fmt.Errorf("events: %w", err)
		}
		return nil
	})
	if err != nil {
		return Stored{}, fmt.Errorf("store: load game %s: %w", id, err)
	}
	return g, nil
}

// List implements Log, as SQLite's listQuery does: the public games and
// the player's private ones, two index scans under one ORDER BY ... LIMIT;
// Mine, the player's games alone.
func (s *Postgres) List(ctx context.Context, q ListQuery) ([]Summary, error) {
	var b strings.Builder
	args := []any{}
	arg := func(v any) string { args = append(args, v); return fmt.Sprintf("$%d", len(args)) }
	finished := func() string {
		if q.Finished == nil {
			return ""
		}
		return " AND g.finished = " + arg(*q.Finished)
	}
	if q.Mine && q.Player != "" {
		b.WriteString(`SELECT ` + pgSummaryCols + ` FROM game_players gp JOIN games g ON g.id = gp.game_id
			WHERE gp.player = ` + arg(q.Player) + finished())
	} else {
		b.WriteString(`(SELECT ` + pgSummaryCols + ` FROM games g WHERE g.public` + finished() + `)`)
	}
	if q.Player != "" && !q.Mine {
		b.WriteString(` UNION ALL (SELECT ` + pgSummaryCols + ` FROM game_players gp JOIN games g ON g.id = gp.game_id
			WHERE gp.player = ` + arg(q.Player) + ` AND NOT g.public` + finished() + `)`)
	}
	b.WriteString(` ORDER BY 12 DESC LIMIT ` + arg(q.limit()))
	rows, err := s.pool.Query(ctx, b.String(), args...)
	if err != nil {
		return nil, fmt.Errorf("store: list games: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Summary, error) { return pgScanSummary(r) })
	if err != nil {
		return nil, fmt.Errorf("store: list games: %w", err)
	}
	return out, nil
}

// Active implements Log.
func (s *Postgres) Active(ctx context.Context) ([]string, error) {
	return queryAll(ctx, s.q, "active games", scanString, `SELECT id FROM games WHERE active`)
}

// Stale implements Log.
func (s *Postgres) Stale(ctx context.Context, before time.Time, limit int) ([]string, error) {
	return queryAll(ctx, s.q, "stale games", scanString, `SELECT id FROM games WHERE NOT finished AND plies = 0 AND updated_at < $1
		ORDER BY updated_at LIMIT $2`, nanos(before), max(limit, 0))
}

// MarkIdle implements Log.
func (s *Postgres) MarkIdle(ctx context.Context, id string, version int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE games SET active = false WHERE id = $1 AND version = $2`, id, version)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return pgVersionError(ctx, tx, id, version)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: mark game %s idle: %w", id, err)
	}
	return nil
}

// Close implements Log.
func (s *Postgres) Close() error {
	s.pool.Close()
	return nil
}

var _ Log = (*Postgres)(nil)
