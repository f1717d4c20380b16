package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/gambitchess/gambit/rating"
)

// CreateRated implements Ratings.
func (s *SQLite) CreateRated(ctx context.Context, r RatedGame) error {
	res, err := s.db.ExecContext(ctx, `INSERT INTO rated_games (game_id, perf, white_user, black_user) VALUES (?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, r.GameID, r.Perf, r.White, r.Black)
	if err != nil {
		return fmt.Errorf("store: rate game %s: %w", r.GameID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: rate game %s: %w", r.GameID, ErrExists)
	}
	return nil
}

// SeatRated implements Ratings.
func (s *SQLite) SeatRated(ctx context.Context, id string, white bool, user string) (bool, error) {
	q := `UPDATE rated_games SET white_user = ? WHERE game_id = ? AND white_user = '' AND black_user != ? AND state = 0`
	if !white {
		q = `UPDATE rated_games SET black_user = ? WHERE game_id = ? AND black_user = '' AND white_user != ? AND state = 0`
	}
	res, err := s.db.ExecContext(ctx, q, user, id, user)
	if err != nil {
		return false, fmt.Errorf("store: seat rated game %s: %w", id, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// UnseatRated implements Ratings.
func (s *SQLite) UnseatRated(ctx context.Context, id string, white bool, user string) (bool, error) {
	q := `UPDATE rated_games SET white_user = '' WHERE game_id = ? AND white_user = ? AND state = 0`
	if !white {
		q = `UPDATE rated_games SET black_user = '' WHERE game_id = ? AND black_user = ? AND state = 0`
	}
	res, err := s.db.ExecContext(ctx, q, id, user)
	if err != nil {
		return false, fmt.Errorf("store: unseat rated game %s: %w", id, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ratedColumns are what RatedGame reads, in scanRated's order.
const ratedColumns = `r.game_id, r.perf, r.white_user, r.black_user, r.state,
	r.white_before_r, r.white_before_d, r.white_before_v, r.white_after_r, r.white_after_d, r.white_after_v,
	r.black_before_r, r.black_before_d, r.black_before_v, r.black_after_r, r.black_after_d, r.black_after_v,
	r.ended_at, COALESCE(w.name, ''), COALESCE(b.name, '')`

// ratedFrom joins a rated game to its players' names.
const ratedFrom = ` FROM rated_games r LEFT JOIN users w ON w.id = r.white_user LEFT JOIN users b ON b.id = r.black_user`

// scanRated reads a row of ratedColumns.
func scanRated(row interface{ Scan(...any) error }) (RatedGame, error) {
	var g RatedGame
	var ended int64
	err := row.Scan(&g.GameID, &g.Perf, &g.White, &g.Black, &g.State,
		&g.WhiteBefore.Rating, &g.WhiteBefore.Deviation, &g.WhiteBefore.Volatility, &g.WhiteAfter.Rating, &g.WhiteAfter.Deviation, &g.WhiteAfter.Volatility,
		&g.BlackBefore.Rating, &g.BlackBefore.Deviation, &g.BlackBefore.Volatility, &g.BlackAfter.Rating, &g.BlackAfter.Deviation, &g.BlackAfter.Volatility,
		&ended, &g.WhiteName, &g.BlackName)
	g.EndedAt = fromNanos(ended)
	return g, err
}

// RatedGame implements Ratings.
func (s *SQLite) RatedGame(ctx context.Context, id string) (RatedGame, error) {
	g, err := scanRated(s.db.QueryRowContext(ctx, `SELECT `+ratedColumns+ratedFrom+` WHERE r.game_id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("store: rated game %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return g, fmt.Errorf("store: rated game %s: %w", id, err)
	}
	return g, nil
}

// UserRatings implements Ratings.
func (s *SQLite) UserRatings(ctx context.Context, user string) ([]Rating, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT perf, rating, rd, vol, games, wins, draws, losses, updated_at
		FROM ratings WHERE user_id = ? ORDER BY perf`, user)
	if err != nil {
		return nil, fmt.Errorf("store: ratings: %w", err)
	}
	defer rows.Close()
	return collect(rows, "ratings", scanRating)
}

// sqliteApplyRating rates game id, which sum finishes, inside the append's
// transaction: once (state 0 to 1), or void when a seat has no account or
// the game has no result (aborted).
func sqliteApplyRating(ctx context.Context, tx *sql.Tx, id string, sum Summary) error {
	var perf, white, black string
	err := tx.QueryRowContext(ctx, `SELECT perf, white_user, black_user FROM rated_games WHERE game_id = ? AND state = 0`, id).Scan(&perf, &white, &black)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // not rated, or rated already
	}
	if err != nil {
		return fmt.Errorf("rate: %w", err)
	}
	o, ok := outcomeOf(sum.Result)
	if !ok || white == "" || black == "" {
		_, err := tx.ExecContext(ctx, `UPDATE rated_games SET state = ?, ended_at = ? WHERE game_id = ?`, RatingVoid, nanos(sum.UpdatedAt), id)
		return err
	}
	w, err := sqliteRating(ctx, tx, white, perf)
	if err != nil {
		return err
	}
	b, err := sqliteRating(ctx, tx, black, perf)
	if err != nil {
		return err
	}
	w2, b2, ws, bs := rated(w, b, o)
	for _, u := range []struct {
		user string
		g    rating.Glicko
		wdl  [3]int
	}{{white, w2, ws}, {black, b2, bs}} {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (user_id, perf, rating, rd, vol, games, wins, draws, losses, updated_at)
			VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?) ON CONFLICT (user_id, perf) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
			vol = excluded.vol, games = games + 1, wins = wins + excluded.wins, draws = draws + excluded.draws,
			losses = losses + excluded.losses, updated_at = excluded.updated_at`,
			u.user, perf, u.g.Rating, u.g.Deviation, u.g.Volatility, u.wdl[0], u.wdl[1], u.wdl[2], nanos(sum.UpdatedAt)); err != nil {
			return fmt.Errorf("rate: %w", err)
		}
	}
	_, err = tx.ExecContext(ctx, `UPDATE rated_games SET state = ?, ended_at = ?,
		white_before_r = ?, white_before_d = ?, white_before_v = ?, white_after_r = ?, white_after_d = ?, white_after_v = ?,
		black_before_r = ?, black_before_d = ?, black_before_v = ?, black_after_r = ?, black_after_d = ?, black_after_v = ?
		WHERE game_id = ?`, RatingApplied, nanos(sum.UpdatedAt),
		w.Rating, w.Deviation, w.Volatility, w2.Rating, w2.Deviation, w2.Volatility,
		b.Rating, b.Deviation, b.Volatility, b2.Rating, b2.Deviation, b2.Volatility, id)
	return err
}

// sqliteRating is user's rating in perf, or a new player's.
func sqliteRating(ctx context.Context, tx *sql.Tx, user, perf string) (rating.Glicko, error) {
	var g rating.Glicko
	err := tx.QueryRowContext(ctx, `SELECT rating, rd, vol FROM ratings WHERE user_id = ? AND perf = ?`, user, perf).Scan(&g.Rating, &g.Deviation, &g.Volatility)
	if errors.Is(err, sql.ErrNoRows) {
		return rating.Default(), nil
	}
	if err != nil {
		return g, fmt.Errorf("rate: %w", err)
	}
	return g, nil
}
