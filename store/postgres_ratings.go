package store

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/gambitchess/gambit/rating"
)

// pgApplyRating is sqliteApplyRating on PostgreSQL. Two nodes cannot both
// finish one game (Append's version check lets one through), and two games
// ending at once for one account serialise on its ratings row: both rows
// are made if missing, then locked in the order of their keys (so two such
// transactions never wait for each other in a cycle).
func pgApplyRating(ctx context.Context, tx pgx.Tx, id string, sum Summary) error {
	var perf, white, black string
	err := tx.QueryRow(ctx, `SELECT perf, white_user, black_user FROM rated_games WHERE game_id = $1 AND state = 0 FOR UPDATE`, id).Scan(&perf, &white, &black)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("rate: %w", err)
	}
	o, ok := outcomeOf(sum.Result)
	if !ok || white == "" || black == "" {
		_, err := tx.Exec(ctx, `UPDATE rated_games SET state = $1, ended_at = $2 WHERE game_id = $3`, RatingVoid, nanos(sum.UpdatedAt), id)
		return err
	}
	users := []string{white, black}
	slices.Sort(users)
	cur := map[string]rating.Glicko{}
	d := rating.Default()
	for _, u := range users {
		if _, err := tx.Exec(ctx, `INSERT INTO ratings (user_id, perf, rating, rd, vol, games, wins, draws, losses, updated_at)
			VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 0, 0) ON CONFLICT DO NOTHING`, u, perf, d.Rating, d.Deviation, d.Volatility); err != nil {
			return fmt.Errorf("rate: %w", err)
		}
		var g rating.Glicko
		if err := tx.QueryRow(ctx, `SELECT rating, rd, vol FROM ratings WHERE user_id = $1 AND perf = $2 FOR UPDATE`, u, perf).
			Scan(&g.Rating, &g.Deviation, &g.Volatility); err != nil {
			return fmt.Errorf("rate: %w", err)
		}
		cur[u] = g
	}
	w, b := cur[white], cur[black]
	w2, b2, ws, bs := rated(w, b, o)
	for _, u := range []struct {
		user string
		g    rating.Glicko
		wdl  [3]int
	}{{white, w2, ws}, {black, b2, bs}} {
		if _, err := tx.Exec(ctx, `UPDATE ratings SET rating = $1, rd = $2, vol = $3, games = games + 1, wins = wins + $4,
			draws = draws + $5, losses = losses + $6, updated_at = $7 WHERE user_id = $8 AND perf = $9`,
			u.g.Rating, u.g.Deviation, u.g.Volatility, u.wdl[0], u.wdl[1], u.wdl[2], nanos(sum.UpdatedAt), u.user, perf); err != nil {
			return fmt.Errorf("rate: %w", err)
		}
	}
	_, err = tx.Exec(ctx, `UPDATE rated_games SET state = $1, ended_at = $2,
		white_before_r = $3, white_before_d = $4, white_before_v = $5, white_after_r = $6, white_after_d = $7, white_after_v = $8,
		black_before_r = $9, black_before_d = $10, black_before_v = $11, black_after_r = $12, black_after_d = $13, black_after_v = $14
		WHERE game_id = $15`, RatingApplied, nanos(sum.UpdatedAt),
		w.Rating, w.Deviation, w.Volatility, w2.Rating, w2.Deviation, w2.Volatility,
		b.Rating, b.Deviation, b.Volatility, b2.Rating, b2.Deviation, b2.Volatility, id)
	return err
}
