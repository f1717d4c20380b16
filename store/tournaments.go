package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Tournaments is kept by both stores: the arenas (and later the Swiss
// events), their players and their pairings. A tournament belongs to the
// store, not to a process: whichever node holds its director's lease
// (DirectTournament) pairs it, and a pairing is written only under that
// lease, so two nodes never pair one arena at once; a game's result is
// written once (FinishPairing), by the node that ends the game, so no
// result counts twice. Points are never stored: they are computed from
// the pairings (package tournament).
type Tournaments interface {
	// CreateTournament stores t; ErrExists when its id is taken.
	CreateTournament(ctx context.Context, t Tournament) error
	// Tournament returns tournament id; ErrNoTournament for none.
	Tournament(ctx context.Context, id string) (Tournament, error)
	// ListTournaments returns the tournaments of kind in status, the
	// soonest start first (finished ones: the latest end first), at most
	// limit.
	ListTournaments(ctx context.Context, kind, status string, limit int) ([]Tournament, error)
	// MoveTournament changes tournament id's status from from to to; false
	// when it was not in from (another node moved it first).
	MoveTournament(ctx context.Context, id, from, to string) (bool, error)
	// DirectTournament takes or renews the director's lease of tournament
	// id for node until until, unless another node holds it after now;
	// it reports whether node holds it.
	DirectTournament(ctx context.Context, id, node string, now, until time.Time) (bool, error)
	// JoinTournament adds p, or brings back a player who left or paused
	// (their rating and join time kept). ErrNoTournament for none.
	JoinTournament(ctx context.Context, p TournamentPlayer) error
	// SetPlayerState sets user's state in tournament id (PlayerActive,
	// PlayerPaused, PlayerWithdrawn) at at; ErrNotJoined when they never
	// joined.
	SetPlayerState(ctx context.Context, id, user, state string, at time.Time) error
	// ActiveIn returns the ids of the tournaments not finished in which
	// account user is active (PlayerActive).
	ActiveIn(ctx context.Context, user string) ([]string, error)
	// TournamentPlayers returns tournament id's players, the first to join
	// first.
	TournamentPlayers(ctx context.Context, id string) ([]TournamentPlayer, error)
	// AddPairings stores new games of tournament id, made by its director
	// node at now: ErrConflict, and nothing stored, when node does not hold
	// the lease, or when a player of one of them has a game pending there.
	AddPairings(ctx context.Context, id, node string, now time.Time, ps []TournamentPairing) error
	// FinishPairing records how game gameID ended (Outcome, Plies, Ended
	// of end) if it is a pending tournament game, and returns the pairing
	// as it stands; ok false when it is no tournament's game or was
	// finished already (nothing changes: a result counts once).
	FinishPairing(ctx context.Context, gameID string, end TournamentPairing) (p TournamentPairing, ok bool, err error)
	// MarkReady marks the games gameIDs created (TournamentPairing.Ready).
	MarkReady(ctx context.Context, gameIDs []string) error
	// SetBerserk marks side (0 White, 1 Black) of game gameID berserk;
	// ErrNoTournament when it is no tournament's game.
	SetBerserk(ctx context.Context, gameID string, side int) error
	// Pairing returns the tournament pairing of game gameID;
	// ErrNoTournament when it is no tournament's game.
	Pairing(ctx context.Context, gameID string) (TournamentPairing, error)
	// TournamentPairings returns tournament id's games in the order they
	// started.
	TournamentPairings(ctx context.Context, id string) ([]TournamentPairing, error)
	// PlayingElsewhere returns the accounts with a game pending in a
	// tournament other than id, in no order: a player of two tournaments
	// (an arena and a Swiss event) is paired in one at a time.
	PlayingElsewhere(ctx context.Context, id string) ([]string, error)
}

// ErrNoTournament is returned for a tournament (or a tournament game) the
// store does not hold.
var ErrNoTournament = errors.New("store: no such tournament")

// ErrNotJoined is returned for a player who never joined the tournament.
var ErrNotJoined = errors.New("store: not in this tournament")

// A tournament's statuses.
const (
	TournamentCreated  = "created"  // waiting for its start
	TournamentStarted  = "started"  // being played
	TournamentFinished = "finished" // over
)

// A player's states in a tournament.
const (
	PlayerActive    = "active"    // paired when free
	PlayerPaused    = "paused"    // keeps their place, not paired
	PlayerWithdrawn = "withdrawn" // left (lichess keeps them in the standings)
)

// Tournament is one tournament: what the store reads (its status and
// times) and the rest as the server encodes it (Data).
type Tournament struct {
	ID        string
	Kind      string // "arena"
	Status    string
	StartsAt  time.Time
	EndsAt    time.Time
	CreatedBy string // account id
	CreatedAt time.Time
	Data      []byte
}

// TournamentPlayer is one account's entry in a tournament.
type TournamentPlayer struct {
	Tournament string
	User       string // account id
	Name       string
	Rating     int // when they joined
	JoinedAt   time.Time
	State      string
	Since      time.Time // when State began
}

// TournamentPairing is one game of a tournament. Outcome holds
// tournament.Outcome's values (0 pending).
type TournamentPairing struct {
	Tournament   string
	Game         string
	White, Black string // account ids
	Started      time.Time
	Outcome      int
	Plies        int
	Berserk      [2]bool
	Ended        time.Time
	// Round is a Swiss game's round, from 1 (AddRound); 0 in an arena.
	Round int
	// Ready says the game is created (MarkReady): a pairing is written
	// first, its game then; players are sent to a ready game only, and a
	// director finds the games a dead one did not create among those not
	// ready.
	Ready bool
}

// Both stores keep tournaments.
var (
	_ Tournaments = (*SQLite)(nil)
	_ Tournaments = (*Postgres)(nil)
)

// tournamentsSchema is migration 19 of both stores: the tournaments, their
// players and their games; times are Unix nanoseconds. BIGINT is SQLite's
// INTEGER; data is BYTEA in PostgreSQL (pgTournamentsSchema).
const tournamentsSchema = `
CREATE TABLE tournaments (
	id             TEXT PRIMARY KEY,
	kind           TEXT NOT NULL,
	status         TEXT NOT NULL,
	starts_at      BIGINT NOT NULL,
	ends_at        BIGINT NOT NULL,
	created_by     TEXT NOT NULL,
	created_at     BIGINT NOT NULL,
	data           BLOB NOT NULL,
	director       TEXT NOT NULL DEFAULT '',
	director_until BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX tournaments_status ON tournaments(status, kind, starts_at);
CREATE TABLE tournament_players (
	tournament_id TEXT NOT NULL,
	user_id       TEXT NOT NULL,
	name          TEXT NOT NULL,
	rating        BIGINT NOT NULL,
	joined_at     BIGINT NOT NULL,
	state         TEXT NOT NULL,
	since         BIGINT NOT NULL,
	PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_players_user ON tournament_players(user_id, state);
CREATE TABLE tournament_pairings (
	game_id       TEXT PRIMARY KEY,
	tournament_id TEXT NOT NULL,
	white         TEXT NOT NULL,
	black         TEXT NOT NULL,
	started_at    BIGINT NOT NULL,
	outcome       BIGINT NOT NULL,
	plies         BIGINT NOT NULL,
	berserk_white BIGINT NOT NULL,
	berserk_black BIGINT NOT NULL,
	ended_at      BIGINT NOT NULL,
	ready         BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX tournament_pairings_started ON tournament_pairings(tournament_id, started_at);
CREATE INDEX tournament_pairings_pending ON tournament_pairings(tournament_id, outcome);
`

// pgTournamentsSchema is PostgreSQL's migration 19: SQLite's, with BYTEA.
var pgTournamentsSchema = strings.ReplaceAll(tournamentsSchema, "BLOB", "BYTEA")

const tournamentCols = `id, kind, status, starts_at, ends_at, created_by, created_at, data`

func scanTournament(row scanner) (Tournament, error) {
	var t Tournament
	var starts, ends, created int64
	if err := row.Scan(&t.ID, &t.Kind, &t.Status, &starts, &ends, &t.CreatedBy, &created, &t.Data); err != nil {
		return t, err
	}
	t.StartsAt, t.EndsAt, t.CreatedAt = fromNanos(starts), fromNanos(ends), fromNanos(created)
	return t, nil
}

// CreateTournament implements Tournaments.
func (s sqlStore) CreateTournament(ctx context.Context, t Tournament) error {
	n, err := s.q.exec(ctx, `INSERT INTO tournaments (`+tournamentCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
		t.ID, t.Kind, t.Status, nanos(t.StartsAt), nanos(t.EndsAt), t.CreatedBy, nanos(t.CreatedAt), orEmpty(t.Data))
	if err != nil {
		return fmt.Errorf("store: create tournament: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("store: create tournament %s: %w", t.ID, ErrExists)
	}
	return nil
}

// Tournament implements Tournaments.
func (s sqlStore) Tournament(ctx context.Context, id string) (Tournament, error) {
	t, err := scanTournament(s.q.queryRow(ctx, `SELECT `+tournamentCols+` FROM tournaments WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNoTournament
	}
	if err != nil {
		return t, fmt.Errorf("store: tournament %s: %w", id, err)
	}
	return t, nil
}

// ListTournaments implements Tournaments.
func (s sqlStore) ListTournaments(ctx context.Context, kind, status string, limit int) ([]Tournament, error) {
	order := `starts_at, id`
	if status == TournamentFinished {
		order = `ends_at DESC, id`
	}
	return queryAll(ctx, s.q, "tournaments "+kind+" "+status, scanTournament,
		`SELECT `+tournamentCols+` FROM tournaments WHERE status = $1 AND kind = $2 ORDER BY `+order+` LIMIT $3`, status, kind, limit)
}

// MoveTournament implements Tournaments.
func (s sqlStore) MoveTournament(ctx context.Context, id, from, to string) (bool, error) {
	n, err := s.q.exec(ctx, `UPDATE tournaments SET status = $1 WHERE id = $2 AND status = $3`, to, id, from)
	if err != nil {
		return false, fmt.Errorf("store: tournament %s %s -> %s: %w", id, from, to, err)
	}
	return n == 1, nil
}

// DirectTournament implements Tournaments.
func (s sqlStore) DirectTournament(ctx context.Context, id, node string, now, until time.Time) (bool, error) {
	n, err := s.q.exec(ctx, `UPDATE tournaments SET director = $1, director_until = $2
		WHERE id = $3 AND (director = $1 OR director_until < $4)`, node, nanos(until), id, nanos(now))
	if err != nil {
		return false, fmt.Errorf("store: direct tournament %s: %w", id, err)
	}
	return n == 1, nil
}

// JoinTournament implements Tournaments.
func (s sqlStore) JoinTournament(ctx context.Context, p TournamentPlayer) error {
	err := s.q.inTx(ctx, func(tx querier) error {
		var one int
		if err := tx.queryRow(ctx, `SELECT 1 FROM tournaments WHERE id = $1`, p.Tournament).Scan(&one); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNoTournament
			}
			return err
		}
		_, err := tx.exec(ctx, `INSERT INTO tournament_players (tournament_id, user_id, name, rating, joined_at, state, since)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (tournament_id, user_id) DO UPDATE SET state = excluded.state, since = excluded.since, name = excluded.name`,
			p.Tournament, p.User, p.Name, p.Rating, nanos(p.JoinedAt), PlayerActive, nanos(p.JoinedAt))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: join tournament %s: %w", p.Tournament, err)
	}
	return nil
}

// SetPlayerState implements Tournaments.
func (s sqlStore) SetPlayerState(ctx context.Context, id, user, state string, at time.Time) error {
	n, err := s.q.exec(ctx, `UPDATE tournament_players SET state = $1, since = $2 WHERE tournament_id = $3 AND user_id = $4`,
		state, nanos(at), id, user)
	return affected(n, err, "tournament "+id+" player "+user, ErrNotJoined)
}

// ActiveIn implements Tournaments.
func (s sqlStore) ActiveIn(ctx context.Context, user string) ([]string, error) {
	return queryAll(ctx, s.q, "tournaments of "+user, func(row scanner) (string, error) {
		var id string
		err := row.Scan(&id)
		return id, err
	}, `SELECT p.tournament_id FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
		WHERE p.user_id = $1 AND p.state = $2 AND t.status <> $3 ORDER BY p.tournament_id`, user, PlayerActive, TournamentFinished)
}

func scanTournamentPlayer(row scanner) (TournamentPlayer, error) {
	var p TournamentPlayer
	var joined, since int64
	if err := row.Scan(&p.Tournament, &p.User, &p.Name, &p.Rating, &joined, &p.State, &since); err != nil {
		return p, err
	}
	p.JoinedAt, p.Since = fromNanos(joined), fromNanos(since)
	return p, nil
}

// TournamentPlayers implements Tournaments.
func (s sqlStore) TournamentPlayers(ctx context.Context, id string) ([]TournamentPlayer, error) {
	return queryAll(ctx, s.q, "tournament players "+id, scanTournamentPlayer,
		`SELECT tournament_id, user_id, name, rating, joined_at, state, since FROM tournament_players
		WHERE tournament_id = $1 ORDER BY joined_at, user_id`, id)
}

const pairingCols = `tournament_id, game_id, white, black, started_at, outcome, plies, berserk_white, berserk_black, ended_at, round, ready`

func scanPairing(row scanner) (TournamentPairing, error) {
	var p TournamentPairing
	var started, ended, bw, bb, ready int64
	if err := row.Scan(&p.Tournament, &p.Game, &p.White, &p.Black, &started, &p.Outcome, &p.Plies, &bw, &bb, &ended, &p.Round, &ready); err != nil {
		return p, err
	}
	p.Started, p.Ended, p.Berserk, p.Ready = fromNanos(started), fromNanos(ended), [2]bool{bw == 1, bb == 1}, ready == 1
	return p, nil
}

// AddPairings implements Tournaments: the lease is checked by an update of
// the tournament's row, which PostgreSQL locks until the transaction ends,
// so that one director's pairings and another's never interleave.
func (s sqlStore) AddPairings(ctx context.Context, id, node string, now time.Time, ps []TournamentPairing) error {
	err := s.q.inTx(ctx, func(tx querier) error {
		n, err := tx.exec(ctx, `UPDATE tournaments SET director = director WHERE id = $1 AND director = $2 AND director_until >= $3`, id, node, nanos(now))
		if err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("%w: %s does not direct it", ErrConflict, node)
		}
		for _, p := range ps {
			if err := insertPairing(ctx, tx, id, p); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: pair tournament %s: %w", id, err)
	}
	return nil
}

// insertPairing stores one new pending game of tournament id, unless one
// of its players has one pending.
func insertPairing(ctx context.Context, tx querier, id string, p TournamentPairing) error {
	var busy int
	if err := tx.queryRow(ctx, `SELECT count(*) FROM tournament_pairings WHERE tournament_id = $1 AND outcome = 0
		AND (white IN ($2, $3) OR black IN ($2, $3))`, id, p.White, p.Black).Scan(&busy); err != nil {
		return err
	}
	if busy > 0 || p.White == p.Black {
		return fmt.Errorf("%w: %s or %s is playing", ErrConflict, p.White, p.Black)
	}
	_, err := tx.exec(ctx, `INSERT INTO tournament_pairings (`+pairingCols+`) VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 0, 0, $6, 0)`,
		id, p.Game, p.White, p.Black, nanos(p.Started), p.Round)
	return err
}

// FinishPairing implements Tournaments.
func (s sqlStore) FinishPairing(ctx context.Context, gameID string, end TournamentPairing) (TournamentPairing, bool, error) {
	p, err := scanPairing(s.q.queryRow(ctx, `UPDATE tournament_pairings SET outcome = $1, plies = $2, ended_at = $3
		WHERE game_id = $4 AND outcome = 0 RETURNING `+pairingCols, end.Outcome, end.Plies, nanos(end.Ended), gameID))
	if errors.Is(err, sql.ErrNoRows) {
		return p, false, nil
	}
	if err != nil {
		return p, false, fmt.Errorf("store: finish tournament game %s: %w", gameID, err)
	}
	return p, true, nil
}

// MarkReady implements Tournaments.
// One transaction for them all: a director marks a look's games at once,
// and SQLite commits (and syncs) once.
func (s sqlStore) MarkReady(ctx context.Context, gameIDs []string) error {
	if len(gameIDs) == 0 {
		return nil
	}
	return s.q.inTx(ctx, func(tx querier) error {
		for _, id := range gameIDs {
			if _, err := tx.exec(ctx, `UPDATE tournament_pairings SET ready = 1 WHERE game_id = $1`, id); err != nil {
				return fmt.Errorf("store: tournament game %s ready: %w", id, err)
			}
		}
		return nil
	})
}

// SetBerserk implements Tournaments.
func (s sqlStore) SetBerserk(ctx context.Context, gameID string, side int) error {
	col := [2]string{"berserk_white", "berserk_black"}[side&1]
	n, err := s.q.exec(ctx, `UPDATE tournament_pairings SET `+col+` = 1 WHERE game_id = $1`, gameID)
	return affected(n, err, "berserk in "+gameID, ErrNoTournament)
}

// Pairing implements Tournaments.
func (s sqlStore) Pairing(ctx context.Context, gameID string) (TournamentPairing, error) {
	p, err := scanPairing(s.q.queryRow(ctx, `SELECT `+pairingCols+` FROM tournament_pairings WHERE game_id = $1`, gameID))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNoTournament
	}
	if err != nil {
		return p, fmt.Errorf("store: tournament game %s: %w", gameID, err)
	}
	return p, nil
}

// TournamentPairings implements Tournaments.
func (s sqlStore) TournamentPairings(ctx context.Context, id string) ([]TournamentPairing, error) {
	return queryAll(ctx, s.q, "tournament games "+id, scanPairing,
		`SELECT `+pairingCols+` FROM tournament_pairings WHERE tournament_id = $1 ORDER BY started_at, game_id`, id)
}

// openPairingsSchema is migration 21 of both stores: the games pending,
// of every tournament, by an index of them alone (PlayingElsewhere looks
// at no finished game, of which the table keeps every one ever played).
const openPairingsSchema = `
CREATE INDEX tournament_pairings_open ON tournament_pairings(tournament_id) WHERE outcome = 0;
`

// PlayingElsewhere implements Tournaments.
func (s sqlStore) PlayingElsewhere(ctx context.Context, id string) ([]string, error) {
	pairs, err := queryAll(ctx, s.q, "players pending outside "+id, func(row scanner) ([2]string, error) {
		var p [2]string
		err := row.Scan(&p[0], &p[1])
		return p, err
	}, `SELECT white, black FROM tournament_pairings WHERE outcome = 0 AND tournament_id <> $1`, id)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, 2*len(pairs))
	for _, p := range pairs {
		for _, u := range p {
			if u != "" { // a Swiss bye has no Black
				out = append(out, u)
			}
		}
	}
	return out, nil
}
