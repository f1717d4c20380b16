package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// passkeysSchema is migration 14 of SQLite: the passkeys and the
// ceremonies under way (Passkeys); times are Unix nanoseconds, 0 for none.
// IF NOT EXISTS: the passkeys' branch made them as migration 11 in its
// own databases, which meet them again here.
const passkeysSchema = `
CREATE TABLE IF NOT EXISTS passkeys (
	id           BLOB PRIMARY KEY,
	user_id      TEXT NOT NULL REFERENCES users(id),
	name         TEXT NOT NULL,
	public_key   BLOB NOT NULL,
	sign_count   INTEGER NOT NULL,
	credential   BLOB NOT NULL,
	created_at   INTEGER NOT NULL,
	last_used_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS passkeys_user ON passkeys(user_id, created_at);
CREATE TABLE IF NOT EXISTS passkey_ceremonies (
	id         TEXT PRIMARY KEY,
	user_id    TEXT NOT NULL,
	data       BLOB NOT NULL,
	expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS passkey_ceremonies_expires ON passkey_ceremonies(expires_at);
`

// CreatePasskey implements Passkeys.
func (s *SQLite) CreatePasskey(ctx context.Context, p Passkey) error {
	res, err := s.db.ExecContext(ctx, `INSERT INTO passkeys (id, user_id, name, public_key, sign_count, credential, created_at, last_used_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		p.ID, p.UserID, p.Name, p.PublicKey, int64(p.SignCount), p.Credential, nanos(p.CreatedAt), nanos(p.LastUsedAt))
	if err != nil {
		return fmt.Errorf("store: create passkey: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("store: create passkey: %w", ErrPasskeyTaken)
	}
	return nil
}

const passkeyColumns = `p.id, p.user_id, p.name, p.public_key, p.sign_count, p.credential, p.created_at, p.last_used_at`

// scanPasskey reads a row starting with passkeyColumns, then more.
func scanPasskey(row interface{ Scan(...any) error }, more ...any) (Passkey, error) {
	var p Passkey
	var count, created, used int64
	err := row.Scan(append([]any{&p.ID, &p.UserID, &p.Name, &p.PublicKey, &count, &p.Credential, &created, &used}, more...)...)
	p.SignCount, p.CreatedAt, p.LastUsedAt = uint32(count), fromNanos(created), fromNanos(used)
	return p, err
}

// scanOnePasskey reads a row of passkeyColumns alone.
func scanOnePasskey(row scanner) (Passkey, error) { return scanPasskey(row) }

// passkeyAndUser selects a passkey with its account, by the passkey's id
// (the placeholder follows, each store its own).
const passkeyAndUser = `SELECT ` + passkeyColumns + `, ` + userColumnsOfU + `
	FROM passkeys p JOIN users u ON u.id = p.user_id WHERE p.id = `

// scanPasskeyAndUser reads passkeyAndUser's row; noRows is the driver's
// error for none.
func scanPasskeyAndUser(row scanner, noRows error) (Passkey, User, error) {
	var u User
	var ucreated int64
	p, err := scanPasskey(row, userFields(&u, &ucreated)...)
	if errors.Is(err, noRows) {
		return p, u, fmt.Errorf("store: passkey: %w", ErrNoPasskey)
	}
	if err != nil {
		return p, u, fmt.Errorf("store: passkey: %w", err)
	}
	u.CreatedAt = fromNanos(ucreated)
	return p, u, nil
}

// Passkey implements Passkeys.
func (s *SQLite) Passkey(ctx context.Context, id []byte) (Passkey, User, error) {
	return scanPasskeyAndUser(s.db.QueryRowContext(ctx, passkeyAndUser+`?`, id), sql.ErrNoRows)
}

// PasskeysOf implements Passkeys.
func (s *SQLite) PasskeysOf(ctx context.Context, userID string) ([]Passkey, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+passkeyColumns+` FROM passkeys p
		WHERE p.user_id = ? ORDER BY p.created_at, p.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: passkeys: %w", err)
	}
	defer rows.Close()
	return collect(rows, "passkeys", scanOnePasskey)
}

// UsePasskey implements Passkeys.
func (s *SQLite) UsePasskey(ctx context.Context, id []byte, signCount uint32, credential []byte, at time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE passkeys SET sign_count = ?1, credential = ?2, last_used_at = ?3
		WHERE id = ?4 AND (sign_count < ?1 OR (?1 = 0 AND sign_count = 0))`,
		int64(signCount), credential, nanos(at), id)
	return sqlAffected(res, err, "use passkey", ErrNoPasskey)
}

// DeletePasskey implements Passkeys.
func (s *SQLite) DeletePasskey(ctx context.Context, userID string, id []byte) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM passkeys WHERE user_id = ? AND id = ?`, userID, id)
	return sqlAffected(res, err, "delete passkey", ErrNoPasskey)
}

// trimCeremonies deletes the ceremonies of user ?1, but ?2 (the one just
// begun), beyond the newest ?3 - 1, the soonest to expire first: with ?2,
// ?3 remain, found by passkey_ceremonies_user (migration 16); the table
// stays small anyway, as the expired rows go at each begin and the rest
// are capped (each account's few, and the sign-ins': see package account).
const trimCeremonies = `DELETE FROM passkey_ceremonies WHERE id IN (
	SELECT id FROM passkey_ceremonies WHERE user_id = ?1 AND id <> ?2
	ORDER BY expires_at DESC, id DESC LIMIT -1 OFFSET ?3 - 1)`

// CreateCeremony implements Passkeys, in one transaction: it also drops
// the ceremonies that expired before c's was made, so that abandoned ones
// do not pile up. The transaction takes the write lock at its begin
// (_txlock=immediate), so two begins of one account never trim at once.
func (s *SQLite) CreateCeremony(ctx context.Context, c Ceremony, keep int) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: create passkey ceremony: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM passkey_ceremonies WHERE expires_at <= ?`, nanos(time.Now())); err != nil {
		return fmt.Errorf("store: create passkey ceremony: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO passkey_ceremonies (id, user_id, data, expires_at) VALUES (?, ?, ?, ?)`,
		c.ID, c.UserID, c.Data, nanos(c.ExpiresAt)); err != nil {
		return fmt.Errorf("store: create passkey ceremony: %w", err)
	}
	if _, err := tx.ExecContext(ctx, trimCeremonies, c.UserID, c.ID, max(keep, 1)); err != nil {
		return fmt.Errorf("store: trim passkey ceremonies: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: create passkey ceremony: %w", err)
	}
	return nil
}

// TakeCeremony implements Passkeys.
func (s *SQLite) TakeCeremony(ctx context.Context, id string, now time.Time) (Ceremony, error) {
	var c Ceremony
	var expires int64
	err := s.db.QueryRowContext(ctx, `DELETE FROM passkey_ceremonies WHERE id = ? RETURNING id, user_id, data, expires_at`, id).
		Scan(&c.ID, &c.UserID, &c.Data, &expires)
	if errors.Is(err, sql.ErrNoRows) {
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

// sqlAffected turns an UPDATE or DELETE's result into what went wrong: its
// error, or none when no row was touched.
func sqlAffected(res sql.Result, err error, what string, none error) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n == 0 {
		return fmt.Errorf("store: %s: %w", what, none)
	}
	return nil
}
