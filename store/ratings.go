package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/gambitchess/gambit/rating"
)

// Ratings is kept by both stores beside the accounts: which games are
// rated, and each account's Glicko-2 rating per perf (a variant, and for
// chess a speed: "blitz"). A rated game is rated by the Append that
// finishes it, in the same transaction (so a crash can never leave a game
// ended without its rating change, nor apply one twice): each rated game
// is its own rating period (package rating).
type Ratings interface {
	// CreateRated marks game id rated in perf, with the accounts seated so
	// far ("" for a seat still open). A game is marked once; ErrExists
	// after.
	CreateRated(ctx context.Context, r RatedGame) error
	// SeatRated seats account user on side white (or black) of rated game
	// id, if that side is still open, the game not yet rated, and user is
	// not already the other side; it reports whether it did.
	SeatRated(ctx context.Context, id string, white bool, user string) (bool, error)
	// UnseatRated gives side white (or black) of rated game id back, open,
	// if user holds it and the game is not yet rated: a join that took the
	// side's rating record first and then could not take the seat. It
	// reports whether it did.
	UnseatRated(ctx context.Context, id string, white bool, user string) (bool, error)
	// RatedGame returns game id's rating record; ErrNotFound when the
	// game is not rated.
	RatedGame(ctx context.Context, id string) (RatedGame, error)
	// UserRatings returns user's ratings, one per perf played.
	UserRatings(ctx context.Context, user string) ([]Rating, error)
}

// The states of a rated game.
const (
	RatingPending = 0 // not over yet
	RatingApplied = 1 // over, the ratings changed
	RatingVoid    = 2 // over without a rating change: aborted, or a seat never taken by an account
)

// RatedGame is a rated game's record.
type RatedGame struct {
	GameID                  string
	Perf                    string
	White                   string // the accounts' ids ("" while the seat is open)
	Black                   string
	WhiteName               string // their names as read (RatedGame only; "" for a deleted account)
	BlackName               string
	State                   int
	WhiteBefore, WhiteAfter rating.Glicko
	BlackBefore, BlackAfter rating.Glicko
	EndedAt                 time.Time
}

// Rating is one account's rating in one perf, with its record.
type Rating struct {
	Perf string
	rating.Glicko
	Games, Wins, Draws, Losses int
	UpdatedAt                  time.Time
}

// Both stores keep ratings.
var (
	_ Ratings = (*SQLite)(nil)
	_ Ratings = (*Postgres)(nil)
)

// ratingsSchema is migration 6 of both stores (the types are spelt so
// that both read them: REAL is PostgreSQL's float4, hence DOUBLE
// PRECISION, which SQLite reads as REAL). rated_games_white and _black
// serve a player's history; ratings_perf the leaderboards.
const ratingsSchema = `
CREATE TABLE rated_games (
	game_id    TEXT PRIMARY KEY,
	perf       TEXT NOT NULL,
	white_user TEXT NOT NULL,
	black_user TEXT NOT NULL,
	state      INTEGER NOT NULL DEFAULT 0,
	white_before_r DOUBLE PRECISION NOT NULL DEFAULT 0, white_before_d DOUBLE PRECISION NOT NULL DEFAULT 0, white_before_v DOUBLE PRECISION NOT NULL DEFAULT 0,
	white_after_r  DOUBLE PRECISION NOT NULL DEFAULT 0, white_after_d  DOUBLE PRECISION NOT NULL DEFAULT 0, white_after_v  DOUBLE PRECISION NOT NULL DEFAULT 0,
	black_before_r DOUBLE PRECISION NOT NULL DEFAULT 0, black_before_d DOUBLE PRECISION NOT NULL DEFAULT 0, black_before_v DOUBLE PRECISION NOT NULL DEFAULT 0,
	black_after_r  DOUBLE PRECISION NOT NULL DEFAULT 0, black_after_d  DOUBLE PRECISION NOT NULL DEFAULT 0, black_after_v  DOUBLE PRECISION NOT NULL DEFAULT 0,
	ended_at   BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX rated_games_white ON rated_games(white_user, ended_at);
CREATE INDEX rated_games_black ON rated_games(black_user, ended_at);
CREATE TABLE ratings (
	user_id    TEXT NOT NULL,
	perf       TEXT NOT NULL,
	rating     DOUBLE PRECISION NOT NULL,
	rd         DOUBLE PRECISION NOT NULL,
	vol        DOUBLE PRECISION NOT NULL,
	games      INTEGER NOT NULL,
	wins       INTEGER NOT NULL,
	draws      INTEGER NOT NULL,
	losses     INTEGER NOT NULL,
	updated_at BIGINT NOT NULL,
	PRIMARY KEY (user_id, perf)
);
CREATE INDEX ratings_perf ON ratings(perf, rating DESC);
`

