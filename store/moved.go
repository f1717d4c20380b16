package store

import "time"

// movedSchema (migration 13 of both stores) keeps when a game last moved
// apart from the time its listings sort by. Every index of the games
// table that a listing walks holds updated_at, so writing it on every
// move rewrote three index entries, and each of their pages in the WAL,
// for every move of every game (SQLite rewrites an index entry whenever
// its column is in the update, even to the same value): about seven of the
// eleven pages an append wrote (TestAppendWritesFewPages). Now the usual append writes moved_at,
// which no index holds, and updated_at only when listedEvery has passed
// since it was last written, or when an indexed column (finished, public,
// active) changes with the game; a game's UpdatedAt is the later of the
// two. A listing sorted by the time of the last move is so up to
// listedEvery behind.
const movedSchema = `ALTER TABLE games ADD COLUMN moved_at BIGINT NOT NULL DEFAULT 0`

// listedEvery is how far behind a game's last move its listing time may
// be.
const listedEvery = 30 * time.Second
