package swiss

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/tourney"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament/swiss"
)

// The outcomes of a tournament game as the store keeps them (the arenas'
// values: package tournament's Outcome).
const (
	pending  = 0
	whiteWon = 1
	blackWon = 2
	drawn    = 3
	void     = 4 // aborted or never started
)

// Run directs the Swiss events until ctx ends.
func (s *Service) Run(ctx context.Context) {
	tourney.Direct(ctx, s.cfg.Tick, 100*time.Millisecond, s.wake, s.Direct, s.log, "swiss director")
}

// Direct looks once at every Swiss event not finished: it starts those
// whose time has come and, for those whose lease this node holds, pairs
// the next round when it is due.
func (s *Service) Direct(ctx context.Context) error {
	now := s.now()
	created, err := s.st.ListTournaments(ctx, Kind, store.TournamentCreated, 200)
	if err != nil {
		return fmt.Errorf("swiss: %w", err)
	}
	for _, t := range created {
		if t.Kind == Kind && !now.Before(t.StartsAt) {
			if _, err := s.st.MoveTournament(ctx, t.ID, store.TournamentCreated, store.TournamentStarted); err != nil {
				return fmt.Errorf("swiss %s: start: %w", t.ID, err)
			}
			s.live.Poke(t.ID)
		}
	}
	started, err := s.st.ListTournaments(ctx, Kind, store.TournamentStarted, 200)
	if err != nil {
		return fmt.Errorf("swiss: %w", err)
	}
	var errs []error
	for _, t := range started {
		if t.Kind != Kind {
			continue
		}
		held, err := s.st.DirectTournament(ctx, t.ID, s.cfg.Node, now, now.Add(s.cfg.Lease))
		if err != nil || !held {
			s.forget(t.ID)
			errs = append(errs, err)
			continue
		}
		if err := s.direct(ctx, t, now); err != nil {
			errs = append(errs, fmt.Errorf("swiss %s: %w", t.ID, err))
		}
	}
	return errors.Join(errs...)
}

// event is one Swiss event as the store holds it, read whole.
type event struct {
	t        store.Tournament
	set      Settings
	players  []store.TournamentPlayer
	pairings []store.TournamentPairing // every round's, byes included
}

// loadEvent reads tournament t's settings, players and games.
func (s *Service) loadEvent(ctx context.Context, t store.Tournament) (event, error) {
	e := event{t: t}
	var err error
	if e.set, err = decodeSettings(t.Data); err != nil {
		return e, fmt.Errorf("swiss %s: %w", t.ID, err)
	}
	if e.players, err = s.st.TournamentPlayers(ctx, t.ID); err != nil {
		return e, err
	}
	e.pairings, err = s.st.TournamentPairings(ctx, t.ID)
	return e, err
}

// round is the last round paired, 0 before the first.
func (e event) round() int {
	n := 0
	for _, p := range e.pairings {
		n = max(n, p.Round)
	}
	return n
}

// ongoing is how many games of e are being played.
func (e event) ongoing() int {
	n := 0
	for _, p := range e.pairings {
		if p.Outcome == pending {
			n++
		}
	}
	return n
}

// roundEnded is when round r's last game ended.
func (e event) roundEnded(r int) time.Time {
	var end time.Time
	for _, p := range e.pairings {
		if p.Round == r && p.Ended.After(end) {
			end = p.Ended
		}
	}
	return end
}

// nextRoundAt is when the next round is due: the start for the first;
// the interval after the last round's end; zero while a game is played
// or when every round is paired.
func (e event) nextRoundAt() time.Time {
	r := e.round()
	switch {
	case r == 0:
		return e.t.StartsAt
	case r >= e.set.Rounds || e.ongoing() > 0:
		return time.Time{}
	}
	return e.roundEnded(r).Add(e.set.IntervalDuration())
}

// direct runs the director over event t at now: it creates any game a
// dead director left uncreated, ends the event after its last round, and
// pairs the next round when it is due.
func (s *Service) direct(ctx context.Context, t store.Tournament, now time.Time) error {
	e, err := s.loadEvent(ctx, t)
	if err != nil {
		return err
	}
	if err := s.recoverGames(ctx, e); err != nil {
		return err
	}
	if e.ongoing() > 0 {
		return nil
	}
	if e.round() >= e.set.Rounds {
		return s.finish(ctx, t)
	}
	if now.Before(e.nextRoundAt()) {
		return nil
	}
	return s.pairRound(ctx, e, now)
}

// finish ends event t.
func (s *Service) finish(ctx context.Context, t store.Tournament) error {
	if _, err := s.st.MoveTournament(ctx, t.ID, store.TournamentStarted, store.TournamentFinished); err != nil {
		return fmt.Errorf("finish: %w", err)
	}
	s.forget(t.ID)
	s.live.Poke(t.ID)
	return nil
}