// outcomeOf reads a finished game's result; ok false for none ("*").
func outcomeOf(result string) (rating.Outcome, bool) {
	switch result {
	case "1-0":
		return rating.WhiteWins, true
	case "0-1":
		return rating.BlackWins, true
	case "1/2-1/2":
		return rating.Drawn, true
	}
	return 0, false
}

// rated is the change one finished game makes: the new ratings, and each
// side's win/draw/loss.
func rated(w, b rating.Glicko, o rating.Outcome) (w2, b2 rating.Glicko, ws, bs [3]int) {
	w2, b2 = rating.Game(w, b, o)
	switch o {
	case rating.WhiteWins:
		ws[0], bs[2] = 1, 1
	case rating.BlackWins:
		ws[2], bs[0] = 1, 1
	default:
		ws[1], bs[1] = 1, 1
	}
	return w2, b2, ws, bs
}

// CreateRated implements Ratings.
func (s sqlStore) CreateRated(ctx context.Context, r RatedGame) error {
	n, err := s.q.exec(ctx, `INSERT INTO rated_games (game_id, perf, white_user, black_user) VALUES ($1, $2, $3, $4)
		ON CONFLICT DO NOTHING`, r.GameID, r.Perf, r.White, r.Black)
	if err != nil {
		return fmt.Errorf("store: rate game %s: %w", r.GameID, err)
	}
	if n == 0 {
		return fmt.Errorf("store: rate game %s: %w", r.GameID, ErrExists)
	}
	return nil
}

// SeatRated implements Ratings.
func (s sqlStore) SeatRated(ctx context.Context, id string, white bool, user string) (bool, error) {
	q := `UPDATE rated_games SET white_user = $1 WHERE game_id = $2 AND white_user = '' AND black_user <> $1 AND state = 0`
	if !white {
		q = `UPDATE rated_games SET black_user = $1 WHERE game_id = $2 AND black_user = '' AND white_user <> $1 AND state = 0`
	}
	n, err := s.q.exec(ctx, q, user, id)
	if err != nil {
		return false, fmt.Errorf("store: seat rated game %s: %w", id, err)
	}
	return n == 1, nil
}

// UnseatRated implements Ratings.
func (s sqlStore) UnseatRated(ctx context.Context, id string, white bool, user string) (bool, error) {
	q := `UPDATE rated_games SET white_user = '' WHERE game_id = $1 AND white_user = $2 AND state = 0`
	if !white {
		q = `UPDATE rated_games SET black_user = '' WHERE game_id = $1 AND black_user = $2 AND state = 0`
	}
	n, err := s.q.exec(ctx, q, id, user)
	if err != nil {
		return false, fmt.Errorf("store: unseat rated game %s: %w", id, err)
	}
	return n == 1, nil
}

// ratedColumns are what RatedGame reads, in scanRated's order.
const ratedColumns = `r.game_id, r.perf, r.white_user, r.black_user, r.state,
	r.white_before_r, r.white_before_d, r.white_before_v, r.white_after_r, r.white_after_d, r.white_after_v,
	r.black_before_r, r.black_before_d, r.black_before_v, r.black_after_r, r.black_after_d, r.black_after_v,
	r.ended_at, COALESCE(w.name, ''), COALESCE(b.name, '')`

// ratedFrom joins a rated game to its players' names.
const ratedFrom = ` FROM rated_games r LEFT JOIN users w ON w.id = r.white_user LEFT JOIN users b ON b.id = r.black_user`

