package store

import (
	"context"
	"errors"
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
