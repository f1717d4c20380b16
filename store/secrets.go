package store

import (
	"context"
	"crypto/rand"
	"fmt"
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

// Secret implements Secrets. The first caller's key wins, in a cluster the
// first node's: another made at the same time is dropped (ON CONFLICT DO
// NOTHING), and every caller reads back the stored one.
func (s sqlStore) Secret(ctx context.Context, name string, size int) ([]byte, error) {
	fresh, err := randomKey(size)
	if err != nil {
		return nil, fmt.Errorf("store: secret %s: %w", name, err)
	}
	if _, err := s.q.exec(ctx, `INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, name, fresh); err != nil {
		return nil, fmt.Errorf("store: secret %s: %w", name, err)
	}
	var key []byte
	if err := s.q.queryRow(ctx, `SELECT value FROM secrets WHERE name = $1`, name).Scan(&key); err != nil {
		return nil, fmt.Errorf("store: secret %s: %w", name, err)
	}
	return key, nil
}

// SharedSecret implements Secrets.
func (s sqlStore) SharedSecret(ctx context.Context, secret string) (bool, error) {
	var shared bool
	if err := s.q.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM shared_secrets WHERE secret = $1)`, secret).Scan(&shared); err != nil {
		return false, fmt.Errorf("store: find a shared secret: %w", err)
	}
	return shared, nil
}

// Seated implements Secrets, from game_players_player.
func (s sqlStore) Seated(ctx context.Context, player string) (bool, error) {
	var seated bool
	if err := s.q.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM game_players WHERE player = $1)`, player).Scan(&seated); err != nil {
		return false, fmt.Errorf("store: find player: %w", err)
	}
	return seated, nil
}
