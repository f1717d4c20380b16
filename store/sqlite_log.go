package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// summaryCols are the columns scanSummary reads, in its order; the players
// come as one JSON array, so that a listing is one query.
const summaryCols = `games.id, games.variant, games.mode, games.status, games.result, games.finished, games.public,
	games.white, games.black, games.version, games.created_at, games.updated_at,
	(SELECT json_group_array(p.player) FROM game_players p WHERE p.game_id = games.id),
	games.white_kind, games.black_kind, games.plies, games.termination, games.time_control, games.active,
	games.eco, games.opening, games.moved_at`

// Create implements Log. A creation joins the appends' group commit (it
// is written by the same writer, in the same transactions): a hundred
// games starting at once share one fsync, and the appends of the games
// already playing do not wait for the store's connection behind each
// creation's own transaction (BENCH.md, "The ramp").
func (s *SQLite) Create(ctx context.Context, sum Summary, header []byte, events []Event) error {
	if err := checkWrite(sum.ID, 0, events, sum); err != nil {
		return fmt.Errorf("store: create game %s: %w", sum.ID, err)
	}
	if header == nil {
		header = []byte{} // the column is NOT NULL
	}
	r := &appendReq{ctx: ctx, id: sum.ID, events: events, sum: sum, create: true, header: header}
	if err := s.batch.append(ctx, r); err != nil {
		return fmt.Errorf("store: create game %s: %w", sum.ID, err)
	}
	return nil
}

// createTx is one creation inside the write transaction x runs in. A game
// that exists already fails alone: its insert wrote nothing.
func createTx(ctx context.Context, x execer, r *appendReq) error {
	sum := r.sum
	n, err := x.exec(ctx, sqlCreateGame, sum.ID, sum.Variant, sum.Mode, sum.Status, sum.Result, sum.Finished, sum.Public,
		sum.White, sum.Black, sum.Version, nanos(sum.CreatedAt), nanos(sum.UpdatedAt), r.header,
		sum.WhiteKind, sum.BlackKind, int64(sum.Plies), sum.Termination, sum.TimeControl, sum.Active, sum.ECO, sum.Opening)
	if err != nil {
		return err
	}
	if n == 0 {
		return untouched{ErrExists}
	}
	if err := insertEvents(ctx, x, r.id, r.events); err != nil {
		return err
	}
	r.known, r.learned = rowKnown{row: sum, listed: nanos(sum.UpdatedAt), head: sum, seated: playerSet(sum.Players)}, true
	return setPlayers(ctx, x, r.id, r.known.seated)
}

// writeTx is r, a creation, an append or a MarkIdle, inside the write
// transaction x runs in.
func writeTx(ctx context.Context, x execer, r *appendReq, rows *rowCache) error {
	r.learned = false
	switch {
	case r.create:
		return createTx(ctx, x, r)
	case r.idle:
		return idleTx(ctx, x, r, rows)
	}
	return appendTx(ctx, x, r, rows)
}

// Append implements Log. The version check comes first: against what the
// writer knows of the game (sqlite_behind.go), or the row's version in the
// update (UPDATE ... WHERE version = expect), inside the transaction that
// inserts the events: no other write can come between them, in this
// process or another (transactions begin IMMEDIATE). Appends of many games
// arriving together share one transaction and its one fsync (see
// sqlite_batch.go); one that fails changes nothing and fails alone.
func (s *SQLite) Append(ctx context.Context, id string, expect int64, events []Event, sum Summary) error {
	if len(events) == 0 {
		return fmt.Errorf("store: append game %s: %w: no events", id, ErrInvalid)
	}
	if err := checkWrite(id, expect, events, sum); err != nil {
		return fmt.Errorf("store: append game %s: %w", id, err)
	}
	if err := s.batch.append(ctx, &appendReq{ctx: ctx, id: id, expect: expect, events: events, sum: sum}); err != nil {
		return fmt.Errorf("store: append game %s: %w", id, err)
	}
	return nil
}

