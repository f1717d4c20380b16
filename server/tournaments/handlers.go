package tournaments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gambitchess/gambit/server/tourney"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament"
)

// maxForm is the largest body of a tournament's form.
const maxForm = 16 << 10

// listLimit is how many arenas of each status GET /api/tournament lists.
const listLimit = 50

// errSignIn refuses a signed-out request that needs an account.
var errSignIn = fmt.Errorf("%w: sign in to take part in tournaments", wire.ErrSignedOut)

// List answers GET /api/tournament: the arenas starting soon, being
// played and recently finished (lichess's ArenaTournaments).
func (s *Service) List(w http.ResponseWriter, r *http.Request) {
	now := s.now()
	out := map[string][]arenaJSON{}
	for _, status := range []string{store.TournamentCreated, store.TournamentStarted, store.TournamentFinished} {
		ts, err := s.st.ListTournaments(r.Context(), arenaKind, status, listLimit)
		if err != nil {
			s.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
			return
		}
		out[status] = []arenaJSON{}
		for _, t := range ts {
			if t.Kind != arenaKind {
				continue
			}
			a, err := s.loadArena(r.Context(), t)
			if err != nil {
				s.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
				return
			}
			out[status] = append(out[status], s.summaryOf(a, now))
		}
	}
	writeJSON(w, out)
}

// Create answers POST /api/tournament: a new arena of lichess's form's
// settings, made by the account asking, answered as GET /api/tournament/{id}.
func (s *Service) Create(w http.ResponseWriter, r *http.Request) {
	u, ok := s.srv.User(r)
	if !ok {
		s.srv.Error(w, errSignIn)
		return
	}
	if err := s.lim.Create(u.ID); err != nil {
		s.srv.Error(w, err)
		return
	}
	f, err := wire.ReadParams(r, w, maxForm)
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	now := s.now()
	set, start, err := ParseSettings(f, now)
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	set.Creator = u.Name
	data, err := json.Marshal(set)
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	t := store.Tournament{ID: s.srv.NewID(), Kind: arenaKind, Status: store.TournamentCreated, StartsAt: start,
		EndsAt: start.Add(time.Duration(set.Minutes) * time.Minute), CreatedBy: u.ID, CreatedAt: now, Data: data}
	if err := s.st.CreateTournament(r.Context(), t); err != nil {
		s.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	s.poke(t.ID)
	s.answerFull(w, r, t.ID)
}

// Show answers GET /api/tournament/{id}: the arena, its standings (page
// ?page=N of 50), its games being played, its podium once over; and the
// viewer's own place (Gambit's "me").
func (s *Service) Show(w http.ResponseWriter, r *http.Request) {
	s.answerFull(w, r, r.PathValue("id"))
}

func (s *Service) answerFull(w http.ResponseWriter, r *http.Request, id string) {
	page := 1
	if v := r.URL.Query().Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			s.srv.Error(w, fmt.Errorf("%w: page: %.20q is not a page from 1 to 200", wire.ErrBadRequest, v))
			return
		}
		page = n
	}
	a, err := s.arenaByID(r.Context(), id)
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	full := s.fullOf(a, s.now(), page)
	if u, ok := s.srv.User(r); ok {
		full.Me = meOf(a.mePlaces(full.standings), u.ID)
		full.MyUsername = u.Name
	}
	writeJSON(w, full)
}

