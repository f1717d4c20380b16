package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// pgPasskeysSchema is migration 14 of PostgreSQL: SQLite's passkeysSchema.
const pgPasskeysSchema = `
CREATE TABLE IF NOT EXISTS passkeys (
	id           BYTEA PRIMARY KEY,
	user_id      TEXT NOT NULL REFERENCES users(id),
	name         TEXT NOT NULL,
	public_key   BYTEA NOT NULL,
	sign_count   BIGINT NOT NULL,
	credential   BYTEA NOT NULL,
	created_at   BIGINT NOT NULL,
	last_used_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS passkeys_user ON passkeys(user_id, created_at);
CREATE TABLE IF NOT EXISTS passkey_ceremonies (
	id         TEXT PRIMARY KEY,
	user_id    TEXT NOT NULL,
	data       BYTEA NOT NULL,
	expires_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS passkey_ceremonies_expires ON passkey_ceremonies(expires_at);`

// CreatePasskey implements Passkeys.
func (p *Postgres) CreatePasskey(ctx context.Context, k Passkey) error {
	tag, err := p.pool.Exec(ctx, `INSERT INTO passkeys (id, user_id, name, public_key, sign_count, credential, created_at, last_used_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
		k.ID, k.UserID, k.Name, k.PublicKey, int64(k.SignCount), k.Credential, nanos(k.CreatedAt), nanos(k.LastUsedAt))
	if err != nil {
		return fmt.Errorf("store: create passkey: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("store: create passkey: %w", ErrPasskeyTaken)
	}
	return nil
}

// Passkey implements Passkeys.
func (p *Postgres) Passkey(ctx context.Context, id []byte) (Passkey, User, error) {
	return scanPasskeyAndUser(p.pool.QueryRow(ctx, passkeyAndUser+`$1`, id), pgx.ErrNoRows)
}

// PasskeysOf implements Passkeys.
func (p *Postgres) PasskeysOf(ctx context.Context, userID string) ([]Passkey, error) {
	rows, err := p.pool.Query(ctx, `SELECT `+passkeyColumns+` FROM passkeys p
		WHERE p.user_id = $1 ORDER BY p.created_at, p.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: passkeys: %w", err)
	}
	return pgCollect(rows, "passkeys", scanOnePasskey)
}

// UsePasskey implements Passkeys.
func (p *Postgres) UsePasskey(ctx context.Context, id []byte, signCount uint32, credential []byte, at time.Time) error {
	tag, err := p.pool.Exec(ctx, `UPDATE passkeys SET sign_count = $1, credential = $2, last_used_at = $3
		WHERE id = $4 AND (sign_count < $1 OR ($1 = 0 AND sign_count = 0))`,
		int64(signCount), credential, nanos(at), id)
	return pgAffected(tag.RowsAffected(), err, "use passkey", ErrNoPasskey)
}

// DeletePasskey implements Passkeys.
func (p *Postgres) DeletePasskey(ctx context.Context, userID string, id []byte) error {
	tag, err := p.pool.Exec(ctx, `DELETE FROM passkeys WHERE user_id = $1 AND id = $2`, userID, id)
	return pgAffected(tag.RowsAffected(), err, "delete passkey", ErrNoPasskey)
}

// pgTrimCeremonies is SQLite's trimCeremonies.
const pgTrimCeremonies = `DELETE FROM passkey_ceremonies WHERE id IN (
	SELECT id FROM passkey_ceremonies WHERE user_id = $1 AND id <> $2
	ORDER BY expires_at DESC, id DESC OFFSET $3 - 1)`

// ceremonyLocks is the first key of the advisory locks that serialise
// the begins of one account (of all the sign-ins, together), the second
// the hash of its ID. Two int4 keys never meet the migrations' one
// bigint key.
const ceremonyLocks = 0x706b6365 // "pkce"

// CreateCeremony implements Passkeys, in one transaction, dropping the
// expired ones as SQLite's does. The transaction first takes the
// account's lock: under READ COMMITTED, two begins at once would each
// trim what it saw without the other's ceremony, and leave keep + 1.
func (p *Postgres) CreateCeremony(ctx context.Context, c Ceremony, keep int) error {
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, int32(ceremonyLocks), c.UserID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM passkey_ceremonies WHERE expires_at <= $1`, nanos(time.Now())); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO passkey_ceremonies (id, user_id, data, expires_at) VALUES ($1, $2, $3, $4)`,
			c.ID, c.UserID, c.Data, nanos(c.ExpiresAt)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, pgTrimCeremonies, c.UserID, c.ID, max(keep, 1))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: create passkey ceremony: %w", err)
	}
	return nil
}

// TakeCeremony implements Passkeys.
func (p *Postgres) TakeCeremony(ctx context.Context, id string, now time.Time) (Ceremony, error) {
	var c Ceremony
	var expires int64
	err := p.pool.QueryRow(ctx, `DELETE FROM passkey_ceremonies WHERE id = $1 RETURNING id, user_id, data, expires_at`, id).
		Scan(&c.ID, &c.UserID, &c.Data, &expires)
	if errors.Is(err, pgx.ErrNoRows) {
		return Ceremony{}, fmt.Errorf("store: passkey ceremony: %w", ErrNoCeremony)
	}
	if err != nil {
		return Ceremony{}, fmt.Errorf("store: passkey ceremony: %w", err)
	}
	c.ExpiresAt = fromNanos(expires)
	if !c.ExpiresAt.After(now) {
		return Ceremony{}, fmt.Errorf("store: passkey ceremony: %w", ErrNoCeremony)
	}
	return c, nil
}

// pgAffected is affected for pgx: err, or none when no row was touched.
func pgAffected(n int64, err error, what string, none error) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n == 0 {
		return fmt.Errorf("store: %s: %w", what, none)
	}
	return nil
}