// appendTx is one append inside the write transaction x runs in; rows is
// what the writer knows of the games' rows and seats. A finished game's
// append rates it in the same transaction, which needs database/sql's
// (x.tx).
func appendTx(ctx context.Context, x execer, r *appendReq, rows *rowCache) error {
	sum := r.sum
	k, known := rows.lookup(r.id)
	if known && r.expect != k.head.Version {
		return untouched{fmt.Errorf("expected version %d, stored %d: %w", r.expect, k.head.Version, ErrConflict)}
	}
	if known && canSkipRow(k, sum) {
		k.head = sum // the row stays behind
	} else {
		rowVersion := r.expect
		if known {
			rowVersion = k.row.Version
		}
		listed, err := writeRow(ctx, x, r.id, rowVersion, sum, k.listed)
		if err != nil {
			return err
		}
		k = rowKnown{row: sum, listed: listed, head: sum, seated: k.seated}
	}
	if err := insertEvents(ctx, x, r.id, r.events); err != nil {
		return err
	}
	if sum.Finished { // rated in the same transaction as the end (applyRating)
		if x.tx == nil {
			return errors.New("store: a finished game's append outside a database/sql transaction")
		}
		if err := applyRating(ctx, sqliteQuerier{c: x.tx}, r.id, sum, ""); err != nil {
			return err
		}
	}
	r.known, r.learned = k, true
	if known && sameSeats(k.seated, sum.Players) {
		return nil // the seats as they are
	}
	r.known.seated = playerSet(sum.Players)
	return setPlayers(ctx, x, r.id, r.known.seated)
}

// sameSeats reports whether players (in any order, with "" and repeats)
// is the set seated (playerSet's). It allocates nothing: it runs every
// move.
func sameSeats(seated, players []string) bool {
	n := 0 // players' distinct non-empty names, each of which must be seated
	for i, p := range players {
		if p == "" || slices.Contains(players[:i], p) {
			continue
		}
		if _, found := slices.BinarySearch(seated, p); !found {
			return false
		}
		n++
	}
	return n == len(seated)
}

// writeRow replaces game id's row, at version rowVersion, with sum, and
// returns the row's listing time (updated_at) after it: listed, the time
// before, when the update leaves it (0: not known).
func writeRow(ctx context.Context, x execer, id string, rowVersion int64, sum Summary, listed int64) (int64, error) {
	n, err := x.exec(ctx, sqlMoveGame,
		sum.Version, sum.Variant, sum.Mode, sum.Status, sum.Result, sum.White, sum.Black, nanos(sum.UpdatedAt),
		sum.WhiteKind, sum.BlackKind, int64(sum.Plies), sum.Termination, sum.TimeControl, sum.ECO, sum.Opening,
		id, rowVersion, sum.Finished, sum.Public, sum.Active, nanos(sum.UpdatedAt.Add(-listedEvery)))
	if err != nil || n > 0 {
		return listed, err
	}
	// An indexed column changes, or the listing's time is due, or a conflict.
	n, err = x.exec(ctx, sqlUpdateGame,
		sum.Version, sum.Variant, sum.Mode, sum.Status, sum.Result, sum.Finished, sum.Public, sum.White, sum.Black,
		nanos(sum.UpdatedAt), sum.WhiteKind, sum.BlackKind, int64(sum.Plies), sum.Termination, sum.TimeControl, sum.Active,
		sum.ECO, sum.Opening, id, rowVersion)
	if err != nil || n > 0 {
		return nanos(sum.UpdatedAt), err
	}
	have, found, err := x.version(ctx, id)
	switch {
	case err != nil:
		return 0, err
	case !found:
		return 0, untouched{ErrNotFound}
	}
	return 0, untouched{fmt.Errorf("expected version %d, stored %d: %w", rowVersion, have, ErrConflict)}
}

