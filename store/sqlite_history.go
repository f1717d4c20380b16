package store

import (
	"context"
	"fmt"
	"strconv"
	"time"
)

// PlayerGames implements History. game_players_created gives the order:
// the scan starts at the cursor and stops at the limit (the filters may
// make it read more rows than it returns).
func (s *SQLite) PlayerGames(ctx context.Context, player string, q GamesQuery) ([]Summary, error) {
	ph := func(n int) string { return "?" + strconv.Itoa(n) }
	filter, args := gamesFilter(q, "games", []any{player}, ph)
	args = append(args, q.limit())
	query := `SELECT ` + summaryCols + ` FROM game_players gp INDEXED BY game_players_created
		CROSS JOIN games ON games.id = gp.game_id LEFT JOIN rated_games r ON r.game_id = games.id
		WHERE gp.player = ?1` + filter + ` ORDER BY gp.created_at DESC, gp.game_id DESC LIMIT ` + ph(len(args))
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: player's games: %w", err)
	}
	defer rows.Close()
	sums, err := collect(rows, "player's games", scanOneSummary)
	s.batch.rows.layOver(sums)
	return sums, err
}

// RatingHistory implements History.
func (s *SQLite) RatingHistory(ctx context.Context, user, perf string) ([]RatingPoint, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT game_id, ended_at, CASE WHEN white_user = ?1 THEN white_after_r ELSE black_after_r END,
		CASE WHEN white_user = ?1 THEN white_after_d ELSE black_after_d END FROM rated_games
		WHERE (white_user = ?1 OR black_user = ?1) AND perf = ?2 AND state = 1 ORDER BY ended_at, game_id`, user, perf)
	if err != nil {
		return nil, fmt.Errorf("store: rating history: %w", err)
	}
	defer rows.Close()
	return collect(rows, "rating history", scanRatingPoint)
}

// Leaderboard implements History.
func (s *SQLite) Leaderboard(ctx context.Context, perf string, since time.Time, limit int) ([]Leader, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT u.name, u.title, r.rating, r.rd, r.games FROM ratings r JOIN users u ON u.id = r.user_id
		WHERE r.perf = ? AND r.rd < ? AND r.updated_at >= ? ORDER BY r.rating DESC LIMIT ?`, perf, provisionalRD, nanos(since), limit)
	if err != nil {
		return nil, fmt.Errorf("store: leaderboard: %w", err)
	}
	defer rows.Close()
	return collect(rows, "leaderboard", scanLeader)
}
