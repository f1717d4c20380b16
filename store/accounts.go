package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Accounts is kept by both stores beside the games: the players who signed
// up, and their sessions. The store checks nothing about a name or a
// password (package server/account does); it keeps names unique regardless
// of case and never holds a session's id itself, only its SHA-256 (so a
// copy of the database signs no one in).
type Accounts interface {
	// CreateUser stores u (its ID and name set); ErrNameTaken when the
	// name, compared without case, the ID or the player secret is taken.
	CreateUser(ctx context.Context, u User) error
	// UserByName returns the user whose name is name without regard to
	// case; ErrNoUser for none.
	UserByName(ctx context.Context, name string) (User, error)
	// UserByID returns user id; ErrNoUser for none.
	UserByID(ctx context.Context, id string) (User, error)
	// SetPassword replaces user id's password hash; ErrNoUser for none.
	SetPassword(ctx context.Context, id, hash string) error
	// DeleteUser removes user id and all its sessions; its games stay.
	// ErrNoUser for none.
	DeleteUser(ctx context.Context, id string) error
	// UpgradeToBot makes user id a bot (its Title TitleBot), for good:
	// nothing makes a bot an account of a person again. Upgrading a bot
	// changes nothing and is no error, so a program that retries its
	// upgrade is not refused. ErrNoUser for none. Whether the account may
	// become a bot (lichess's rule: it has played no game) is the
	// caller's to check: the accounts do not see the games.
	UpgradeToBot(ctx context.Context, id string) error

	// CreateSession stores s.
	CreateSession(ctx context.Context, s Session) error
	// Session returns the session whose hash is hash and its user, if it
	// has not expired at now; ErrNoSession otherwise.
	Session(ctx context.Context, hash string, now time.Time) (Session, User, error)
	// Sessions returns user id's sessions that have not expired at now,
	// newest first.
	Sessions(ctx context.Context, userID string, now time.Time) ([]Session, error)
	// DeleteSession removes session hash of user userID; ErrNoSession when
	// the user has no such session (another user's is never touched).
	DeleteSession(ctx context.Context, userID, hash string) error
	// DeleteSessions removes every session of user userID but except's
	// ("" for all of them).
	DeleteSessions(ctx context.Context, userID, except string) error
}

// ErrNameTaken is returned by CreateUser for a name (or id) in use.
var ErrNameTaken = errors.New("store: username taken")

// ErrNoUser is returned for a user the store does not hold.
var ErrNoUser = errors.New("store: no such user")

// ErrNoSession is returned for a session the store does not hold, or that
// has expired.
var ErrNoSession = errors.New("store: no such session")

// User is an account.
type User struct {
	ID   string // random, never shown: links sessions and ratings
	Name string // as its owner spelt it; unique without regard to case
	// Password is the password's hash with its parameters (PHC string
	// form, see package server/account); "" for none. Never marshalled.
	Password string `json:"-"`
	// Player is the player secret every browser signed in to the account
	// shares (see server/player): the account's seats are its. Never
	// marshalled.
	Player    string `json:"-"`
	CreatedAt time.Time
	// Title is lichess's title of the account: "" for a person's,
	// TitleBot for a program's that plays through the Bot API.
	Title string
}

// TitleBot is the title of a bot account (lichess's "BOT").
const TitleBot = "BOT"

// userTitleSchema is migration 17 of both stores: each account's title
// (User.Title); the accounts already stored are people's ("").
const userTitleSchema = `ALTER TABLE users ADD COLUMN title TEXT NOT NULL DEFAULT ''`

