package store

import (
	"context"
	"strconv"
)

// PlayerGames implements History (see SQLite's).
func (p *Postgres) PlayerGames(ctx context.Context, player string, q GamesQuery) ([]Summary, error) {
	ph := func(n int) string { return "$" + strconv.Itoa(n) }
	filter, args := gamesFilter(q, "g", []any{player}, ph)
	args = append(args, q.limit())
	query := `SELECT ` + pgSummaryCols + ` FROM game_players gp JOIN games g ON g.id = gp.game_id
		LEFT JOIN rated_games r ON r.game_id = g.id
		WHERE gp.player = $1` + filter + ` ORDER BY gp.created_at DESC, gp.game_id DESC LIMIT ` + ph(len(args))
	return queryAll(ctx, p.q, "player's games", func(row scanner) (Summary, error) { return pgScanSummary(row) }, query, args...)
}
