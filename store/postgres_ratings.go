package store

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/gambitchess/gambit/rating"
)

// CreateRated implements Ratings.
func (p *Postgres) CreateRated(ctx context.Context, r RatedGame) error {
	tag, err := p.pool.Exec(ctx, `INSERT INTO rated_games (game_id, perf, white_user, black_user) VALUES ($1, $2, $3, $4)
		ON CONFLICT DO NOTHING`, r.GameID, r.Perf, r.White, r.Black)
	if err != nil {
		return fmt.Errorf("store: rate game %s: %w", r.GameID, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("store: rate game %s: %w", r.GameID, ErrExists)
	}
	return nil
}

// SeatRated implements Ratings.
func (p *Postgres) SeatRated(ctx context.Context, id string, white bool, user string) (bool, error) {
	q := `UPDATE rated_games SET white_user = $1 WHERE game_id = $2 AND white_user = '' AND black_user <> $1 AND state = 0`
	if !white {
		q = `UPDATE rated_games SET black_user = $1 WHERE game_id = $2 AND black_user = '' AND white_user <> $1 AND state = 0`
	}
	tag, err := p.pool.Exec(ctx, q, user, id)
	if err != nil {
		return false, fmt.Errorf("store: seat rated game %s: %w", id, err)
	}
	return tag.RowsAffected() == 1, nil
}

// UnseatRated implements Ratings.
func (p *Postgres) UnseatRated(ctx context.Context, id string, white bool, user string) (bool, error) {
	q := `UPDATE rated_games SET white_user = '' WHERE game_id = $1 AND white_user = $2 AND state = 0`
	if !white {
		q = `UPDATE rated_games SET black_user = '' WHERE game_id = $1 AND black_user = $2 AND state = 0`
	}
	tag, err := p.pool.Exec(ctx, q, id, user)
	if err != nil {
		return false, fmt.Errorf("store: unseat rated game %s: %w", id, err)
	}
	return tag.RowsAffected() == 1, nil
}

// RatedGame implements Ratings.
func (p *Postgres) RatedGame(ctx context.Context, id string) (RatedGame, error) {
	g, err := scanRated(p.pool.QueryRow(ctx, `SELECT `+ratedColumns+ratedFrom+` WHERE r.game_id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return g, fmt.Errorf("store: rated game %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return g, fmt.Errorf("store: rated game %s: %w", id, err)
	}
	return g, nil
}

// UserRatings implements Ratings.
func (p *Postgres) UserRatings(ctx context.Context, user string) ([]Rating, error) {
	rows, err := p.pool.Query(ctx, `SELECT perf, rating, rd, vol, games, wins, draws, losses, updated_at
		FROM ratings WHERE user_id = $1 ORDER BY perf`, user)
	if err != nil {
		return nil, fmt.Errorf("store: ratings: %w", err)
	}
	return pgCollect(rows, "ratings", scanRating)
}

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