// insertEvents stores events of game id; checkWrite has numbered them.
func insertEvents(ctx context.Context, x execer, id string, events []Event) error {
	for _, e := range events {
		data := e.Data
		if data == nil {
			data = []byte{} // the column is NOT NULL
		}
		if _, err := x.exec(ctx, sqlInsertEvent, id, e.V, e.Type, data); err != nil {
			return fmt.Errorf("event %d: %w", e.V, err)
		}
	}
	return nil
}

// setPlayers makes the players seated in game id exactly players (a set:
// "" and repeats dropped). Rows that stay are not rewritten, so an Append
// that does not change the seats writes nothing here.
func setPlayers(ctx context.Context, x execer, id string, players []string) error {
	list, err := json.Marshal(playerSet(players))
	if err != nil {
		return err
	}
	if _, err := x.exec(ctx, sqlDeletePlayers, id, list); err != nil {
		return fmt.Errorf("players: %w", err)
	}
	if _, err := x.exec(ctx, sqlInsertPlayers, id, list); err != nil {
		return fmt.Errorf("players: %w", err)
	}
	return nil
}

// playerSet returns players sorted, without "" and repeats, never nil.
func playerSet(players []string) []string {
	set := make([]string, 0, len(players))
	for _, p := range players {
		if p != "" {
			set = append(set, p)
		}
	}
	slices.Sort(set)
	return slices.Compact(set)
}

// Load implements Log. It reads in one transaction, so the events match
// the summary's version even while another writer appends.
func (s *SQLite) Load(ctx context.Context, id string) (Stored, error) {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return Stored{}, fmt.Errorf("store: load game %s: %w", id, err)
	}
	defer tx.Rollback()
	var g Stored
	row := tx.QueryRowContext(ctx, `SELECT `+summaryCols+`, games.record FROM games WHERE games.id = ?`, id)
	g.Summary, err = scanSummary(row, &g.Header)
	if errors.Is(err, sql.ErrNoRows) {
		return Stored{}, fmt.Errorf("store: load game %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Stored{}, fmt.Errorf("store: load game %s: %w", id, err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT v, type, data FROM events WHERE game_id = ? ORDER BY v`, id)
	if err != nil {
		return Stored{}, fmt.Errorf("store: load game %s events: %w", id, err)
	}
	defer rows.Close()
	if g.Events, err = collect(rows, "load game "+id+" events", scanEvent); err != nil {
		return Stored{}, err
	}
	if n := len(g.Events); n > 0 && g.Events[n-1].V > g.Summary.Version { // the row is behind (sqlite_behind.go)
		head, ok := s.batch.rows.headBehind(id)
		if ok && head.Version == g.Events[n-1].V {
			g.Summary = laidOver(g.Summary, head)
		} else { // written by another process, or the last commit not yet noted
			g.Summary.Version = g.Events[n-1].V
		}
	}
	return g, nil
}

// scanEvent reads an event's v, type and data.
func scanEvent(row scanner) (Event, error) {
	var e Event
	err := row.Scan(&e.V, &e.Type, &e.Data)
	return e, err
}

// List implements Log.
func (s *SQLite) List(ctx context.Context, q ListQuery) ([]Summary, error) {
	query, args := listQuery(q)
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: list games: %w", err)
	}
	defer rows.Close()
	sums, err := collect(rows, "list games", scanOneSummary)
	s.batch.rows.layOver(sums)
	return sums, err
}

