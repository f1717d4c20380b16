package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// querier is a database as the code both stores share sees it: SQLite's
// (database/sql) or PostgreSQL's (pgx), or a transaction of either. Where
// the two stores' SQL is the same, sqlStore runs it once through a
// querier; where it is not (the schemas, the log's writes, the locks a
// cluster needs), each store keeps its own.
//
// Queries are written as PostgreSQL numbers its parameters, $1, $2, ...
// (one used twice keeps its number); SQLite runs them as its numbered
// parameters, ?1, ?2, ..., so a query of shared SQL holds no other '$'.
type querier interface {
	// exec runs a statement and returns the number of rows it touched.
	exec(ctx context.Context, query string, args ...any) (int64, error)
	// queryRow runs a query of one row. For none, Scan returns
	// sql.ErrNoRows, whichever the driver.
	queryRow(ctx context.Context, query string, args ...any) scanner
	// query runs a query and calls each with its rows in order, until
	// each returns an error, which query returns.
	query(ctx context.Context, query string, args []any, each func(scanner) error) error
	// inTx runs fn on a transaction, committed when fn returns nil and
	// rolled back otherwise. Transactions do not nest: call it on a
	// store's querier, not on the one fn is given.
	inTx(ctx context.Context, fn func(querier) error) error
}

// sqlStore implements, once for both stores, the methods whose SQL is the
// same in SQLite and PostgreSQL: SQLite and Postgres embed it.
type sqlStore struct{ q querier }

// queryAll runs query on q and reads every row with scan; what names the
// rows in errors ("store: what: ...").
func queryAll[T any](ctx context.Context, q querier, what string, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	var out []T
	if err := q.query(ctx, query, args, appendRow(&out, scan)); err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	return out, nil
}

// affected turns an exec's rows touched and error into what went wrong:
// its error, or none when no row was touched.
func affected(n int64, err error, what string, none error) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n == 0 {
		return fmt.Errorf("store: %s: %w", what, none)
	}
	return nil
}

// eachRow calls each with every row of rows, database/sql's or pgx's,
// until each returns an error; the caller closes rows.
func eachRow(rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}, each func(scanner) error) error {
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// sqliteQuerier runs shared SQL on SQLite: on c, the store's *sql.DB or
// a transaction of it; db is the *sql.DB to begin one on (nil in one).
type sqliteQuerier struct {
	c interface {
		ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
		QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	}
	db *sql.DB
}

// sqliteParams writes PostgreSQL's numbered parameters ($1) as SQLite's
// (?1).
func sqliteParams(query string) string { return strings.ReplaceAll(query, "$", "?") }

func (q sqliteQuerier) exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := q.c.ExecContext(ctx, sqliteParams(query), args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (q sqliteQuerier) queryRow(ctx context.Context, query string, args ...any) scanner {
	return q.c.QueryRowContext(ctx, sqliteParams(query), args...)
}

func (q sqliteQuerier) query(ctx context.Context, query string, args []any, each func(scanner) error) error {
	rows, err := q.c.QueryContext(ctx, sqliteParams(query), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return eachRow(rows, each)
}

func (q sqliteQuerier) inTx(ctx context.Context, fn func(querier) error) error {
	tx, err := q.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(sqliteQuerier{c: tx}); err != nil {
		return err
	}
	return tx.Commit()
}

// pgQuerier runs shared SQL on PostgreSQL: on the store's pool, or a
// transaction of it.
type pgQuerier struct {
	c interface {
		Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
		Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
		QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
		Begin(ctx context.Context) (pgx.Tx, error)
	}
}

func (q pgQuerier) exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := q.c.Exec(ctx, query, args...)
	return tag.RowsAffected(), err
}

func (q pgQuerier) queryRow(ctx context.Context, query string, args ...any) scanner {
	return pgRow{q.c.QueryRow(ctx, query, args...)}
}

// pgRow is a pgx row whose Scan says sql.ErrNoRows for none, as
// database/sql's does.
type pgRow struct{ pgx.Row }

func (r pgRow) Scan(dest ...any) error {
	err := r.Row.Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return sql.ErrNoRows
	}
	return err
}

func (q pgQuerier) query(ctx context.Context, query string, args []any, each func(scanner) error) error {
	rows, err := q.c.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return eachRow(rows, each)
}

func (q pgQuerier) inTx(ctx context.Context, fn func(querier) error) error {
	return pgx.BeginFunc(ctx, q.c, func(tx pgx.Tx) error { return fn(pgQuerier{c: tx}) })
}
