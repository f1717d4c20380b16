package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

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

// CreateUser implements Accounts.
func (p *Postgres) CreateUser(ctx context.Context, u User) error {
	tag, err := p.pool.Exec(ctx, `INSERT INTO users (id, name, name_key, password, player, created_at, title)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`, u.ID, u.Name, nameKey(u.Name), u.Password, u.Player, nanos(u.CreatedAt), u.Title)
	if err != nil {
		return fmt.Errorf("store: create user: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("store: create user %q: %w", u.Name, ErrNameTaken)
	}
	return nil
}

// pgScanUser reads a row of sqliteUserColumns.
func pgScanUser(row pgx.Row) (User, error) {
	var u User
	var created int64
	err := row.Scan(userFields(&u, &created)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, ErrNoUser
	}
	u.CreatedAt = fromNanos(created)
	return u, err
}

// UserByName implements Accounts.
func (p *Postgres) UserByName(ctx context.Context, name string) (User, error) {
	u, err := pgScanUser(p.pool.QueryRow(ctx, `SELECT `+sqliteUserColumns+` FROM users WHERE name_key = $1`, nameKey(name)))
	if err != nil {
		return u, fmt.Errorf("store: user %q: %w", name, err)
	}
	return u, nil
}

// UserByID implements Accounts.
func (p *Postgres) UserByID(ctx context.Context, id string) (User, error) {
	u, err := pgScanUser(p.pool.QueryRow(ctx, `SELECT `+sqliteUserColumns+` FROM users WHERE id = $1`, id))
	if err != nil {
		return u, fmt.Errorf("store: user: %w", err)
	}
	return u, nil
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

// SetPassword implements Accounts.
func (p *Postgres) SetPassword(ctx context.Context, id, hash string) error {
	tag, err := p.pool.Exec(ctx, `UPDATE users SET password = $1 WHERE id = $2`, hash, id)
	return pgAffected(tag.RowsAffected(), err, "set password", ErrNoUser)
}

// UpgradeToBot implements Accounts. PostgreSQL counts a row the UPDATE
// matched, its title BOT already or not, so a bot is no ErrNoUser.
func (p *Postgres) UpgradeToBot(ctx context.Context, id string) error {
	tag, err := p.pool.Exec(ctx, `UPDATE users SET title = $1 WHERE id = $2`, TitleBot, id)
	return pgAffected(tag.RowsAffected(), err, "upgrade to bot", ErrNoUser)
}

// DeleteUser implements Accounts.
func (p *Postgres) DeleteUser(ctx context.Context, id string) error {
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error { return pgDeleteUserRows(ctx, tx, id) })
}

// pgDeleteUserRows deletes what tx holds of user id.
func pgDeleteUserRows(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1`, id); err != nil {
		return fmt.Errorf("store: delete user's sessions: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM challenges WHERE from_user = $1 OR to_user = $1`, id); err != nil {
		return fmt.Errorf("store: delete user's challenges: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM passkeys WHERE user_id = $1`, id); err != nil {
		return fmt.Errorf("store: delete user's passkeys: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM passkey_ceremonies WHERE user_id = $1`, id); err != nil {
		return fmt.Errorf("store: delete user's passkey ceremonies: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM tokens WHERE user_id = $1`, id); err != nil {
		return fmt.Errorf("store: delete user's tokens: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM ratings WHERE user_id = $1`, id); err != nil {
		return fmt.Errorf("store: delete user's ratings: %w", err)
	}
	tag, err := tx.Exec(ctx, `DELETE FROM users WHERE id = $1`, id)
	return pgAffected(tag.RowsAffected(), err, "delete user", ErrNoUser)
}

// CreateSession implements Accounts.
func (p *Postgres) CreateSession(ctx context.Context, ss Session) error {
	if _, err := p.pool.Exec(ctx, `INSERT INTO sessions (hash, user_id, agent, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		ss.Hash, ss.UserID, ss.Agent, nanos(ss.CreatedAt), nanos(ss.ExpiresAt)); err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	return nil
}

// Session implements Accounts.
func (p *Postgres) Session(ctx context.Context, hash string, now time.Time) (Session, User, error) {
	var ss Session
	var u User
	var created, expires, ucreated int64
	err := p.pool.QueryRow(ctx, `SELECT s.hash, s.user_id, s.agent, s.created_at, s.expires_at, `+userColumnsOfU+`
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.hash = $1 AND s.expires_at > $2`, hash, nanos(now)).
		Scan(append([]any{&ss.Hash, &ss.UserID, &ss.Agent, &created, &expires}, userFields(&u, &ucreated)...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return ss, u, fmt.Errorf("store: session: %w", ErrNoSession)
	}
	if err != nil {
		return ss, u, fmt.Errorf("store: session: %w", err)
	}
	ss.CreatedAt, ss.ExpiresAt, u.CreatedAt = fromNanos(created), fromNanos(expires), fromNanos(ucreated)
	return ss, u, nil
}

// Sessions implements Accounts.
func (p *Postgres) Sessions(ctx context.Context, userID string, now time.Time) ([]Session, error) {
	rows, err := p.pool.Query(ctx, `SELECT hash, user_id, agent, created_at, expires_at FROM sessions
		WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC`, userID, nanos(now))
	if err != nil {
		return nil, fmt.Errorf("store: sessions: %w", err)
	}
	return pgCollect(rows, "sessions", scanSession)
}

// DeleteSession implements Accounts.
func (p *Postgres) DeleteSession(ctx context.Context, userID, hash string) error {
	tag, err := p.pool.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1 AND hash = $2`, userID, hash)
	return pgAffected(tag.RowsAffected(), err, "delete session", ErrNoSession)
}

// DeleteSessions implements Accounts.
func (p *Postgres) DeleteSessions(ctx context.Context, userID, except string) error {
	if _, err := p.pool.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1 AND hash <> $2`, userID, except); err != nil {
		return fmt.Errorf("store: delete sessions: %w", err)
	}
	return nil
}
