package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/gambitchess/gambit/rating"
)

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