// Session is a signed-in browser. Hash is the SHA-256 (hex) of the random
// id its cookie holds; the id itself is never stored.
type Session struct {
	Hash      string
	UserID    string
	Agent     string // the browser's User-Agent when it signed in, cut short: for its owner to tell sessions apart
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Both stores keep accounts.
var (
	_ Accounts = (*SQLite)(nil)
	_ Accounts = (*Postgres)(nil)
)

// accountsSchema is migration 5 of SQLite: the accounts and their sessions
// (Accounts). name_key is the name in lower case, unique; times are Unix
// nanoseconds.
const accountsSchema = `
CREATE TABLE users (
	id         TEXT PRIMARY KEY,
	name       TEXT NOT NULL,
	name_key   TEXT NOT NULL UNIQUE,
	password   TEXT NOT NULL,
	player     TEXT NOT NULL UNIQUE,
	created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE sessions (
	hash       TEXT PRIMARY KEY,
	user_id    TEXT NOT NULL REFERENCES users(id),
	agent      TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_user ON sessions(user_id, created_at DESC);
`

// pgAccountsSchema is migration 5 of PostgreSQL: SQLite's accountsSchema.
const pgAccountsSchema = `
CREATE TABLE users (
	id         TEXT PRIMARY KEY,
	name       TEXT NOT NULL,
	name_key   TEXT NOT NULL UNIQUE,
	password   TEXT NOT NULL,
	player     TEXT NOT NULL UNIQUE,
	created_at BIGINT NOT NULL
);
CREATE TABLE sessions (
	hash       TEXT PRIMARY KEY,
	user_id    TEXT NOT NULL REFERENCES users(id),
	agent      TEXT NOT NULL,
	created_at BIGINT NOT NULL,
	expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id, created_at DESC);`

// nameKey is a name as the stores compare it: in lower case (names are
// ASCII, see server/account).
func nameKey(name string) string { return strings.ToLower(name) }

// userColumns are a user's columns, in scanUser's order, and
// userColumnsOfU the same of the users table named u in a join.
const (
	userColumns    = `id, name, password, player, created_at, title`
	userColumnsOfU = `u.id, u.name, u.password, u.player, u.created_at, u.title`
)

// userFields are the fields a row of userColumns fills, with the creation
// time read into created (Unix nanoseconds).
func userFields(u *User, created *int64) []any {
	return []any{&u.ID, &u.Name, &u.Password, &u.Player, created, &u.Title}
}

// scanUser reads a row of userColumns; ErrNoUser for none.
func scanUser(row scanner) (User, error) {
	var u User
	var created int64
	err := row.Scan(userFields(&u, &created)...)
	if errors.Is(err, sql.ErrNoRows) {
		return u, ErrNoUser
	}
	u.CreatedAt = fromNanos(created)
	return u, err
}

// CreateUser implements Accounts.
func (s sqlStore) CreateUser(ctx context.Context, u User) error {
	n, err := s.q.exec(ctx, `INSERT INTO users (id, name, name_key, password, player, created_at, title)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`, u.ID, u.Name, nameKey(u.Name), u.Password, u.Player, nanos(u.CreatedAt), u.Title)
	if err != nil {
		return fmt.Errorf("store: create user: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("store: create user %q: %w", u.Name, ErrNameTaken)
	}
	return nil
}

// UserByName implements Accounts.
func (s sqlStore) UserByName(ctx context.Context, name string) (User, error) {
	u, err := scanUser(s.q.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE name_key = $1`, nameKey(name)))
	if err != nil {
		return u, fmt.Errorf("store: user %q: %w", name, err)
	}
	return u, nil
}

// UserByID implements Accounts.
func (s sqlStore) UserByID(ctx context.Context, id string) (User, error) {
	u, err := scanUser(s.q.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
	if err != nil {
		return u, fmt.Errorf("store: user: %w", err)
	}
	return u, nil
}

// SetPassword implements Accounts.
func (s sqlStore) SetPassword(ctx context.Context, id, hash string) error {
	n, err := s.q.exec(ctx, `UPDATE users SET password = $1 WHERE id = $2`, hash, id)
	return affected(n, err, "set password", ErrNoUser)
}

// UpgradeToBot implements Accounts. Both SQLite and PostgreSQL count a row
// the UPDATE matched as touched, its title BOT already or not, so a bot is
// no ErrNoUser.
func (s sqlStore) UpgradeToBot(ctx context.Context, id string) error {
	n, err := s.q.exec(ctx, `UPDATE users SET title = $1 WHERE id = $2`, TitleBot, id)
	return affected(n, err, "upgrade to bot", ErrNoUser)
}

// userRows are the rows of an account's that DeleteUser deletes before
// the account: what the query deletes is named in errors. Its rated games
// stay, without its name.
var userRows = []struct{ what, query string }{
	{"sessions", `DELETE FROM sessions WHERE user_id = $1`},
	{"challenges", `DELETE FROM challenges WHERE from_user = $1 OR to_user = $1`},
	{"passkeys", `DELETE FROM passkeys WHERE user_id = $1`},
	{"passkey ceremonies", `DELETE FROM passkey_ceremonies WHERE user_id = $1`},
	{"tokens", `DELETE FROM tokens WHERE user_id = $1`},
	{"ratings", `DELETE FROM ratings WHERE user_id = $1`},
}

// DeleteUser implements Accounts, in one transaction.
func (s sqlStore) DeleteUser(ctx context.Context, id string) error {
	err := s.q.inTx(ctx, func(tx querier) error {
		for _, r := range userRows {
			if _, err := tx.exec(ctx, r.query, id); err != nil {
				return fmt.Errorf("%s: %w", r.what, err)
			}
		}
		n, err := tx.exec(ctx, `DELETE FROM users WHERE id = $1`, id)
		if err == nil && n == 0 {
			err = ErrNoUser
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("store: delete user: %w", err)
	}
	return nil
}

// CreateSession implements Accounts.
func (s sqlStore) CreateSession(ctx context.Context, ss Session) error {
	if _, err := s.q.exec(ctx, `INSERT INTO sessions (hash, user_id, agent, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		ss.Hash, ss.UserID, ss.Agent, nanos(ss.CreatedAt), nanos(ss.ExpiresAt)); err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	return nil
}

// Session implements Accounts.
func (s sqlStore) Session(ctx context.Context, hash string, now time.Time) (Session, User, error) {
	var ss Session
	var u User
	var created, expires, ucreated int64
	err := s.q.queryRow(ctx, `SELECT s.hash, s.user_id, s.agent, s.created_at, s.expires_at, `+userColumnsOfU+`
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.hash = $1 AND s.expires_at > $2`, hash, nanos(now)).
		Scan(append([]any{&ss.Hash, &ss.UserID, &ss.Agent, &created, &expires}, userFields(&u, &ucreated)...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return ss, u, fmt.Errorf("store: session: %w", ErrNoSession)
	}
	if err != nil {
		return ss, u, fmt.Errorf("store: session: %w", err)
	}
	ss.CreatedAt, ss.ExpiresAt, u.CreatedAt = fromNanos(created), fromNanos(expires), fromNanos(ucreated)
	return ss, u, nil
}

// Sessions implements Accounts.
func (s sqlStore) Sessions(ctx context.Context, userID string, now time.Time) ([]Session, error) {
	return queryAll(ctx, s.q, "sessions", scanSession, `SELECT hash, user_id, agent, created_at, expires_at FROM sessions
		WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC`, userID, nanos(now))
}

// DeleteSession implements Accounts.
func (s sqlStore) DeleteSession(ctx context.Context, userID, hash string) error {
	n, err := s.q.exec(ctx, `DELETE FROM sessions WHERE user_id = $1 AND hash = $2`, userID, hash)
	return affected(n, err, "delete session", ErrNoSession)
}

// DeleteSessions implements Accounts.
func (s sqlStore) DeleteSessions(ctx context.Context, userID, except string) error {
	if _, err := s.q.exec(ctx, `DELETE FROM sessions WHERE user_id = $1 AND hash <> $2`, userID, except); err != nil {
		return fmt.Errorf("store: delete sessions: %w", err)
	}
	return nil
}