// pairRound pairs e's next round over its active players, stores it and
// starts its games; with fewer than two players, or no legal pairing
// left, the event is over.
func (s *Service) pairRound(ctx context.Context, e event, now time.Time) error {
	next := e.round() + 1
	round, err := swiss.Pair(activePlayers(e.players), history(e.pairings, e.round()), e.set.Rounds)
	if err != nil {
		s.log.Info("swiss event over early", "tournament", e.t.ID, "round", next, "err", err)
		return s.finish(ctx, e.t)
	}
	var games []store.TournamentPairing
	var byes []string
	for _, g := range round {
		if g.IsBye() {
			byes = append(byes, g.White)
			continue
		}
		games = append(games, store.TournamentPairing{Tournament: e.t.ID, Game: s.srv.NewID(), White: g.White, Black: g.Black, Started: now, Round: next})
	}
	if err := s.st.AddRound(ctx, e.t.ID, s.cfg.Node, now, next, games, byes); err != nil {
		return err
	}
	defer s.live.Poke(e.t.ID)
	if err := s.startGames(ctx, e.set, games); err != nil {
		s.forget(e.t.ID) // the next look creates the games that failed
		return err
	}
	return nil
}

// startGames creates the games of pairings ps and marks ready those
// created (or there already): players are sent to a game that is there.
func (s *Service) startGames(ctx context.Context, set Settings, ps []store.TournamentPairing) error {
	var ready []string
	var errs []error
	for _, p := range ps {
		if err := s.startGame(ctx, set, p); err != nil {
			errs = append(errs, err)
			continue
		}
		ready = append(ready, p.Game)
	}
	return errors.Join(append(errs, s.st.MarkReady(ctx, ready))...)
}

// recoverGames creates the games of e's pending pairings that are not
// stored, when this node has just become e's director: the director
// before wrote the round and died before it created them (or this node
// failed to create one). A game that exists is left as it is.
func (s *Service) recoverGames(ctx context.Context, e event) error {
	s.mu.Lock()
	fresh := !s.directing[e.t.ID]
	s.directing[e.t.ID] = true
	s.mu.Unlock()
	if !fresh {
		return nil
	}
	var ps []store.TournamentPairing
	for _, p := range e.pairings {
		if p.Outcome == pending {
			ps = append(ps, p)
		}
	}
	if err := s.startGames(ctx, e.set, ps); err != nil {
		s.forget(e.t.ID) // try again at the next look
		return err
	}
	return nil
}

// forget marks event id as not directed here: the next look recovers it.
func (s *Service) forget(id string) {
	s.mu.Lock()
	delete(s.directing, id)
	s.mu.Unlock()
}

// startGame creates pairing p's game.
func (s *Service) startGame(ctx context.Context, set Settings, p store.TournamentPairing) error {
	opts := game.Options{ID: p.Game, Mode: game.ModeOnline, Variant: set.Variant, Clock: set.ClockConfig(), Public: true, Mandatory: true, Now: s.now,
		Tournament: &game.Tournament{Kind: Kind, ID: p.Tournament, Name: set.Name, Round: p.Round}}
	return tourney.StartGame(ctx, s.srv, p, opts, set.Rated)
}

// activePlayers are the players to pair: those neither paused nor
// withdrawn.
func activePlayers(ps []store.TournamentPlayer) []swiss.Player {
	var out []swiss.Player
	for _, p := range ps {
		if p.State == store.PlayerActive {
			out = append(out, swiss.Player{ID: p.User, Name: p.Name, Rating: p.Rating})
		}
	}
	return out
}

// allPlayers are every player who joined, as the standings and the TRF
// list them.
func allPlayers(ps []store.TournamentPlayer) []swiss.Player {
	out := make([]swiss.Player, len(ps))
	for i, p := range ps {
		out[i] = swiss.Player{ID: p.User, Name: p.Name, Rating: p.Rating}
	}
	return out
}

// history is rounds 1 to rounds of ps as tournament/swiss reads them.
func history(ps []store.TournamentPairing, rounds int) []swiss.Round {
	out := make([]swiss.Round, rounds)
	for _, p := range ps {
		if p.Round < 1 || p.Round > rounds {
			continue
		}
		out[p.Round-1] = append(out[p.Round-1], swiss.Game{White: p.White, Black: p.Black, Result: resultOf(p)})
	}
	return out
}

// resultOf is p's result for tournament/swiss: a game aborted or not
// played scores nothing, its pairing standing.
func resultOf(p store.TournamentPairing) swiss.Result {
	switch p.Outcome {
	case whiteWon:
		return swiss.WhiteWins
	case blackWon:
		return swiss.BlackWins
	case drawn:
		return swiss.Draw
	}
	return swiss.NoResult
}