// scanRated reads a row of ratedColumns.
func scanRated(row scanner) (RatedGame, error) {
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
func (s sqlStore) RatedGame(ctx context.Context, id string) (RatedGame, error) {
	g, err := scanRated(s.q.queryRow(ctx, `SELECT `+ratedColumns+ratedFrom+` WHERE r.game_id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("store: rated game %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return g, fmt.Errorf("store: rated game %s: %w", id, err)
	}
	return g, nil
}

// UserRatings implements Ratings.
func (s sqlStore) UserRatings(ctx context.Context, user string) ([]Rating, error) {
	return queryAll(ctx, s.q, "ratings", scanRating, `SELECT perf, rating, rd, vol, games, wins, draws, losses, updated_at
		FROM ratings WHERE user_id = $1 ORDER BY perf`, user)
}

// applyRating rates game id, which sum finishes, inside the append's
// transaction tx: once (state 0 to 1), or void when a seat has no account
// or the game has no result (aborted). lock ends the queries whose rows it
// then writes: " FOR UPDATE" on PostgreSQL, where two nodes cannot both
// finish one game (Append's version check lets one through) and two games
// ending at once for one account serialise on its ratings row, both rows
// made if missing, then locked in the order of their keys, so that two
// such transactions never wait for each other in a cycle. SQLite's is "":
// its transaction holds the database's write lock.
func applyRating(ctx context.Context, tx querier, id string, sum Summary, lock string) error {
	var perf, white, black string
	err := tx.queryRow(ctx, `SELECT perf, white_user, black_user FROM rated_games WHERE game_id = $1 AND state = 0`+lock, id).
		Scan(&perf, &white, &black)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // not rated, or rated already
	}
	if err != nil {
		return fmt.Errorf("rate: %w", err)
	}
	o, ok := outcomeOf(sum.Result)
	if !ok || white == "" || black == "" {
		_, err := tx.exec(ctx, `UPDATE rated_games SET state = $1, ended_at = $2 WHERE game_id = $3`, RatingVoid, nanos(sum.UpdatedAt), id)
		return err
	}
	users := []string{white, black}
	slices.Sort(users)
	cur := map[string]rating.Glicko{}
	d := rating.Default()
	for _, u := range users {
		if _, err := tx.exec(ctx, `INSERT INTO ratings (user_id, perf, rating, rd, vol, games, wins, draws, losses, updated_at)
			VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 0, 0) ON CONFLICT DO NOTHING`, u, perf, d.Rating, d.Deviation, d.Volatility); err != nil {
			return fmt.Errorf("rate: %w", err)
		}
		var g rating.Glicko
		if err := tx.queryRow(ctx, `SELECT rating, rd, vol FROM ratings WHERE user_id = $1 AND perf = $2`+lock, u, perf).
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
		if _, err := tx.exec(ctx, `UPDATE ratings SET rating = $1, rd = $2, vol = $3, games = games + 1, wins = wins + $4,
			draws = draws + $5, losses = losses + $6, updated_at = $7 WHERE user_id = $8 AND perf = $9`,
			u.g.Rating, u.g.Deviation, u.g.Volatility, u.wdl[0], u.wdl[1], u.wdl[2], nanos(sum.UpdatedAt), u.user, perf); err != nil {
			return fmt.Errorf("rate: %w", err)
		}
	}
	_, err = tx.exec(ctx, `UPDATE rated_games SET state = $1, ended_at = $2,
		white_before_r = $3, white_before_d = $4, white_before_v = $5, white_after_r = $6, white_after_d = $7, white_after_v = $8,
		black_before_r = $9, black_before_d = $10, black_before_v = $11, black_after_r = $12, black_after_d = $13, black_after_v = $14
		WHERE game_id = $15`, RatingApplied, nanos(sum.UpdatedAt),
		w.Rating, w.Deviation, w.Volatility, w2.Rating, w2.Deviation, w2.Volatility,
		b.Rating, b.Deviation, b.Volatility, b2.Rating, b2.Deviation, b2.Volatility, id)
	return err
}
