package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Tokens is kept by both stores beside the accounts: the personal access
// tokens programs present (Authorization: Bearer, see server/account).
// Like a session, a token is kept by its SHA-256 only, so a copy of the
// database acts for no one.
type Tokens interface {
	// CreateToken stores t (its hash and user set).
	CreateToken(ctx context.Context, t Token) error
	// Token returns the token whose hash is hash and its user; ErrNoToken
	// for none.
	Token(ctx context.Context, hash string) (Token, User, error)
	// TokensOf returns user userID's tokens, newest first.
	TokensOf(ctx context.Context, userID string) ([]Token, error)
	// DeleteToken removes token hash of user userID; ErrNoToken when the
	// user has no such token (another user's is never touched).
	DeleteToken(ctx context.Context, userID, hash string) error
	// DeleteTokens removes every token of user userID (a password change,
	// signing out everywhere: whoever made a token with the old password
	// keeps nothing).
	DeleteTokens(ctx context.Context, userID string) error
}

// ErrNoToken is returned for a token the store does not hold.
var ErrNoToken = errors.New("store: no such token")

// Token is a personal access token. Hash is the SHA-256 (hex) of the
// token's text, which is never stored; Scopes are what it may do, in
// lichess's names (board:play, challenge:write, ...), space-separated.
type Token struct {
	Hash        string
	UserID      string
	Description string
	Scopes      string
	CreatedAt   time.Time
}

// Both stores keep tokens.
var (
	_ Tokens = (*SQLite)(nil)
	_ Tokens = (*Postgres)(nil)
)

// tokensSchema is migration 8 of SQLite: the personal access tokens
// (Tokens), kept by hash; times are Unix nanoseconds.
const tokensSchema = `
CREATE TABLE tokens (
	hash        TEXT PRIMARY KEY,
	user_id     TEXT NOT NULL REFERENCES users(id),
	description TEXT NOT NULL,
	scopes      TEXT NOT NULL,
	created_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX tokens_user ON tokens(user_id, created_at DESC);
`

// pgTokensSchema is migration 8 of PostgreSQL: SQLite's tokensSchema.
const pgTokensSchema = `
CREATE TABLE tokens (
	hash        TEXT PRIMARY KEY,
	user_id     TEXT NOT NULL REFERENCES users(id),
	description TEXT NOT NULL,
	scopes      TEXT NOT NULL,
	created_at  BIGINT NOT NULL
);
CREATE INDEX tokens_user ON tokens(user_id, created_at DESC);`

// CreateToken implements Tokens.
func (s sqlStore) CreateToken(ctx context.Context, t Token) error {
	if _, err := s.q.exec(ctx, `INSERT INTO tokens (hash, user_id, description, scopes, created_at) VALUES ($1, $2, $3, $4, $5)`,
		t.Hash, t.UserID, t.Description, t.Scopes, nanos(t.CreatedAt)); err != nil {
		return fmt.Errorf("store: create token: %w", err)
	}
	return nil
}

// Token implements Tokens.
func (s sqlStore) Token(ctx context.Context, hash string) (Token, User, error) {
	var t Token
	var u User
	var created, ucreated int64
	err := s.q.queryRow(ctx, `SELECT t.hash, t.user_id, t.description, t.scopes, t.created_at, `+userColumnsOfU+`
		FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = $1`, hash).
		Scan(append([]any{&t.Hash, &t.UserID, &t.Description, &t.Scopes, &created}, userFields(&u, &ucreated)...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return t, u, fmt.Errorf("store: token: %w", ErrNoToken)
	}
	if err != nil {
		return t, u, fmt.Errorf("store: token: %w", err)
	}
	t.CreatedAt, u.CreatedAt = fromNanos(created), fromNanos(ucreated)
	return t, u, nil
}

// TokensOf implements Tokens.
func (s sqlStore) TokensOf(ctx context.Context, userID string) ([]Token, error) {
	return queryAll(ctx, s.q, "tokens", scanToken, `SELECT hash, user_id, description, scopes, created_at FROM tokens
		WHERE user_id = $1 ORDER BY created_at DESC`, userID)
}

// DeleteToken implements Tokens.
func (s sqlStore) DeleteToken(ctx context.Context, userID, hash string) error {
	n, err := s.q.exec(ctx, `DELETE FROM tokens WHERE user_id = $1 AND hash = $2`, userID, hash)
	return affected(n, err, "delete token", ErrNoToken)
}

// DeleteTokens implements Tokens.
func (s sqlStore) DeleteTokens(ctx context.Context, userID string) error {
	if _, err := s.q.exec(ctx, `DELETE FROM tokens WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("store: delete tokens: %w", err)
	}
	return nil
}
