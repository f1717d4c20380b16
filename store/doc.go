// Package store keeps games behind a small interface, so that the server
// does not care whether they live in SQLite (now, through the cgo-free
// modernc.org/sqlite) or PostgreSQL (later).
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
// Store, which saves whole records, is what the server still uses; the
// same database serves both, and games saved through Store read through Log
// (their record as the header, no events). Package storetest holds the
// tests every Log implementation passes.
package store
