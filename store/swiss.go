package store

import (
	"context"
	"fmt"
	"time"
)

// Swiss is what a Swiss tournament needs of a store beyond Tournaments.
// A Swiss event is a Tournament of Kind "swiss"; its players are its
// TournamentPlayers; its games are TournamentPairings with their Round.
// A round is written whole, once, by the director holding the lease
// (AddRound), so no round is ever paired twice, even by two nodes.
//
// A pairing-allocated bye is a pairing too: White the player, Black "",
// Outcome 1 (White won: a bye scores a win, as in package
// tournament/swiss), Started and Ended the time of the round, and as its
// Game the id ByeGame makes, which names no game.
type Swiss interface {
	Tournaments
	// AddRound stores round round of Swiss tournament id, paired by its
	// director node at now: the games ps (their Round set to round) and
	// the byes of the players in byes. ErrConflict, and nothing stored,
	// when node does not hold the lease, when the round is not the one
	// after the last stored (it exists already, or one is missing), when
	// a game of the tournament is still pending, or when a player of ps
	// is paired twice.
	AddRound(ctx context.Context, id, node string, now time.Time, round int, ps []TournamentPairing, byes []string) error
	// SwissRound returns the pairings of round round of tournament id in
	// the order they were stored, its bye last (none for a round not
	// paired).
	SwissRound(ctx context.Context, id string, round int) ([]TournamentPairing, error)
}

// ByeOutcome is a bye's Outcome: White (the player) won.
const ByeOutcome = 1

// ByeGame is the Game of user's bye in round round of tournament id: it
// holds characters no game id does, so it never names a game.
func ByeGame(id string, round int, user string) string {
	return fmt.Sprintf("%s/bye/%d/%s", id, round, user)
}

// Both stores keep Swiss tournaments.
var (
	_ Swiss = (*SQLite)(nil)
	_ Swiss = (*Postgres)(nil)
)

// swissSchema is migration 20 of both stores: each tournament game's
// Swiss round (0 in an arena), and the pairings found by round.
const swissSchema = `
ALTER TABLE tournament_pairings ADD COLUMN round BIGINT NOT NULL DEFAULT 0;
CREATE INDEX tournament_pairings_round ON tournament_pairings(tournament_id, round);
`

// AddRound implements Swiss: as AddPairings, the lease is checked by an
// update of the tournament's row, which serializes two directors'
// rounds; the round's number and the games pending are then read in the
// same transaction.
func (s sqlStore) AddRound(ctx context.Context, id, node string, now time.Time, round int, ps []TournamentPairing, byes []string) error {
	err := s.q.inTx(ctx, func(tx querier) error {
		n, err := tx.exec(ctx, `UPDATE tournaments SET director = director WHERE id = $1 AND director = $2 AND director_until >= $3`, id, node, nanos(now))
		if err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("%w: %s does not direct it", ErrConflict, node)
		}
		if err := nextRound(ctx, tx, id, round); err != nil {
			return err
		}
		for _, p := range ps {
			p.Round = round
			if err := insertPairing(ctx, tx, id, p); err != nil {
				return err
			}
		}
		for _, user := range byes {
			if err := insertBye(ctx, tx, id, round, user, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: swiss %s round %d: %w", id, round, err)
	}
	return nil
}

// nextRound refuses round unless it follows the last round of tournament
// id stored and no game of it is pending.
func nextRound(ctx context.Context, tx querier, id string, round int) error {
	var last, pending int
	if err := tx.queryRow(ctx, `SELECT COALESCE(MAX(round), 0), COUNT(CASE WHEN outcome = 0 THEN 1 END)
		FROM tournament_pairings WHERE tournament_id = $1`, id).Scan(&last, &pending); err != nil {
		return err
	}
	switch {
	case round != last+1:
		return fmt.Errorf("%w: the last round stored is %d", ErrConflict, last)
	case pending > 0:
		return fmt.Errorf("%w: %d games of round %d are being played", ErrConflict, pending, last)
	}
	return nil
}

// insertBye stores user's bye in round round of tournament id.
func insertBye(ctx context.Context, tx querier, id string, round int, user string, now time.Time) error {
	var busy int
	if err := tx.queryRow(ctx, `SELECT count(*) FROM tournament_pairings WHERE tournament_id = $1 AND round = $2
		AND (white = $3 OR black = $3)`, id, round, user).Scan(&busy); err != nil {
		return err
	}
	if busy > 0 || user == "" {
		return fmt.Errorf("%w: %q is paired already", ErrConflict, user)
	}
	_, err := tx.exec(ctx, `INSERT INTO tournament_pairings (`+pairingCols+`) VALUES ($1, $2, $3, '', $4, $5, 0, 0, 0, $4, $6, 1)`,
		id, ByeGame(id, round, user), user, nanos(now), ByeOutcome, round)
	return err
}

// SwissRound implements Swiss.
func (s sqlStore) SwissRound(ctx context.Context, id string, round int) ([]TournamentPairing, error) {
	return queryAll(ctx, s.q, fmt.Sprintf("swiss %s round %d", id, round), scanPairing,
		`SELECT `+pairingCols+` FROM tournament_pairings WHERE tournament_id = $1 AND round = $2
		ORDER BY CASE WHEN black = '' THEN 1 ELSE 0 END, started_at, game_id`, id, round)
}
