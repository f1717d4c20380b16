package store

import (
	"context"
	"time"

	"github.com/gambitchess/gambit/rating"
)

// History is kept by both stores: an account's games, newest first, a
// page at a time (keyset paging on game_players_created, so a page costs
// the same at the 100,000th game as at the first), its rating history and
// the leaderboards.
type History interface {
	// PlayerGames returns a page of the games player sits in, newest
	// created first, after q.After (the last of the previous page; zero
	// for the first page), filtered as q says.
	PlayerGames(ctx context.Context, player string, q GamesQuery) ([]Summary, error)
	// RatingHistory returns user's rating after each of its rated games in
	// perf, oldest first.
	RatingHistory(ctx context.Context, user, perf string) ([]RatingPoint, error)
	// Leaderboard returns up to limit accounts with the best ratings in
	// perf, among those not provisional who played since since.
	Leaderboard(ctx context.Context, perf string, since time.Time, limit int) ([]Leader, error)
}

// GamesQuery filters and pages PlayerGames.
type GamesQuery struct {
	Variant string // "" for every variant
	Rated   *bool  // only rated (true) or unrated (false) games; nil for both
	Result  string // "1-0", "0-1", "1/2-1/2" for finished games with it; "" for any
	// Decisive keeps the finished games one side won (1-0 or 0-1): a
	// player's wins or losses, whose side the caller tells apart.
	Decisive bool
	After    Cursor // the page after this game; zero for the first
	Limit    int    // 0 means DefaultListLimit, at most MaxListLimit
}

// Cursor is a position in PlayerGames's order: a game's creation and id.
type Cursor struct {
	CreatedAt time.Time
	ID        string
}

// RatingPoint is a rating after one rated game.
type RatingPoint struct {
	GameID string
	At     time.Time
	Rating float64
	RD     float64
}

// Leader is one line of a leaderboard: the account's name and title
// (User.Title), its rating and games.
type Leader struct {
	Name   string
	Title  string
	Rating float64
	RD     float64
	Games  int
}

// Both stores keep the history.
var (
	_ History = (*SQLite)(nil)
	_ History = (*Postgres)(nil)
)

// provisionalRD is rating.ProvisionalDeviation: a leaderboard lists
// established ratings only.
const provisionalRD = rating.ProvisionalDeviation

// limit is q.Limit as PlayerGames reads it.
func (q GamesQuery) limit() int { return ListQuery{Limit: q.Limit}.limit() }

// historySchema is migration 7 of both stores: each seat's game creation
// time beside it, so that a player's games page by (player, created_at,
// game_id) on an index. That index starts with the player, so it serves
// every look-up game_players_player served, which goes.
const historySchema = `
ALTER TABLE game_players ADD COLUMN created_at BIGINT NOT NULL DEFAULT 0;
UPDATE game_players SET created_at = (SELECT created_at FROM games WHERE games.id = game_players.game_id);
CREATE INDEX game_players_created ON game_players(player, created_at DESC, game_id DESC);
DROP INDEX game_players_player;
`

// gamesFilter is the SQL of q's filters over games (named g), game_players
// gp and rated_games r, and its arguments after args, ph writing the n-th
// placeholder.
func gamesFilter(q GamesQuery, g string, args []any, ph func(n int) string) (string, []any) {
	var sql string
	if q.Variant != "" {
		args = append(args, q.Variant)
		sql += ` AND ` + g + `.variant = ` + ph(len(args))
	}
	if q.Result != "" {
		args = append(args, q.Result)
		sql += ` AND ` + g + `.finished AND ` + g + `.result = ` + ph(len(args))
	}
	if q.Decisive {
		sql += ` AND ` + g + `.finished AND ` + g + `.result IN ('1-0', '0-1')`
	}
	if q.Rated != nil {
		if *q.Rated {
			sql += ` AND r.state = 1`
		} else {
			sql += ` AND (r.state IS NULL OR r.state <> 1)`
		}
	}
	if !q.After.CreatedAt.IsZero() || q.After.ID != "" {
		args = append(args, nanos(q.After.CreatedAt), q.After.ID)
		n := len(args)
		sql += ` AND (gp.created_at < ` + ph(n-1) + ` OR (gp.created_at = ` + ph(n-1) + ` AND gp.game_id < ` + ph(n) + `))`
	}
	return sql, args
}

// RatingHistory implements History.
func (s sqlStore) RatingHistory(ctx context.Context, user, perf string) ([]RatingPoint, error) {
	return queryAll(ctx, s.q, "rating history", scanRatingPoint, `SELECT game_id, ended_at,
		CASE WHEN white_user = $1 THEN white_after_r ELSE black_after_r END,
		CASE WHEN white_user = $1 THEN white_after_d ELSE black_after_d END FROM rated_games
		WHERE (white_user = $1 OR black_user = $1) AND perf = $2 AND state = 1 ORDER BY ended_at, game_id`, user, perf)
}

// Leaderboard implements History.
func (s sqlStore) Leaderboard(ctx context.Context, perf string, since time.Time, limit int) ([]Leader, error) {
	return queryAll(ctx, s.q, "leaderboard", scanLeader, `SELECT u.name, u.title, r.rating, r.rd, r.games
		FROM ratings r JOIN users u ON u.id = r.user_id
		WHERE r.perf = $1 AND r.rd < $2 AND r.updated_at >= $3 ORDER BY r.rating DESC LIMIT $4`, perf, provisionalRD, nanos(since), limit)
}
