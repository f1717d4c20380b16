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
	// SharedSecret reports whether secret is a player secret that an
	// account shared with every browser signed in to it, in the player
	// cookie, before cookies stopped carrying accounts' secrets (the
	// accounts made before schema 15; see server/player). Such a secret
	// in a cookie proves nothing: the browser that kept it may have been
	// signed out since. The list is frozen when the schema is migrated and
	// outlives the accounts, so a deleted account's secret stays refused.
	SharedSecret(ctx context.Context, secret string) (bool, error)
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

// sharedSecretsSchema is migration 15 of both stores. Until then a browser
// signed in to an account held the account's player secret in its cookie,
// and kept it after being signed out; from then on the account's seats
// follow its sessions and tokens alone, and a cookie holding one of these
// secrets proves nothing. The secrets are copied once, here: no account
// made later ever hands its secret out.
const sharedSecretsSchema = `
CREATE TABLE shared_secrets (secret TEXT PRIMARY KEY);
INSERT INTO shared_secrets (secret) SELECT player FROM users;
`
