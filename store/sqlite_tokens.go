package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
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

// CreateToken implements Tokens.
func (s *SQLite) CreateToken(ctx context.Context, t Token) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO tokens (hash, user_id, description, scopes, created_at) VALUES (?, ?, ?, ?, ?)`,
		t.Hash, t.UserID, t.Description, t.Scopes, nanos(t.CreatedAt)); err != nil {
		return fmt.Errorf("store: create token: %w", err)
	}
	return nil
}

// Token implements Tokens.
func (s *SQLite) Token(ctx context.Context, hash string) (Token, User, error) {
	var t Token
	var u User
	var created, ucreated int64
	err := s.db.QueryRowContext(ctx, `SELECT t.hash, t.user_id, t.description, t.scopes, t.created_at, `+userColumnsOfU+`
		FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = ?`, hash).
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
func (s *SQLite) TokensOf(ctx context.Context, userID string) ([]Token, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT hash, user_id, description, scopes, created_at FROM tokens
		WHERE user_id = ? ORDER BY created_at DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: tokens: %w", err)
	}
	defer rows.Close()
	return collect(rows, "tokens", scanToken)
}

// DeleteToken implements Tokens.
func (s *SQLite) DeleteToken(ctx context.Context, userID, hash string) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM tokens WHERE user_id = ? AND hash = ?`, userID, hash)
	return affected(res, err, "delete token", ErrNoToken)
}

// DeleteTokens implements Tokens.
func (s *SQLite) DeleteTokens(ctx context.Context, userID string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM tokens WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("store: delete tokens: %w", err)
	}
	return nil
}
