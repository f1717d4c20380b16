package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Anonymizer is kept by both stores: when an account goes, its games stay,
// without its name. The store holds a game's header and events as opaque
// bytes, so the caller says how to rewrite them (SeatScrub); the store
// finds the games, rewrites each in one transaction, and empties the
// summary's names of the seats the rewrite reports. A game keeps its
// version: nothing happened in it, only a name was forgotten.
type Anonymizer interface {
	// AnonymizePlayer rewrites every game player sits in with scrub. It
	// can be run again: a game already rewritten is rewritten to itself.
	AnonymizePlayer(ctx context.Context, player string, scrub SeatScrub) error
}

// SeatScrub is how a game's stored bytes forget a person.
type SeatScrub struct {
	// Header rewrites a header; it returns the new one and which seats
	// (by colour, white first) were the person's.
	Header func(header []byte) ([]byte, [2]bool, error)
	// EventType is the one kind of event that can name a seat's person
	// (Event.Type); Event rewrites the data of one such event.
	EventType string
	Event     func(data []byte) ([]byte, error)
}

// anonymizePage is how many of a player's games one query finds.
const anonymizePage = 100

// Both stores anonymize.
var (
	_ Anonymizer = (*SQLite)(nil)
	_ Anonymizer = (*Postgres)(nil)
)

// scrubbedEvent is an event whose data a SeatScrub changed.
type scrubbedEvent struct {
	v    int64
	data []byte
}

// scrubEvents returns the events of es that scrub changes, rewritten.
func scrubEvents(es []scrubbedEvent, scrub SeatScrub) ([]scrubbedEvent, error) {
	var out []scrubbedEvent
	for _, e := range es {
		data, err := scrub.Event(e.data)
		if err != nil {
			return nil, fmt.Errorf("event %d: %w", e.v, err)
		}
		if !bytes.Equal(data, e.data) {
			out = append(out, scrubbedEvent{e.v, data})
		}
	}
	return out, nil
}

// AnonymizePlayer implements Anonymizer.
func (s *SQLite) AnonymizePlayer(ctx context.Context, player string, scrub SeatScrub) error {
	after := ""
	for {
		var ids []string
		rows, err := s.db.QueryContext(ctx, `SELECT game_id FROM game_players WHERE player = ? AND game_id > ? ORDER BY game_id LIMIT ?`,
			player, after, anonymizePage)
		if err == nil {
			ids, err = scanStrings(rows)
		}
		if err != nil {
			return fmt.Errorf("store: anonymize a player's games: %w", err)
		}
		for _, id := range ids {
			if err := s.anonymizeGame(ctx, id, scrub); err != nil {
				return fmt.Errorf("store: anonymize game %s: %w", id, err)
			}
		}
		if len(ids) < anonymizePage {
			return nil
		}
		after = ids[len(ids)-1]
	}
}

// scanStrings reads rows of one text column, and closes them.
func scanStrings(rows *sql.Rows) ([]string, error) {
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// anonymizeGame rewrites game id with scrub, in one transaction.
func (s *SQLite) anonymizeGame(ctx context.Context, id string, scrub SeatScrub) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var header []byte
	if err := tx.QueryRowContext(ctx, `SELECT record FROM games WHERE id = ?`, id).Scan(&header); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil // a seat row without its game: nothing to rewrite
		}
		return err
	}
	header, seats, err := scrub.Header(header)
	if err != nil {
		return fmt.Errorf("header: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET record = ?, white = CASE WHEN ? THEN '' ELSE white END,
		black = CASE WHEN ? THEN '' ELSE black END WHERE id = ?`, header, seats[0], seats[1], id); err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT v, data FROM events WHERE game_id = ? AND type = ? ORDER BY v`, id, scrub.EventType)
	if err != nil {
		return err
	}
	var es []scrubbedEvent
	for rows.Next() {
		var e scrubbedEvent
		if err := rows.Scan(&e.v, &e.data); err != nil {
			rows.Close()
			return err
		}
		es = append(es, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	changed, err := scrubEvents(es, scrub)
	if err != nil {
		return err
	}
	for _, e := range changed {
		if _, err := tx.ExecContext(ctx, `UPDATE events SET data = ? WHERE game_id = ? AND v = ?`, e.data, id, e.v); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// AnonymizePlayer implements Anonymizer.
func (s *Postgres) AnonymizePlayer(ctx context.Context, player string, scrub SeatScrub) error {
	after := ""
	for {
		rows, err := s.pool.Query(ctx, `SELECT game_id FROM game_players WHERE player = $1 AND game_id > $2 ORDER BY game_id LIMIT $3`,
			player, after, anonymizePage)
		var ids []string
		if err == nil {
			ids, err = pgx.CollectRows(rows, pgx.RowTo[string])
		}
		if err != nil {
			return fmt.Errorf("store: anonymize a player's games: %w", err)
		}
		for _, id := range ids {
			err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return pgAnonymizeGame(ctx, tx, id, scrub) })
			if err != nil {
				return fmt.Errorf("store: anonymize game %s: %w", id, err)
			}
		}
		if len(ids) < anonymizePage {
			return nil
		}
		after = ids[len(ids)-1]
	}
}

// pgAnonymizeGame rewrites game id with scrub, in tx. The game's row is
// locked first, so that no write of it comes between the read and the
// rewrite.
func pgAnonymizeGame(ctx context.Context, tx pgx.Tx, id string, scrub SeatScrub) error {
	var header []byte
	if err := tx.QueryRow(ctx, `SELECT header FROM games WHERE id = $1 FOR UPDATE`, id).Scan(&header); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	}
	header, seats, err := scrub.Header(header)
	if err != nil {
		return fmt.Errorf("header: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE games SET header = $1, white = CASE WHEN $2 THEN '' ELSE white END,
		black = CASE WHEN $3 THEN '' ELSE black END WHERE id = $4`, header, seats[0], seats[1], id); err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `SELECT v, data FROM events WHERE game_id = $1 AND type = $2 ORDER BY v`, id, scrub.EventType)
	if err != nil {
		return err
	}
	es, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (scrubbedEvent, error) {
		var e scrubbedEvent
		return e, r.Scan(&e.v, &e.data)
	})
	if err != nil {
		return err
	}
	changed, err := scrubEvents(es, scrub)
	if err != nil {
		return err
	}
	for _, e := range changed {
		if _, err := tx.Exec(ctx, `UPDATE events SET data = $1 WHERE game_id = $2 AND v = $3`, e.data, id, e.v); err != nil {
			return err
		}
	}
	return nil
}
