package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
)

// The appends' statements, parsed once: before, every append parsed each
// of its eight statements again (a tenth of the server's CPU per move,
// BENCH.md). They are prepared on the store's one connection outside any
// transaction (preparing inside one would wait for the connection the
// transaction holds), then bound to each transaction, which reuses the
// connection's parsed statement. That is the path of a batch finishing a
// game; the others run the same statements on the driver's connection
// (sqlite_raw.go).
const (
	sqlSavepoint  = `SAVEPOINT a`
	sqlRelease    = `RELEASE a`
	sqlRollbackTo = `ROLLBACK TO a`
	sqlUpdateGame = `UPDATE games SET version = ?, variant = ?, mode = ?, status = ?, result = ?,
		finished = ?, public = ?, white = ?, black = ?, updated_at = ?, white_kind = ?, black_kind = ?, plies = ?,
		termination = ?, time_control = ?, active = ?, eco = ?, opening = ?, moved_at = 0 WHERE id = ? AND version = ?`
	// sqlMoveGame is the usual append's update (movedSchema): no indexed
	// column, when none changes and the listing's time is recent enough.
	sqlMoveGame = `UPDATE games SET version = ?, variant = ?, mode = ?, status = ?, result = ?,
		white = ?, black = ?, moved_at = ?, white_kind = ?, black_kind = ?, plies = ?,
		termination = ?, time_control = ?, eco = ?, opening = ?
		WHERE id = ? AND version = ? AND finished = ? AND public = ? AND active = ? AND updated_at >= ?`
	sqlInsertEvent   = `INSERT INTO events (game_id, v, type, data) VALUES (?, ?, ?, ?)`
	sqlDeletePlayers = `DELETE FROM game_players WHERE game_id = ?
		AND player NOT IN (SELECT value FROM json_each(?))`
	sqlVersion    = `SELECT version FROM games WHERE id = ?`
	sqlCreateGame = `INSERT INTO games (id, variant, mode, status, result, finished, public, white, black,
		version, created_at, updated_at, record, white_kind, black_kind, plies, termination, time_control, active, eco, opening)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`
	sqlInsertPlayers = `INSERT OR IGNORE INTO game_players (game_id, player, created_at)
		SELECT ?1, value, (SELECT created_at FROM games WHERE id = ?1) FROM json_each(?2)`
)

// appendStatements are the statements prepare parses.
var appendStatements = []string{sqlSavepoint, sqlRelease, sqlRollbackTo, sqlMoveGame, sqlUpdateGame, sqlInsertEvent,
	sqlDeletePlayers, sqlInsertPlayers, sqlCreateGame, sqlCatchUp, sqlIdleGame}

// prepared holds the writer's statements (appends and creations). A nil
// *prepared runs every statement unprepared (when preparing failed).
type prepared struct {
	stmts map[string]*sql.Stmt
}

// prepare parses the appends' statements on db; no transaction may be open.
func prepare(ctx context.Context, db *sql.DB) (*prepared, error) {
	p := &prepared{stmts: make(map[string]*sql.Stmt, len(appendStatements))}
	for _, q := range appendStatements {
		st, err := db.PrepareContext(ctx, q)
		if err != nil {
			return nil, errors.Join(err, p.close())
		}
		p.stmts[q] = st
	}
	return p, nil
}

// exec runs query in tx, prepared when p has it.
func (p *prepared) exec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	if p == nil || p.stmts[query] == nil {
		return tx.ExecContext(ctx, query, args...)
	}
	return tx.StmtContext(ctx, p.stmts[query]).ExecContext(ctx, args...)
}

// execer runs an append's statements inside a write transaction: through
// database/sql (tx, with the statements of p, nil for unprepared) or
// straight on the driver's connection (raw). The arguments are the
// driver's own types (int64, bool, string, []byte), so that neither has to
// convert them. A struct, not an interface: the arguments' slice then
// stays on the caller's stack on the raw path.
type execer struct {
	tx  *sql.Tx
	p   *prepared
	raw *rawConn
}

// exec runs query and returns the rows it changed.
func (x execer) exec(ctx context.Context, query string, args ...any) (int64, error) {
	if x.raw != nil {
		return x.raw.exec(query, args)
	}
	// database/sql keeps its arguments: a copy, so that args need not escape.
	res, err := x.p.exec(ctx, x.tx, query, slices.Clone(args)...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// version reads game id's stored version; found is false without it.
func (x execer) version(ctx context.Context, id string) (v int64, found bool, err error) {
	if x.raw != nil {
		return x.raw.version(id)
	}
	err = x.tx.QueryRowContext(ctx, sqlVersion, id).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return v, err == nil, err
}

// close releases the statements.
func (p *prepared) close() error {
	if p == nil {
		return nil
	}
	var errs []error
	for _, st := range p.stmts {
		errs = append(errs, st.Close())
	}
	return errors.Join(errs...)
}
