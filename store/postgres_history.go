package store

import (
	"context"
	"fmt"
	"strconv"
	"time"
)

// PlayerGames implements History (see SQLite's).
func (p *Postgres) PlayerGames(ctx context.Context, player string, q GamesQuery) ([]Summary, error) {
	ph := func(n int) string { return "$" + strconv.Itoa(n) }
	filter, args := gamesFilter(q, "g", []any{player}, ph)
	args = append(args, q.limit())
	query := `SELECT ` + pgSummaryCols + ` FROM game_players gp JOIN games g ON g.id = gp.game_id
		LEFT JOIN rated_games r ON r.game_id = g.id
		WHERE gp.player = $1` + filter + ` ORDER BY gp.created_at DESC, gp.game_id DESC LIMIT ` + ph(len(args))
	rows, err := p.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: player's games: %w", err)
	}
	return pgCollect(rows, "player's games", func(row scanner) (Summary, error) { return pgScanSummary(row) })
}

// RatingHistory implements History.
func (p *Postgres) RatingHistory(ctx context.Context, user, perf string) ([]RatingPoint, error) {
	rows, err := p.pool.Query(ctx, `SELECT game_id, ended_at, CASE WHEN white_user = $1 THEN white_after_r ELSE black_after_r END,
		CASE WHEN white_user = $1 THEN white_after_d ELSE black_after_d END FROM rated_games
		WHERE (white_user = $1 OR black_user = $1) AND perf = $2 AND state = 1 ORDER BY ended_at, game_id`, user, perf)
	if err != nil {
		return nil, fmt.Errorf("store: rating history: %w", err)
	}
	return pgCollect(rows, "rating history", scanRatingPoint)
}

// Leaderboard implements History.
func (p *Postgres) Leaderboard(ctx context.Context, perf string, since time.Time, limit int) ([]Leader, error) {
	rows, err := p.pool.Query(ctx, `SELECT u.name, u.title, r.rating, r.rd, r.games FROM ratings r JOIN users u ON u.id = r.user_id
		WHERE r.perf = $1 AND r.rd < $2 AND r.updated_at >= $3 ORDER BY r.rating DESC LIMIT $4`, perf, provisionalRD, nanos(since), limit)
	if err != nil {
		return nil, fmt.Errorf("store: leaderboard: %w", err)
	}
	return pgCollect(rows, "leaderboard", scanLeader)
}
