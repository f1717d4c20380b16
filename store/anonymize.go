package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
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

// AnonymizePlayer implements Anonymizer. SQLite keeps a game's header in
// the column record (from before the log, when it held the whole record).
func (s *SQLite) AnonymizePlayer(ctx context.Context, player string, scrub SeatScrub) error {
	return s.anonymizePlayer(ctx, player, scrub, "record", "")
}

// AnonymizePlayer implements Anonymizer. The game's row is locked first
// (FOR UPDATE), so that no other node's write of it comes between the read
// and the rewrite.
func (s *Postgres) AnonymizePlayer(ctx context.Context, player string, scrub SeatScrub) error {
	return s.anonymizePlayer(ctx, player, scrub, "header", " FOR UPDATE")
}

// anonymizePlayer rewrites player's games with scrub, a page of them at a
// time, each in its own transaction. header names the column of a game's
// header, each store's; lock ends the query that reads it.
func (s sqlStore) anonymizePlayer(ctx context.Context, player string, scrub SeatScrub, header, lock string) error {
	after := ""
	for {
		ids, err := queryAll(ctx, s.q, "anonymize a player's games", scanString,
			`SELECT game_id FROM game_players WHERE player = $1 AND game_id > $2 ORDER BY game_id LIMIT $3`, player, after, anonymizePage)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := s.q.inTx(ctx, func(tx querier) error { return anonymizeGame(ctx, tx, id, scrub, header, lock) }); err != nil {
				return fmt.Errorf("store: anonymize game %s: %w", id, err)
			}
		}
		if len(ids) < anonymizePage {
			return nil
		}
		after = ids[len(ids)-1]
	}
}

// scanString reads a row of one text column.
func scanString(row scanner) (string, error) {
	var v string
	err := row.Scan(&v)
	return v, err
}

// anonymizeGame rewrites game id with scrub, in tx (see anonymizePlayer
// for header and lock).
func anonymizeGame(ctx context.Context, tx querier, id string, scrub SeatScrub, header, lock string) error {
	var data []byte
	if err := tx.queryRow(ctx, `SELECT `+header+` FROM games WHERE id = $1`+lock, id).Scan(&data); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil // a seat row without its game: nothing to rewrite
		}
		return err
	}
	data, seats, err := scrub.Header(data)
	if err != nil {
		return fmt.Errorf("header: %w", err)
	}
	if _, err := tx.exec(ctx, `UPDATE games SET `+header+` = $1, white = CASE WHEN $2 THEN '' ELSE white END,
		black = CASE WHEN $3 THEN '' ELSE black END WHERE id = $4`, data, seats[0], seats[1], id); err != nil {
		return err
	}
	es, err := queryAll(ctx, tx, "events", func(row scanner) (scrubbedEvent, error) {
		var e scrubbedEvent
		return e, row.Scan(&e.v, &e.data)
	}, `SELECT v, data FROM events WHERE game_id = $1 AND type = $2 ORDER BY v`, id, scrub.EventType)
	if err != nil {
		return err
	}
	changed, err := scrubEvents(es, scrub)
	if err != nil {
		return err
	}
	for _, e := range changed {
		if _, err := tx.exec(ctx, `UPDATE events SET data = $1 WHERE game_id = $2 AND v = $3`, e.data, id, e.v); err != nil {
			return err
		}
	}
	return nil
}