// listQuery is List's SQL. The public games and, for a player, the private
// games they sit in are two scans merged by one ORDER BY ... LIMIT (UNION
// ALL: the second part skips public games, so none comes twice). The public
// part walks games_public_updated (with a finished filter,
// games_public_finished_updated) newest first and stops at the limit. The
// player's part starts from game_players_player (CROSS JOIN keeps that
// order: left alone, the planner may walk every private game by date
// instead) and sorts that player's private games. Mine is the player's
// part alone, public games included.
func listQuery(q ListQuery) (string, []any) {
	finished, args := "", []any{}
	if q.Finished != nil {
		finished, args = " AND games.finished = ?", append(args, *q.Finished)
	}
	if q.Mine && q.Player != "" {
		query := `SELECT ` + summaryCols + ` FROM game_players gp CROSS JOIN games ON games.id = gp.game_id
			WHERE gp.player = ?` + finished + ` ORDER BY 12 DESC LIMIT ?`
		return query, append([]any{q.Player}, append(args, q.limit())...)
	}
	query := `SELECT ` + summaryCols + ` FROM games WHERE games.public = 1` + finished
	if q.Player != "" {
		query += ` UNION ALL SELECT ` + summaryCols + ` FROM game_players gp CROSS JOIN games ON games.id = gp.game_id
			WHERE gp.player = ? AND games.public = 0` + finished
		args = append(args, q.Player)
		if q.Finished != nil {
			args = append(args, *q.Finished)
		}
	}
	query += ` ORDER BY 12 DESC LIMIT ?` // 12: updated_at
	return query, append(args, q.limit())
}

// Active implements Log. It and Stale say active = 1 and finished = 0,
// not PostgreSQL's active and NOT finished: the words of the partial
// indexes games_active and games_stale, which SQLite's planner uses only
// for a query that repeats them.
func (s *SQLite) Active(ctx context.Context) ([]string, error) {
	return queryAll(ctx, s.q, "active games", scanString, `SELECT id FROM games WHERE active = 1`)
}

// Stale implements Log.
func (s *SQLite) Stale(ctx context.Context, before time.Time, limit int) ([]string, error) {
	return queryAll(ctx, s.q, "stale games", scanString, `SELECT id FROM games WHERE finished = 0 AND plies = 0 AND updated_at < $1
		ORDER BY updated_at LIMIT $2`, nanos(before), max(limit, 0))
}

// MarkIdle implements Log. It goes through the appends' writer, which
// knows the version of a game whose row is behind and writes the row up
// to date with the flag.
func (s *SQLite) MarkIdle(ctx context.Context, id string, version int64) error {
	if err := s.batch.append(ctx, &appendReq{ctx: ctx, id: id, expect: version, idle: true}); err != nil {
		return fmt.Errorf("store: mark game %s idle: %w", id, err)
	}
	return nil
}

// scanSummary reads summaryCols, then the extra destinations.
func scanSummary(row scanner, extra ...any) (Summary, error) {
	var (
		sum                     Summary
		created, updated, moved int64
		players                 string
	)
	dest := append([]any{&sum.ID, &sum.Variant, &sum.Mode, &sum.Status, &sum.Result, &sum.Finished, &sum.Public,
		&sum.White, &sum.Black, &sum.Version, &created, &updated, &players,
		&sum.WhiteKind, &sum.BlackKind, &sum.Plies, &sum.Termination, &sum.TimeControl, &sum.Active,
		&sum.ECO, &sum.Opening, &moved}, extra...)
	if err := row.Scan(dest...); err != nil {
		return Summary{}, err
	}
	sum.CreatedAt, sum.UpdatedAt = fromNanos(created), fromNanos(max(updated, moved))
	if err := json.Unmarshal([]byte(players), &sum.Players); err != nil {
		return Summary{}, fmt.Errorf("game %s players: %w", sum.ID, err)
	}
	if len(sum.Players) == 0 {
		sum.Players = nil
	}
	slices.Sort(sum.Players)
	return sum, nil
}

// fromNanos is the inverse of nanos, in UTC.
func fromNanos(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}

var _ Log = (*SQLite)(nil)

// untouched is the error of an append or a creation that left the
// transaction as it was: the game's version check refused the append, or
// the game existed already, before anything was written.
type untouched struct{ error }

func (u untouched) Unwrap() error { return u.error }

// leftUntouched reports whether err, an append's, left its transaction as
// it was.
func leftUntouched(err error) bool {
	var u untouched
	return errors.As(err, &u)
}
