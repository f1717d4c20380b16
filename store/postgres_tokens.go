package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

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
func (p *Postgres) CreateToken(ctx context.Context, t Token) error {
	if _, err := p.pool.Exec(ctx, `INSERT INTO tokens (hash, user_id, description, scopes, created_at) VALUES ($1, $2, $3, $4, $5)`,
		t.Hash, t.UserID, t.Description, t.Scopes, nanos(t.CreatedAt)); err != nil {
		return fmt.Errorf("store: create token: %w", err)
	}
	return nil
}

// Token implements Tokens.
func (p *Postgres) Token(ctx context.Context, hash string) (Token, User, error) {
	var t Token
	var u User
	var created, ucreated int64
	err := p.pool.QueryRow(ctx, `SELECT t.hash, t.user_id, t.description, t.scopes, t.created_at, `+userColumnsOfU+`
		FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = $1`, hash).
		Scan(append([]any{&t.Hash, &t.UserID, &t.Description, &t.Scopes, &created}, userFields(&u, &ucreated)...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return t, u, fmt.Errorf("store: token: %w", ErrNoToken)
	}
	if err != nil {
		return t, u, fmt.Errorf("store: token: %w", err)
	}
	t.CreatedAt, u.CreatedAt = fromNanos(created), fromNanos(ucreated)
	return t, u, nil
}

// TokensOf implements Tokens.
func (p *Postgres) TokensOf(ctx context.Context, userID string) ([]Token, error) {
	rows, err := p.pool.Query(ctx, `SELECT hash, user_id, description, scopes, created_at FROM tokens
		WHERE user_id = $1 ORDER BY created_at DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: tokens: %w", err)
	}
	return pgCollect(rows, "tokens", scanToken)
}

// DeleteToken implements Tokens.
func (p *Postgres) DeleteToken(ctx context.Context, userID, hash string) error {
	tag, err := p.pool.Exec(ctx, `DELETE FROM tokens WHERE user_id = $1 AND hash = $2`, userID, hash)
	return pgAffected(tag.RowsAffected(), err, "delete token", ErrNoToken)
}

// DeleteTokens implements Tokens.
func (p *Postgres) DeleteTokens(ctx context.Context, userID string) error {
	if _, err := p.pool.Exec(ctx, `DELETE FROM tokens WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("store: delete tokens: %w", err)
	}
	return nil
}
