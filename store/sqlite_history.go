package store

import (
	"context"
	"fmt"
	"strconv"
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
