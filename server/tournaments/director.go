package tournaments

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/tourney"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament"
)

// arenaKind is an arena's store.Tournament Kind; the store keeps the
// Swiss events beside them (package server/swiss), which the arenas'
// director and API leave alone.
const arenaKind = "arena"

// closing is how long before an arena's end no game is paired: a game
// started then could not end in time to count.
const closing = 20 * time.Second

// Run directs the arenas until ctx ends: it starts those whose time has
// come, ends those whose time is up, and pairs the free players of those
// whose lease this node holds.
func (s *Service) Run(ctx context.Context) {
	tourney.Direct(ctx, s.cfg.Tick, directGap, s.wake, s.Direct, s.log, "tournament director")
}

// directGap is the least time between two of the director's looks.
const directGap = 100 * time.Millisecond

// Direct runs one round of the director over every arena not finished.
func (s *Service) Direct(ctx context.Context) error {
	now := s.now()
	s.sweep(now)
	created, err := s.st.ListTournaments(ctx, arenaKind, store.TournamentCreated, 200)
	if err != nil {
		return err
	}
	moved := false
	for _, t := range created {
		if t.Kind == arenaKind && !now.Before(t.StartsAt) {
			ok, err := s.st.MoveTournament(ctx, t.ID, store.TournamentCreated, store.TournamentStarted)
			if err != nil {
				return err
			}
			moved = moved || ok
		}
	}
	started, err := s.st.ListTournaments(ctx, arenaKind, store.TournamentStarted, 200)
	if err != nil {
		return err
	}
	var errs []error
	for _, t := range started {
		now := s.now() // each arena's own: pairing one may take a while
		if !now.Before(t.EndsAt) {
			ok, err := s.st.MoveTournament(ctx, t.ID, store.TournamentStarted, store.TournamentFinished)
			errs = append(errs, err)
			moved = moved || ok
			continue
		}
		held, err := s.st.DirectTournament(ctx, t.ID, s.cfg.Node, now, now.Add(s.cfg.Lease))
		if err != nil || !held {
			errs = append(errs, err)
			continue
		}
		n, err := s.pair(ctx, t, now)
		errs = append(errs, err)
		moved = moved || n > 0
	}
	if moved {
		s.live.Poke("")
	}
	return errors.Join(errs...)
}

// arena is one arena as the store holds it, read whole.
type arena struct {
	t        store.Tournament
	set      Settings
	players  []store.TournamentPlayer
	index    map[string]int // players' places in players, by account id
	pairings []store.TournamentPairing
	table    *table // the standings, once computed; nil: computed each time
}

// An arena read from the store serves again on this node for
// Config.CacheFor: the director and the live rooms read each arena
// several times a second, and with a thousand players and their games a
// reading is the arenas' main cost. What this node changes goes into the
// reading too (update: a result, a pairing) or drops it (forget: a join,
// a pause), and into a reading then in flight (reads): a reading from the
// store that a change overtook takes it in when it comes, or is not kept.
// What another node changes is seen within CacheFor, which only delays:
// a result unseen leaves its players unpaired for that long, never paired
// twice (the store refuses a player with a game pending).

// cachedArena is an arena's players and games as read at a time.
type cachedArena struct {
	players  []store.TournamentPlayer
	index    map[string]int
	pairings []store.TournamentPairing
	table    *table
	at       time.Time
}

// inflight is a reading of an arena from the store under way: the
// changes this node wrote to its games meanwhile, and whether one it
// cannot replay (a player's) made it stale.
type inflight struct {
	changes []func([]store.TournamentPairing) []store.TournamentPairing
	stale   bool
}

// loadArena reads tournament t's settings, players and games (those
// within CacheFor of a reading on this node, the reading's). The arena is
// shared: read it, never change it.
func (s *Service) loadArena(ctx context.Context, t store.Tournament) (arena, error) {
	a := arena{t: t}
	var err error
	if a.set, err = decodeSettings(t.Data); err != nil {
		return a, fmt.Errorf("tournament %s: %w", t.ID, err)
	}
	now := s.now()
	fl := &inflight{}
	s.mu.Lock()
	c, ok := s.cache[t.ID]
	if !ok || now.Sub(c.at) >= s.cfg.CacheFor {
		s.reads[t.ID] = append(s.reads[t.ID], fl)
	}
	s.mu.Unlock()
	if ok && now.Sub(c.at) < s.cfg.CacheFor {
		a.players, a.index, a.pairings, a.table = c.players, c.index, c.pairings, c.table
		return a, nil
	}
	defer s.endRead(t.ID, fl)
	if a.players, err = s.st.TournamentPlayers(ctx, t.ID); err != nil {
		return a, err
	}
	a.index = make(map[string]int, len(a.players))
	for i, p := range a.players {
		a.index[p.User] = i
	}
	if a.pairings, err = s.st.TournamentPairings(ctx, t.ID); err != nil {
		return a, err
	}
	a.table = &table{}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, change := range fl.changes { // written while it was read: maybe in it, maybe not
		a.pairings = change(a.pairings)
	}
	if !fl.stale {
		s.cache[t.ID] = cachedArena{players: a.players, index: a.index, pairings: a.pairings, table: a.table, at: now}
	}
	return a, nil
}

