package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Challenges is kept by both stores: the open challenges of the API for
// programs (lichess's POST /api/challenge/{username}), so that every node
// of a cluster sees them. A challenge's id is its game's. The store keeps
// who made it and to whom (account ids) and the rest as the server
// encodes it; it removes a challenge once, to the one caller that takes
// it, so that two nodes never both accept or decline it.
type Challenges interface {
	// CreateChallenge stores c; ErrExists when its id is taken.
	CreateChallenge(ctx context.Context, c Challenge) error
	// Challenge returns challenge id; ErrNoChallenge for none.
	Challenge(ctx context.Context, id string) (Challenge, error)
	// TakeChallenge removes challenge id and returns it; ErrNoChallenge
	// for none, or one another caller took first.
	TakeChallenge(ctx context.Context, id string) (Challenge, error)
	// ChallengesOf returns the challenges made by or to account user,
	// created at since or later, oldest first.
	ChallengesOf(ctx context.Context, user string, since time.Time) ([]Challenge, error)
	// ExpireChallenges removes the challenges created before before.
	ExpireChallenges(ctx context.Context, before time.Time) error
}

// ErrNoChallenge is returned for a challenge the store does not hold.
var ErrNoChallenge = errors.New("store: no such challenge")

// Challenge is an open challenge: From challenged To (account ids); Data
// is the rest, as the server encodes it.
type Challenge struct {
	ID        string
	From, To  string
	Data      []byte
	CreatedAt time.Time
}

// Both stores keep challenges.
var (
	_ Challenges = (*SQLite)(nil)
	_ Challenges = (*Postgres)(nil)
)

// challengesSchema is migration 12 of SQLite: the open challenges; times
// are Unix nanoseconds.
const challengesSchema = `
CREATE TABLE challenges (
	id         TEXT PRIMARY KEY,
	from_user  TEXT NOT NULL,
	to_user    TEXT NOT NULL,
	data       BLOB NOT NULL,
	created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX challenges_from ON challenges(from_user, created_at);
CREATE INDEX challenges_to ON challenges(to_user, created_at);
CREATE INDEX challenges_created ON challenges(created_at);
`

// pgChallengesSchema is migration 12 of PostgreSQL: SQLite's
// challengesSchema.
const pgChallengesSchema = `
CREATE TABLE challenges (
	id         TEXT PRIMARY KEY,
	from_user  TEXT NOT NULL,
	to_user    TEXT NOT NULL,
	data       BYTEA NOT NULL,
	created_at BIGINT NOT NULL
);
CREATE INDEX challenges_from ON challenges(from_user, created_at);
CREATE INDEX challenges_to ON challenges(to_user, created_at);
CREATE INDEX challenges_created ON challenges(created_at);
`

// challengeCols are a challenge's columns, in Challenge's order.
const challengeCols = `id, from_user, to_user, data, created_at`

// CreateChallenge implements Challenges.
func (s sqlStore) CreateChallenge(ctx context.Context, c Challenge) error {
	n, err := s.q.exec(ctx, `INSERT INTO challenges (`+challengeCols+`) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
		c.ID, c.From, c.To, orEmpty(c.Data), nanos(c.CreatedAt))
	if err != nil {
		return fmt.Errorf("store: create challenge: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("store: create challenge %s: %w", c.ID, ErrExists)
	}
	return nil
}

// orEmpty is data, never nil (the column is NOT NULL).
func orEmpty(data []byte) []byte {
	if data == nil {
		return []byte{}
	}
	return data
}

// scanChallenge reads one row of challengeCols.
func scanChallenge(row scanner) (Challenge, error) {
	var c Challenge
	var created int64
	if err := row.Scan(&c.ID, &c.From, &c.To, &c.Data, &created); err != nil {
		return c, err
	}
	c.CreatedAt = fromNanos(created)
	return c, nil
}

// Challenge implements Challenges.
func (s sqlStore) Challenge(ctx context.Context, id string) (Challenge, error) {
	c, err := scanChallenge(s.q.queryRow(ctx, `SELECT `+challengeCols+` FROM challenges WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNoChallenge
	}
	if err != nil {
		return c, fmt.Errorf("store: challenge %s: %w", id, err)
	}
	return c, nil
}

// TakeChallenge implements Challenges: one DELETE ... RETURNING, so only
// one caller gets the row.
func (s sqlStore) TakeChallenge(ctx context.Context, id string) (Challenge, error) {
	c, err := scanChallenge(s.q.queryRow(ctx, `DELETE FROM challenges WHERE id = $1 RETURNING `+challengeCols, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNoChallenge
	}
	if err != nil {
		return c, fmt.Errorf("store: take challenge %s: %w", id, err)
	}
	return c, nil
}

// ChallengesOf implements Challenges.
func (s sqlStore) ChallengesOf(ctx context.Context, user string, since time.Time) ([]Challenge, error) {
	return queryAll(ctx, s.q, "challenges of "+user, scanChallenge, `SELECT `+challengeCols+` FROM challenges
		WHERE from_user = $1 AND created_at >= $2
		UNION ALL SELECT `+challengeCols+` FROM challenges WHERE to_user = $1 AND from_user <> $1 AND created_at >= $2
		ORDER BY created_at, id`, user, nanos(since))
}

// ExpireChallenges implements Challenges.
func (s sqlStore) ExpireChallenges(ctx context.Context, before time.Time) error {
	if _, err := s.q.exec(ctx, `DELETE FROM challenges WHERE created_at < $1`, nanos(before)); err != nil {
		return fmt.Errorf("store: expire challenges: %w", err)
	}
	return nil
}
