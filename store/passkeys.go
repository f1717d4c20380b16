package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Passkeys is kept by both stores beside the accounts: the WebAuthn
// credentials an account signs in with instead of its password, and the
// ceremonies under way (a registration or a sign-in between its begin and
// its finish), kept in the store so that the finish may reach another node
// than the begin.
type Passkeys interface {
	// CreatePasskey stores p (its ID and user set); ErrPasskeyTaken when
	// a passkey with its ID exists.
	CreatePasskey(ctx context.Context, p Passkey) error
	// Passkey returns the passkey whose credential ID is id and its user;
	// ErrNoPasskey for none.
	Passkey(ctx context.Context, id []byte) (Passkey, User, error)
	// PasskeysOf returns user userID's passkeys, oldest first.
	PasskeysOf(ctx context.Context, userID string) ([]Passkey, error)
	// UsePasskey records a sign-in with passkey id at at: its new
	// signature counter and credential data. The counter must rise (or
	// stay 0, for an authenticator that keeps none), checked in the same
	// statement, so of two sign-ins racing with one count only one is
	// recorded (WebAuthn's clone check); ErrNoPasskey for none, or for a
	// count that does not rise.
	UsePasskey(ctx context.Context, id []byte, signCount uint32, credential []byte, at time.Time) error
	// DeletePasskey removes passkey id of user userID; ErrNoPasskey when
	// the user has no such passkey (another user's is never touched).
	DeletePasskey(ctx context.Context, userID string, id []byte) error

	// CreateCeremony stores c, and drops the other ceremonies of its
	// user beyond the newest keep - 1 (the soonest to expire first), so
	// that keep remain, c among them; the sign-ins (UserID "") count as
	// one user. Both happen in one transaction, serialised with the
	// user's other begins, so no interleaving of begins leaves more than
	// keep (keep below 1 counts as 1). The expired ceremonies go too.
	CreateCeremony(ctx context.Context, c Ceremony, keep int) error
	// TakeCeremony removes ceremony id and returns it if it had not
	// expired at now; ErrNoCeremony otherwise. A ceremony is taken once.
	TakeCeremony(ctx context.Context, id string, now time.Time) (Ceremony, error)
}

// ErrPasskeyTaken is returned by CreatePasskey for a credential ID in use.
var ErrPasskeyTaken = errors.New("store: passkey already registered")

// ErrNoPasskey is returned for a passkey the store does not hold.
var ErrNoPasskey = errors.New("store: no such passkey")

// ErrNoCeremony is returned for a ceremony the store does not hold, or
// that has expired.
var ErrNoCeremony = errors.New("store: no such passkey ceremony")

// Passkey is a WebAuthn credential of an account. PublicKey and SignCount
// are also inside Credential (the WebAuthn library's own record, JSON,
// with the transports and flags it checks), kept apart for reading.
type Passkey struct {
	ID         []byte // the credential ID the authenticator chose
	UserID     string
	Name       string // its owner's name for it
	PublicKey  []byte // COSE key
	SignCount  uint32
	Credential []byte // the library's record, JSON
	CreatedAt  time.Time
	LastUsedAt time.Time // zero until first used to sign in
}

// Ceremony is a WebAuthn registration or sign-in under way: Data is the
// library's session data (JSON, with the challenge), UserID the account
// registering, "" for a sign-in.
type Ceremony struct {
	ID        string
	UserID    string
	Data      []byte
	ExpiresAt time.Time
}

// Both stores keep passkeys.
var (
	_ Passkeys = (*SQLite)(nil)
	_ Passkeys = (*Postgres)(nil)
)

