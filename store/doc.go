// Package store keeps games, accounts and ratings behind small interfaces,
// so that the server does not care whether they live in SQLite (one node,
// through the cgo-free modernc.org/sqlite) or PostgreSQL (several nodes,
// through pgx). On SQLite the creations and appends of all games are
// written by one writer, many to a transaction (group commit).
//
// Where the two databases take the same SQL (the accounts, sessions,
// tokens, passkeys, challenges, ratings, puzzles, the reviews' and
// secrets' reads), one implementation serves both: sqlStore, which SQLite
// and Postgres embed, runs it through a querier (querier.go). What
// differs stays each store's: the schemas, the log's writes, the locks a
// cluster needs.
//
// Log is the versioned game log: a header, numbered events, a summary.
// Saving a move is one Append, which fails with ErrConflict when another
// writer got there first:
//
//	st, err := store.OpenSQLite(ctx, "gambit-data/gambit.db")
//	defer st.Close()
//	err = st.Create(ctx, sum, header, nil)
//	err = st.Append(ctx, id, 0, []store.Event{{V: 1, Type: "move", Data: move}}, sum)
//
// Games stored before the log (whole records, written by the release
// before it) read through Log too: their record is their header, and their
// events start after its version. Package storetest holds the tests every
// Log implementation passes.
package store
