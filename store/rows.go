package store

import (
	"database/sql"
	"fmt"
)

// scanner is a row to scan: database/sql's *sql.Row and *sql.Rows, and
// pgx's rows, so that one scan function reads a row shape in both stores.
type scanner = interface{ Scan(dest ...any) error }

// collect reads every row of rows with scan, for SQLite's own queries
// (queryAll runs those both stores share); what names the rows in its
// errors ("store: what: ..."). The caller closes rows.
func collect[T any](rows *sql.Rows, what string, scan func(scanner) (T, error)) ([]T, error) {
	var out []T
	if err := eachRow(rows, appendRow(&out, scan)); err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	return out, nil
}

// appendRow is a row's function for eachRow or querier.query that
// appends what scan reads to out.
func appendRow[T any](out *[]T, scan func(scanner) (T, error)) func(scanner) error {
	return func(row scanner) error {
		v, err := scan(row)
		*out = append(*out, v)
		return err
	}
}

// scanToken reads hash, user_id, description, scopes, created_at.
func scanToken(row scanner) (Token, error) {
	var t Token
	var created int64
	err := row.Scan(&t.Hash, &t.UserID, &t.Description, &t.Scopes, &created)
	t.CreatedAt = fromNanos(created)
	return t, err
}

// scanRating reads perf, rating, rd, vol, games, wins, draws, losses, updated_at.
func scanRating(row scanner) (Rating, error) {
	var r Rating
	var at int64
	err := row.Scan(&r.Perf, &r.Rating, &r.Deviation, &r.Volatility, &r.Games, &r.Wins, &r.Draws, &r.Losses, &at)
	r.UpdatedAt = fromNanos(at)
	return r, err
}

// scanSession reads hash, user_id, agent, created_at, expires_at.
func scanSession(row scanner) (Session, error) {
	var s Session
	var created, expires int64
	err := row.Scan(&s.Hash, &s.UserID, &s.Agent, &created, &expires)
	s.CreatedAt, s.ExpiresAt = fromNanos(created), fromNanos(expires)
	return s, err
}

// scanOneSummary reads a row of a summary's columns alone (scanSummary).
func scanOneSummary(row scanner) (Summary, error) { return scanSummary(row) }

// scanRatingPoint reads game_id, ended_at, the rating and deviation after it.
func scanRatingPoint(row scanner) (RatingPoint, error) {
	var p RatingPoint
	var at int64
	err := row.Scan(&p.GameID, &at, &p.Rating, &p.RD)
	p.At = fromNanos(at)
	return p, err
}

// scanLeader reads name, rating, rd, games.
func scanLeader(row scanner) (Leader, error) {
	var l Leader
	err := row.Scan(&l.Name, &l.Title, &l.Rating, &l.RD, &l.Games)
	return l, err
}