// ceremoniesByUserSchema is migration 16 of both stores: each begin trims
// its account's ceremonies to the newest few, which without it read the
// whole table (17 ms at 13,750 rows in SQLite, fsync included).
const ceremoniesByUserSchema = `CREATE INDEX passkey_ceremonies_user ON passkey_ceremonies(user_id, expires_at)`

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
func (s sqlStore) CreatePasskey(ctx context.Context, p Passkey) error {
	n, err := s.q.exec(ctx, `INSERT INTO passkeys (id, user_id, name, public_key, sign_count, credential, created_at, last_used_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
		p.ID, p.UserID, p.Name, p.PublicKey, int64(p.SignCount), p.Credential, nanos(p.CreatedAt), nanos(p.LastUsedAt))
	if err != nil {
		return fmt.Errorf("store: create passkey: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("store: create passkey: %w", ErrPasskeyTaken)
	}
	return nil
}

const passkeyColumns = `p.id, p.user_id, p.name, p.public_key, p.sign_count, p.credential, p.created_at, p.last_used_at`

// scanPasskey reads a row starting with passkeyColumns, then more.
func scanPasskey(row scanner, more ...any) (Passkey, error) {
	var p Passkey
	var count, created, used int64
	err := row.Scan(append([]any{&p.ID, &p.UserID, &p.Name, &p.PublicKey, &count, &p.Credential, &created, &used}, more...)...)
	p.SignCount, p.CreatedAt, p.LastUsedAt = uint32(count), fromNanos(created), fromNanos(used)
	return p, err
}

// scanOnePasskey reads a row of passkeyColumns alone.
func scanOnePasskey(row scanner) (Passkey, error) { return scanPasskey(row) }

// Passkey implements Passkeys.
func (s sqlStore) Passkey(ctx context.Context, id []byte) (Passkey, User, error) {
	var u User
	var ucreated int64
	p, err := scanPasskey(s.q.queryRow(ctx, `SELECT `+passkeyColumns+`, `+userColumnsOfU+`
		FROM passkeys p JOIN users u ON u.id = p.user_id WHERE p.id = $1`, id), userFields(&u, &ucreated)...)
	if errors.Is(err, sql.ErrNoRows) {
		return p, u, fmt.Errorf("store: passkey: %w", ErrNoPasskey)
	}
	if err != nil {
		return p, u, fmt.Errorf("store: passkey: %w", err)
	}
	u.CreatedAt = fromNanos(ucreated)
	return p, u, nil
}

// PasskeysOf implements Passkeys.
func (s sqlStore) PasskeysOf(ctx context.Context, userID string) ([]Passkey, error) {
	return queryAll(ctx, s.q, "passkeys", scanOnePasskey, `SELECT `+passkeyColumns+` FROM passkeys p
		WHERE p.user_id = $1 ORDER BY p.created_at, p.id`, userID)
}

// UsePasskey implements Passkeys.
func (s sqlStore) UsePasskey(ctx context.Context, id []byte, signCount uint32, credential []byte, at time.Time) error {
	n, err := s.q.exec(ctx, `UPDATE passkeys SET sign_count = $1, credential = $2, last_used_at = $3
		WHERE id = $4 AND (sign_count < $1 OR ($1 = 0 AND sign_count = 0))`,
		int64(signCount), credential, nanos(at), id)
	return affected(n, err, "use passkey", ErrNoPasskey)
}

// DeletePasskey implements Passkeys.
func (s sqlStore) DeletePasskey(ctx context.Context, userID string, id []byte) error {
	n, err := s.q.exec(ctx, `DELETE FROM passkeys WHERE user_id = $1 AND id = $2`, userID, id)
	return affected(n, err, "delete passkey", ErrNoPasskey)
}

// trimCeremonies deletes the ceremonies of user $1, but $2 (the one just
// begun), beyond the newest $3 - 1, the soonest to expire first: with $2,
// $3 remain, found by passkey_ceremonies_user (migration 16); the table
// stays small anyway, as the expired rows go at each begin and the rest
// are capped (each account's few, and the sign-ins': see package account).
// SQLite takes an OFFSET only after a LIMIT (-1: none); PostgreSQL takes
// one alone (pgTrimCeremonies).
const trimCeremonies = `DELETE FROM passkey_ceremonies WHERE id IN (
	SELECT id FROM passkey_ceremonies WHERE user_id = $1 AND id <> $2
	ORDER BY expires_at DESC, id DESC LIMIT -1 OFFSET $3 - 1)`

// pgTrimCeremonies is trimCeremonies in PostgreSQL's words.
const pgTrimCeremonies = `DELETE FROM passkey_ceremonies WHERE id IN (
	SELECT id FROM passkey_ceremonies WHERE user_id = $1 AND id <> $2
	ORDER BY expires_at DESC, id DESC OFFSET $3 - 1)`

// createCeremony is CreateCeremony's work in its transaction tx, once the
// store has made the begins of c's account wait for each other, each store
// its own way: it drops the ceremonies that expired, so that abandoned ones
// do not pile up, stores c and trims the account's with trim (each
// dialect's trimCeremonies).
func createCeremony(ctx context.Context, tx querier, c Ceremony, keep int, trim string) error {
	if _, err := tx.exec(ctx, `DELETE FROM passkey_ceremonies WHERE expires_at <= $1`, nanos(time.Now())); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `INSERT INTO passkey_ceremonies (id, user_id, data, expires_at) VALUES ($1, $2, $3, $4)`,
		c.ID, c.UserID, c.Data, nanos(c.ExpiresAt)); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, trim, c.UserID, c.ID, max(keep, 1)); err != nil {
		return fmt.Errorf("trim: %w", err)
	}
	return nil
}

// CreateCeremony implements Passkeys, in one transaction, which takes the
// write lock at its begin (_txlock=immediate): two begins of one account
// never trim at once.
func (s *SQLite) CreateCeremony(ctx context.Context, c Ceremony, keep int) error {
	if err := s.q.inTx(ctx, func(tx querier) error { return createCeremony(ctx, tx, c, keep, trimCeremonies) }); err != nil {
		return fmt.Errorf("store: create passkey ceremony: %w", err)
	}
	return nil
}

// ceremonyLocks is the first key of the advisory locks that serialise
// the begins of one account (of all the sign-ins, together), the second
// the hash of its ID. Two int4 keys never meet the migrations' one
// bigint key.
const ceremonyLocks = 0x706b6365 // "pkce"

// CreateCeremony implements Passkeys, in one transaction, which first
// takes the account's lock: under READ COMMITTED, two begins at once would
// each trim what it saw without the other's ceremony, and leave keep + 1.
func (p *Postgres) CreateCeremony(ctx context.Context, c Ceremony, keep int) error {
	err := p.q.inTx(ctx, func(tx querier) error {
		if _, err := tx.exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, int32(ceremonyLocks), c.UserID); err != nil {
			return err
		}
		return createCeremony(ctx, tx, c, keep, pgTrimCeremonies)
	})
	if err != nil {
		return fmt.Errorf("store: create passkey ceremony: %w", err)
	}
	return nil
}

// TakeCeremony implements Passkeys.
func (s sqlStore) TakeCeremony(ctx context.Context, id string, now time.Time) (Ceremony, error) {
	var c Ceremony
	var expires int64
	err := s.q.queryRow(ctx, `DELETE FROM passkey_ceremonies WHERE id = $1 RETURNING id, user_id, data, expires_at`, id).
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