// endRead takes reading fl of arena id off the readings in flight.
func (s *Service) endRead(id string, fl *inflight) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reads[id] = slices.DeleteFunc(s.reads[id], func(r *inflight) bool { return r == fl })
	if len(s.reads[id]) == 0 {
		delete(s.reads, id)
	}
}

// forget drops arena id's reading ("": every arena's), and makes stale
// those in flight: this node changed what they hold.
func (s *Service) forget(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for rid, fls := range s.reads {
		if id == "" || rid == id {
			for _, fl := range fls {
				fl.stale = true
			}
		}
	}
	if id == "" {
		clear(s.cache)
		return
	}
	delete(s.cache, id)
}

// sweep drops the readings older than CacheFor: an arena no one looks at
// any more (one finished, one listed once) is not kept.
func (s *Service) sweep(now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	maps.DeleteFunc(s.cache, func(_ string, c cachedArena) bool { return now.Sub(c.at) >= s.cfg.CacheFor })
}

// update makes the change this node wrote to the store in arena id's
// games in its reading too, and in those in flight: change is given a
// copy of them (arenas already handed out share the reading's) and
// returns them changed; it must hold whether or not a reading already has
// the change. A result changes the standings (results set): they are
// computed again.
func (s *Service) update(id string, results bool, change func([]store.TournamentPairing) []store.TournamentPairing) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, fl := range s.reads[id] {
		fl.changes = append(fl.changes, change)
	}
	if c, ok := s.cache[id]; ok {
		c.pairings = change(slices.Clone(c.pairings))
		if results {
			c.table = &table{}
		}
		s.cache[id] = c
	}
}