// arenaByID reads arena id whole; a not-found error for none.
func (s *Service) arenaByID(ctx context.Context, id string) (arena, error) {
	t, err := tourney.Lookup(ctx, s.st, id, arenaKind)
	if err != nil {
		return arena{}, err
	}
	a, err := s.loadArena(ctx, t)
	if err != nil {
		return a, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return a, nil
}

// Join answers POST /api/tournament/{id}/join: the account enters the
// arena (or comes back after a break), with the password of a private
// one, if its rating is within the arena's limits and, for a bot, if the
// creator allowed bots.
func (s *Service) Join(w http.ResponseWriter, r *http.Request) {
	u, a, ok := s.actor(w, r)
	if !ok {
		return
	}
	if err := s.lim.Join(u.ID); err != nil {
		s.srv.Error(w, err)
		return
	}
	f, err := wire.ReadParams(r, w, maxForm)
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	if err := s.mayJoin(r.Context(), a, u, f["password"]); err != nil {
		s.srv.Error(w, err)
		return
	}
	now := s.now()
	rating, err := s.srv.Rating(r.Context(), u.ID, s.srv.Perf(a.set.Variant, a.set.ClockConfig()))
	if err != nil {
		s.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	p := store.TournamentPlayer{Tournament: a.t.ID, User: u.ID, Name: u.Name, Rating: rating, JoinedAt: now, State: store.PlayerActive, Since: now}
	if err := s.st.JoinTournament(r.Context(), p); err != nil {
		s.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	s.pauseElsewhere(r.Context(), u.ID, a.t.ID, now)
	s.poke(a.t.ID)
	writeJSON(w, map[string]bool{"ok": true})
}

// pauseElsewhere pauses user in every other arena they are active in, as
// lichess's arenas do: one player, one game at a time. Their points stay;
// joining one again brings them back there (and pauses them here).
func (s *Service) pauseElsewhere(ctx context.Context, user, here string, now time.Time) {
	ids, err := s.st.ActiveIn(ctx, user)
	if err != nil {
		s.log.Error("other arenas not read", "player", user, "err", err)
		return
	}
	for _, id := range ids {
		if id == here {
			continue
		}
		if t, err := s.st.Tournament(ctx, id); err != nil || t.Kind != arenaKind {
			continue // a Swiss event keeps its player: its rounds wait for no one
		}
		if err := s.st.SetPlayerState(ctx, id, user, store.PlayerPaused, now); err != nil {
			s.log.Error("player not paused in another arena", "tournament", id, "player", user, "err", err)
			continue
		}
		s.poke(id)
	}
}

// mayJoin refuses u in arena a when the rules of the arena do.
func (s *Service) mayJoin(ctx context.Context, a arena, u store.User, password string) error {
	if err := tourney.BotMayPlay(u, a.set.BotsAllowed, a.set.Variant); err != nil {
		return err
	}
	switch {
	case a.t.Status == store.TournamentFinished:
		return tourney.ErrOver
	case a.player(u.ID).User != "":
		return nil // coming back: the conditions held when they joined
	case !a.set.PasswordOK(password):
		return tourney.Refused(tourney.ReasonPassword, nil, "wrong tournament password")
	}
	if a.set.MinRating == 0 && a.set.MaxRating == 0 {
		return nil
	}
	rating, err := s.srv.Rating(ctx, u.ID, s.srv.Perf(a.set.Variant, a.set.ClockConfig()))
	if err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return tourney.RatingRefused(rating, a.set.MinRating, a.set.MaxRating)
}

// Withdraw answers POST /api/tournament/{id}/withdraw: the account leaves
// (lichess keeps its points in the standings; joining again brings it
// back).
func (s *Service) Withdraw(w http.ResponseWriter, r *http.Request) {
	s.setState(w, r, store.PlayerWithdrawn)
}

// Pause answers POST /api/tournament/{id}/pause (Gambit's): the account
// takes a break, keeping its place; joining again brings it back.
func (s *Service) Pause(w http.ResponseWriter, r *http.Request) { s.setState(w, r, store.PlayerPaused) }

func (s *Service) setState(w http.ResponseWriter, r *http.Request, state string) {
	u, a, ok := s.actor(w, r)
	if !ok {
		return
	}
	err := s.st.SetPlayerState(r.Context(), a.t.ID, u.ID, state, s.now())
	if errors.Is(err, store.ErrNotJoined) {
		err = fmt.Errorf("%w: you are not in this tournament", wire.ErrBadRequest)
	} else if err != nil {
		err = fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	s.poke(a.t.ID)
	writeJSON(w, map[string]bool{"ok": true})
}

// actor is the account asking and the arena of r's {id}; false when
// answered already.
func (s *Service) actor(w http.ResponseWriter, r *http.Request) (store.User, arena, bool) {
	u, ok := s.srv.User(r)
	if !ok {
		s.srv.Error(w, errSignIn)
		return u, arena{}, false
	}
	a, err := s.arenaByID(r.Context(), r.PathValue("id"))
	if err != nil {
		s.srv.Error(w, err)
		return u, a, false
	}
	return u, a, true
}

// resultJSON is one line of GET /api/tournament/{id}/results.
type resultJSON struct {
	Rank        int    `json:"rank"`
	Score       int    `json:"score"`
	Rating      int    `json:"rating"`
	Username    string `json:"username"`
	Performance int    `json:"performance"`
}

// Results answers GET /api/tournament/{id}/results: the players as
// NDJSON, the best first (at most ?nb=N).
func (s *Service) Results(w http.ResponseWriter, r *http.Request) {
	a, err := s.arenaByID(r.Context(), r.PathValue("id"))
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	nb := len(a.players)
	if v := r.URL.Query().Get("nb"); v != "" {
		if nb, err = strconv.Atoi(v); err != nil || nb < 0 {
			s.srv.Error(w, fmt.Errorf("%w: nb: %.20q is not a count", wire.ErrBadRequest, v))
			return
		}
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	enc := json.NewEncoder(w)
	for i, st := range a.standings() {
		if i >= nb {
			break
		}
		p := a.player(st.Entrant.ID)
		_ = enc.Encode(resultJSON{Rank: st.Rank, Score: st.Points, Rating: p.Rating, Username: p.Name, Performance: st.Performance})
	}
}

// Games answers GET /api/tournament/{id}/games: its games as lichess's
// export answers them (PGN, or NDJSON by Accept), through games.
func (s *Service) Games(export func(w http.ResponseWriter, r *http.Request, ids []string)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a, err := s.arenaByID(r.Context(), r.PathValue("id"))
		if err != nil {
			s.srv.Error(w, err)
			return
		}
		var ids []string
		for _, p := range a.pairings {
			if p.Outcome != int(tournament.Pending) && p.Outcome != int(tournament.Void) {
				ids = append(ids, p.Game)
			}
		}
		export(w, r, ids)
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
