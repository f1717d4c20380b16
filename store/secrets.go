package store

import (
	"context"
	"crypto/rand"
)

// Secrets is kept by the stores (SQLite and PostgreSQL) beside the games,
// for what a server must know the same way on every node sharing one
// database and after every restart: its own keys (the one that signs
// player cookies), and whether a player id was ever seated, which proves
// that a cookie from before the signed ones was issued by a server.
// Anyone who can read the database can read the keys; they can also
// rewrite every game, so the keys add nothing to what they hold.
type Secrets interface {
	// Secret returns the random key named name: size bytes made by the
	// first caller on any node, the same ones for every caller after.
	Secret(ctx context.Context, name string, size int) ([]byte, error)
	// Seated reports whether some stored game seats player (one of its
	// Summary.Players).
	Seated(ctx context.Context, player string) (bool, error)
}

// randomKey returns size bytes from crypto/rand.
func randomKey(size int) ([]byte, error) {
	key := make([]byte, size)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	return key, nil
}

// Both stores keep secrets.
var (
	_ Secrets = (*SQLite)(nil)
	_ Secrets = (*Postgres)(nil)
)
