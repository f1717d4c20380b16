package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
)

// The writer's appends straight on the driver's connection. Through
// database/sql each statement of an append cost a Stmt bound to the
// transaction, the arguments converted, locks and a Result wrapped (about
// 40 allocations an append, a good part of the writer's CPU, BENCH.md). A
// batch without a finished game runs instead on the pool's connection
// taken for the batch (sql.Conn.Raw): the driver's statements, prepared
// once on that connection, run with arguments in one reused slice, and
// the transaction is BEGIN IMMEDIATE ... COMMIT on the same connection.
// The pool has one connection (SetMaxOpenConns(1)), held for a batch
// exactly as the transaction held it before: readers wait no longer.
// A finished game's append rates it (applyRating, database/sql), so
// its batch takes the database/sql path, which is rare: once a game.

const (
	sqlBegin    = `BEGIN IMMEDIATE`
	sqlCommit   = `COMMIT`
	sqlRollback = `ROLLBACK`
)

// rawStatements are the statements a rawConn prepares.
var rawStatements = append([]string{sqlBegin, sqlCommit, sqlRollback, sqlVersion}, appendStatements...)

// rawConn runs the writer's statements on the driver's connection dc.
// Only the writer goroutine uses it, inside sql.Conn.Raw.
type rawConn struct {
	dc    any // the driver's connection the statements belong to
	stmts map[string]driver.Stmt
	args  []driver.NamedValue // exec's arguments, reused
	dest  []driver.Value      // version's row, reused
}

// on makes w run on driver connection dc, preparing the statements
// when dc is not the connection they were prepared on (the first batch, or
// the pool replaced a connection it found broken). The old connection's
// statements are dropped with it.
func (w *rawConn) on(dc any) error {
	if w.dc == dc && w.stmts != nil {
		return nil
	}
	w.dc, w.stmts = nil, nil
	pc, ok := dc.(driver.ConnPrepareContext)
	if !ok {
		return fmt.Errorf("store: the driver's connection %T cannot prepare", dc)
	}
	stmts := make(map[string]driver.Stmt, len(rawStatements))
	for _, q := range rawStatements {
		st, err := pc.PrepareContext(context.Background(), q)
		if err != nil {
			return errors.Join(fmt.Errorf("store: prepare: %w", err), closeStmts(stmts))
		}
		if _, ok := st.(driver.StmtExecContext); !ok {
			return errors.Join(fmt.Errorf("store: the driver's statement %T cannot run", st), st.Close(), closeStmts(stmts))
		}
		stmts[q] = st
	}
	w.dc, w.stmts = dc, stmts
	return nil
}

// closeStmts closes driver statements.
func closeStmts(stmts map[string]driver.Stmt) error {
	var errs []error
	for _, st := range stmts {
		errs = append(errs, st.Close())
	}
	return errors.Join(errs...)
}

// close releases the statements; the connection must still be open.
func (w *rawConn) close() error {
	err := closeStmts(w.stmts)
	w.dc, w.stmts = nil, nil
	return err
}

// bind puts args in w.args, numbered from 1.
func (w *rawConn) bind(args []any) []driver.NamedValue {
	w.args = w.args[:0]
	for i, a := range args {
		w.args = append(w.args, driver.NamedValue{Ordinal: i + 1, Value: a})
	}
	return w.args
}

// exec runs query, one of rawStatements, and returns the rows it changed.
// The appends are never interrupted once in a batch, so no context reaches
// the driver (a context that can end costs the driver a watcher).
func (w *rawConn) exec(query string, args []any) (int64, error) {
	st, ok := w.stmts[query]
	if !ok {
		return 0, fmt.Errorf("store: statement not prepared: %.40s", query)
	}
	res, err := st.(driver.StmtExecContext).ExecContext(context.Background(), w.bind(args))
	clear(w.args) // keep no event's data alive
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// version reads game id's stored version; found is false without it.
func (w *rawConn) version(id string) (int64, bool, error) {
	q, ok := w.stmts[sqlVersion].(driver.StmtQueryContext)
	if !ok {
		return 0, false, errors.New("store: the driver's statement cannot query")
	}
	rows, err := q.QueryContext(context.Background(), w.bind([]any{id}))
	clear(w.args)
	if err != nil {
		return 0, false, err
	}
	defer rows.Close()
	w.dest = append(w.dest[:0], nil)
	switch err := rows.Next(w.dest); {
	case errors.Is(err, io.EOF):
		return 0, false, nil
	case err != nil:
		return 0, false, err
	}
	v, ok := w.dest[0].(int64)
	if !ok {
		return 0, false, fmt.Errorf("store: game %s: version is %T", id, w.dest[0])
	}
	return v, true, nil
}

// inRaw runs f in a write transaction on the pool's connection, taken for
// its length, and commits it. A transaction that cannot be rolled back
// leaves the connection in an unknown state: the pool drops it
// (driver.ErrBadConn) and opens another for the next batch.
func (b *batcher) inRaw(f func(x execer) error) error {
	ctx := context.Background()
	conn, err := b.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		if err := b.raw.on(dc); err != nil {
			return fmt.Errorf("%w: %w", errNotPrepared, err)
		}
		err := rawTx(&b.raw, f)
		if err == nil {
			// Noted before the pool hands the connection to a reader,
			// which then sees the rows behind with the summaries they lack.
			b.rows.commit()
		}
		if errors.Is(err, driver.ErrBadConn) {
			// The pool closes this connection: its statements first, or
			// the driver keeps the connection open for them (and with it
			// the file and any lock a failed rollback left).
			err = errors.Join(err, b.raw.close())
		}
		return err
	})
}

// errNotPrepared says the writer's statements could not be prepared on
// the driver's connection: nothing ran, and the batch goes through
// database/sql instead.
var errNotPrepared = errors.New("store: the raw statements are not prepared")

// rawTx runs f in a write transaction on w's connection and commits it.
func rawTx(w *rawConn, f func(x execer) error) error {
	if _, err := w.exec(sqlBegin, nil); err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	err := f(execer{raw: w})
	if err == nil {
		if _, err = w.exec(sqlCommit, nil); err == nil {
			return nil
		}
		err = fmt.Errorf("commit: %w", err)
	}
	if _, rerr := w.exec(sqlRollback, nil); rerr != nil {
		return errors.Join(err, fmt.Errorf("rollback: %w", rerr), driver.ErrBadConn)
	}
	return err
}

// rawBatch reports whether batch can run on the driver's connection: no
// append in it finishes its game (a finished game is rated through
// database/sql in the same transaction).
func rawBatch(batch []*appendReq) bool {
	for _, r := range batch {
		if r.sum.Finished {
			return false
		}
	}
	return true
}

// closeRaw releases the raw statements on their connection, when the pool
// still has it; the writer must have stopped.
func (b *batcher) closeRaw() error {
	if b.raw.stmts == nil {
		return nil
	}
	conn, err := b.db.Conn(context.Background())
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		if dc != b.raw.dc {
			b.raw.dc, b.raw.stmts = nil, nil // their connection is gone, and they with it
			return nil
		}
		return b.raw.close()
	})
}
