// Package store keeps games behind a small interface, so that the server
// does not care whether they live in SQLite (now, through the cgo-free
// modernc.org/sqlite) or PostgreSQL (later).
//
//	st, err := store.OpenSQLite(ctx, "gambit-data/gambit.db")
//	defer st.Close()
//	err = st.Save(ctx, g.Record())
package store
