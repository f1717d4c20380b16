package store

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
)

// What the external tests (package store_test) need to build a database
// as an older release left it.
var (
	SQLiteSchema   = schema
	SQLiteVersions = len(migrations)
	PGVersions     = len(pgMigrations)
)

// MigrateSQLiteTo brings db up to schema version v.
func MigrateSQLiteTo(ctx context.Context, db *sql.DB, v int) error { return migrateTo(ctx, db, v) }

// MigratePGTo brings the database of pool up to schema version v.
func MigratePGTo(ctx context.Context, pool *pgxpool.Pool, v int) error {
	return pgMigrate(ctx, pool, v)
}
