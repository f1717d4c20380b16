package store

import (
	"context"
	"errors"
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
