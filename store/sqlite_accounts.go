package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
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

// nameKey is a name as the stores compare it: in lower case (names are
// ASCII, see server/account).
func nameKey(name string) string { return strings.ToLower(name) }

// CreateUser implements Accounts.
func (s *SQLite) CreateUser(ctx context.Context, u User) error {
	res, err := s.db.ExecContext(ctx, `INSERT INTO users (id, name, name_key, password, player, created_at, title)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, u.ID, u.Name, nameKey(u.Name), u.Password, u.Player, nanos(u.CreatedAt), u.Title)
	if err != nil {
		return fmt.Errorf("store: create user: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("store: create user %q: %w", u.Name, ErrNameTaken)
	}
	return nil
}

// sqliteUserColumns are a user's columns, in scanUser's order (both
// stores'), and userColumnsOfU the same of the users table named u in a
// join.
const (
	sqliteUserColumns = `id, name, password, player, created_at, title`
	userColumnsOfU    = `u.id, u.name, u.password, u.player, u.created_at, u.title`
)

// userFields are the fields a row of sqliteUserColumns fills, with the
// creation time read into created (Unix nanoseconds).
func userFields(u *User, created *int64) []any {
	return []any{&u.ID, &u.Name, &u.Password, &u.Player, created, &u.Title}
}

// scanUser reads a row of sqliteUserColumns.
func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	var created int64
	err := row.Scan(userFields(&u, &created)...)
	if errors.Is(err, sql.ErrNoRows) {
		return u, ErrNoUser
	}
	u.CreatedAt = fromNanos(created)
	return u, err
}

// UserByName implements Accounts.
func (s *SQLite) UserByName(ctx context.Context, name string) (User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+sqliteUserColumns+` FROM users WHERE name_key = ?`, nameKey(name)))
	if err != nil {
		return u, fmt.Errorf("store: user %q: %w", name, err)
	}
	return u, nil
}

// UserByID implements Accounts.
func (s *SQLite) UserByID(ctx context.Context, id string) (User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+sqliteUserColumns+` FROM users WHERE id = ?`, id))
	if err != nil {
		return u, fmt.Errorf("store: user: %w", err)
	}
	return u, nil
}

// SetPassword implements Accounts.
func (s *SQLite) SetPassword(ctx context.Context, id, hash string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE users SET password = ? WHERE id = ?`, hash, id)
	return sqlAffected(res, err, "set password", ErrNoUser)
}

// UpgradeToBot implements Accounts. SQLite counts a row the UPDATE matched
// as changed even when its title was BOT already, so a bot is no ErrNoUser.
func (s *SQLite) UpgradeToBot(ctx context.Context, id string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE users SET title = ? WHERE id = ?`, TitleBot, id)
	return sqlAffected(res, err, "upgrade to bot", ErrNoUser)
}

// DeleteUser implements Accounts.
func (s *SQLite) DeleteUser(ctx context.Context, id string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: delete user: %w", err)
	}
	defer tx.Rollback()
	if err := sqliteDeleteUserRows(ctx, tx, id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: delete user: %w", err)
	}
	return nil
}

// sqliteDeleteUserRows deletes what tx holds of user id: its sessions, passkeys,
// tokens and ratings (its rated games stay, without its name).
func sqliteDeleteUserRows(ctx context.Context, tx *sql.Tx, id string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, id); err != nil {
		return fmt.Errorf("store: delete user's sessions: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM challenges WHERE from_user = ? OR to_user = ?`, id, id); err != nil {
		return fmt.Errorf("store: delete user's challenges: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM passkeys WHERE user_id = ?`, id); err != nil {
		return fmt.Errorf("store: delete user's passkeys: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM passkey_ceremonies WHERE user_id = ?`, id); err != nil {
		return fmt.Errorf("store: delete user's passkey ceremonies: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM tokens WHERE user_id = ?`, id); err != nil {
		return fmt.Errorf("store: delete user's tokens: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM ratings WHERE user_id = ?`, id); err != nil {
		return fmt.Errorf("store: delete user's ratings: %w", err)
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM users WHERE id = ?`, id)
	return sqlAffected(res, err, "delete user", ErrNoUser)
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

// CreateSession implements Accounts.
func (s *SQLite) CreateSession(ctx context.Context, ss Session) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO sessions (hash, user_id, agent, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		ss.Hash, ss.UserID, ss.Agent, nanos(ss.CreatedAt), nanos(ss.ExpiresAt)); err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	return nil
}

// Session implements Accounts.
func (s *SQLite) Session(ctx context.Context, hash string, now time.Time) (Session, User, error) {
	var ss Session
	var created, expires int64
	row := s.db.QueryRowContext(ctx, `SELECT s.hash, s.user_id, s.agent, s.created_at, s.expires_at, `+userColumnsOfU+`
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.hash = ? AND s.expires_at > ?`, hash, nanos(now))
	var u User
	var ucreated int64
	err := row.Scan(append([]any{&ss.Hash, &ss.UserID, &ss.Agent, &created, &expires}, userFields(&u, &ucreated)...)...)
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
func (s *SQLite) Sessions(ctx context.Context, userID string, now time.Time) ([]Session, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT hash, user_id, agent, created_at, expires_at FROM sessions
		WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC`, userID, nanos(now))
	if err != nil {
		return nil, fmt.Errorf("store: sessions: %w", err)
	}
	defer rows.Close()
	return collect(rows, "sessions", scanSession)
}

// DeleteSession implements Accounts.
func (s *SQLite) DeleteSession(ctx context.Context, userID, hash string) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ? AND hash = ?`, userID, hash)
	return sqlAffected(res, err, "delete session", ErrNoSession)
}

// DeleteSessions implements Accounts.
func (s *SQLite) DeleteSessions(ctx context.Context, userID, except string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ? AND hash != ?`, userID, except); err != nil {
		return fmt.Errorf("store: delete sessions: %w", err)
	}
	return nil
}