// updateGame is update for game gameID of whichever arena has it, its
// pairing changed by change.
func (s *Service) updateGame(gameID string, results bool, change func(*store.TournamentPairing)) {
	apply := func(ps []store.TournamentPairing) []store.TournamentPairing {
		if i := lastOf(ps, gameID); i >= 0 {
			change(&ps[i])
		}
		return ps
	}
	s.mu.Lock()
	var ids []string
	for id := range s.reads {
		ids = append(ids, id)
	}
	for id, c := range s.cache {
		if lastOf(c.pairings, gameID) >= 0 && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	s.mu.Unlock()
	for _, id := range ids {
		s.update(id, results, apply)
	}
}

// pair starts the games of arena t's free players at now and returns how
// many; first it starts any game its pairing recorded but a director that
// died did not create.
func (s *Service) pair(ctx context.Context, t store.Tournament, now time.Time) (int, error) {
	a, err := s.loadArena(ctx, t)
	if err != nil {
		return 0, err
	}
	if err := s.recoverGames(ctx, a); err != nil {
		return 0, err
	}
	if err := s.recoverResults(ctx, a, now); err != nil {
		return 0, err
	}
	if t.EndsAt.Sub(now) < closing {
		return 0, nil
	}
	busy, err := s.st.PlayingElsewhere(ctx, t.ID)
	if err != nil {
		return 0, err
	}
	pairs := tournament.PairArena(tournament.WaitingPlayers(presence(a.players, busy), pairingsOf(a.pairings), a.standings()), now)
	if len(pairs) == 0 {
		return 0, nil
	}
	recs := make([]store.TournamentPairing, len(pairs))
	for i, p := range pairs {
		recs[i] = store.TournamentPairing{Tournament: t.ID, Game: s.srv.NewID(), White: p.White, Black: p.Black, Started: now}
	}
	if err := s.st.AddPairings(ctx, t.ID, s.cfg.Node, now, recs); err != nil {
		s.forget(t.ID)
		return 0, err
	}
	s.update(t.ID, false, func(ps []store.TournamentPairing) []store.TournamentPairing { return addNew(ps, recs) })
	// A game not created here stays not ready: the next look (this node's
	// or another's) creates it.
	var ready []string
	var errs []error
	for _, rec := range recs {
		if err := s.startGame(ctx, a.set, rec); err != nil {
			errs = append(errs, err)
			continue
		}
		ready = append(ready, rec.Game)
	}
	if err := s.st.MarkReady(ctx, ready); err != nil {
		s.forget(t.ID)
		return len(recs), errors.Join(append(errs, err)...)
	}
	s.update(t.ID, false, func(ps []store.TournamentPairing) []store.TournamentPairing { return markReady(ps, ready) })
	return len(recs), errors.Join(errs...)
}

// addNew appends to ps the pairings of recs it does not hold (a reading
// since they were written holds them).
func addNew(ps, recs []store.TournamentPairing) []store.TournamentPairing {
	held := make(map[string]bool, len(recs))
	for _, p := range ps {
		held[p.Game] = true
	}
	for _, r := range recs {
		if !held[r.Game] {
			ps = append(ps, r)
		}
	}
	return ps
}

// markReady marks ready the games of ps named in ready.
func markReady(ps []store.TournamentPairing, ready []string) []store.TournamentPairing {
	set := make(map[string]bool, len(ready))
	for _, g := range ready {
		set[g] = true
	}
	for i := len(ps) - 1; i >= 0 && len(set) > 0; i-- { // the latest are last
		if set[ps[i].Game] {
			ps[i].Ready = true
			delete(set, ps[i].Game)
		}
	}
	return ps
}

// recoverGames creates the games of a's pairings not ready: a director
// wrote them and died (or failed) before it created them; a game that
// exists (a slow director did create it) is only marked ready.
func (s *Service) recoverGames(ctx context.Context, a arena) error {
	var ready []string
	var errs []error
	for _, p := range a.pairings {
		if p.Outcome != int(tournament.Pending) || p.Ready {
			continue
		}
		s.log.Warn("tournament game recorded but not created: creating it", "tournament", a.t.ID, "game", p.Game)
		if err := s.startGame(ctx, a.set, p); err != nil {
			errs = append(errs, err)
			continue
		}
		ready = append(ready, p.Game)
	}
	errs = append(errs, s.st.MarkReady(ctx, ready))
	if len(ready) > 0 {
		s.forget(a.t.ID)
	}
	return errors.Join(errs...)
}

// resultsEvery is how often the director looks for results no node
// recorded (a node that died between its game's end and NoteSaved).
const resultsEvery = time.Minute

// recoverResults records, at most every resultsEvery for each arena, the
// results of a's games that are over but still pending: NoteSaved, run by
// the node whose game ended, missed them (it died, or the store failed).
func (s *Service) recoverResults(ctx context.Context, a arena, now time.Time) error {
	s.mu.Lock()
	due := now.Sub(s.lookedAt[a.t.ID]) >= resultsEvery
	if due {
		s.lookedAt[a.t.ID] = now
	}
	s.mu.Unlock()
	if !due {
		return nil
	}
	var errs []error
	for _, p := range a.pairings {
		if p.Outcome != int(tournament.Pending) || !p.Ready || now.Sub(p.Started) < resultsEvery {
			continue
		}
		g, err := s.srv.Ended(ctx, p.Game)
		if err != nil || g == nil {
			errs = append(errs, err)
			continue
		}
		s.log.Warn("tournament game over but its result not recorded: recording it", "tournament", a.t.ID, "game", p.Game)
		end := store.TournamentPairing{Outcome: int(outcomeOf(g)), Plies: g.Ply(), Ended: g.UpdatedAt()}
		if _, _, err := s.st.FinishPairing(ctx, p.Game, end); err != nil {
			errs = append(errs, err)
		}
		s.forget(a.t.ID)
	}
	return errors.Join(errs...)
}

// startGame creates pairing p's game.
func (s *Service) startGame(ctx context.Context, set Settings, p store.TournamentPairing) error {
	opts := game.Options{ID: p.Game, Mode: game.ModeOnline, Variant: set.Variant, Clock: set.ClockConfig(), Public: true,
		Berserkable: set.Berserkable, Mandatory: true, Now: s.now,
		Tournament: &game.Tournament{Kind: arenaKind, ID: p.Tournament, Name: fullName(set)}}
	return tourney.StartGame(ctx, s.srv, p, opts, set.Rated)
}

// entrants are the arena's players as the standings read them.
func entrants(ps []store.TournamentPlayer) []tournament.Entrant {
	out := make([]tournament.Entrant, len(ps))
	for i, p := range ps {
		out[i] = tournament.Entrant{ID: p.User, Rating: p.Rating, JoinedAt: p.JoinedAt}
	}
	return out
}

// presence is who of ps takes part now.
// A player busy in another tournament's game (a Swiss event's round
// began while they waited here) waits here until it ends.
func presence(ps []store.TournamentPlayer, busy []string) []tournament.Presence {
	elsewhere := make(map[string]bool, len(busy))
	for _, u := range busy {
		elsewhere[u] = true
	}
	out := make([]tournament.Presence, len(ps))
	for i, p := range ps {
		out[i] = tournament.Presence{ID: p.User, Active: p.State == store.PlayerActive && !elsewhere[p.User], Since: p.Since}
	}
	return out
}

// pairingsOf are the arena's games as package tournament reads them.
func pairingsOf(ps []store.TournamentPairing) []tournament.Pairing {
	out := make([]tournament.Pairing, len(ps))
	for i, p := range ps {
		out[i] = tournament.Pairing{Game: p.Game, White: p.White, Black: p.Black, Outcome: tournament.Outcome(p.Outcome),
			Plies: p.Plies, Berserk: p.Berserk, Started: p.Started, Ended: p.Ended}
	}
	return out
}

// outcomeOf is how finished game g ends for an arena.
func outcomeOf(g *game.Game) tournament.Outcome {
	o := g.Outcome()
	switch {
	case g.Status() == game.Aborted || !o.Over():
		return tournament.Void
	case o.Draw:
		return tournament.Drawn
	case o.Winner == chess.White:
		return tournament.WhiteWon
	}
	return tournament.BlackWon
}
