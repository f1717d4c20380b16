package swiss

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/server/tourney"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament/swiss"
)

// maxForm is the largest body of a Swiss event's form.
const maxForm = 16 << 10

// errSignIn refuses a signed-out request that needs an account.
var errSignIn = fmt.Errorf("%w: sign in to take part in tournaments", wire.ErrSignedOut)

// Post answers POST /api/swiss/{id}/{action}: new/{teamId} (Create),
// {id}/join (Join), {id}/withdraw (Withdraw); a not-found error for any
// other (lichess's edit, schedule-next-round and terminate are not
// served). net/http cannot hold new/{teamId} beside {id}/join, which
// both match new/join, so the three share this pattern; "new" is no
// event's id.
func (s *Service) Post(w http.ResponseWriter, r *http.Request) {
	switch id, action := r.PathValue("id"), r.PathValue("action"); {
	case id == "new":
		s.Create(w, r)
	case action == "join":
		s.Join(w, r)
	case action == "withdraw":
		s.Withdraw(w, r)
	default:
		s.srv.Error(w, fmt.Errorf("%w: no such action", store.ErrNotFound))
	}
}

// Create answers POST /api/swiss/new/{teamId}: a new Swiss event of
// lichess's form's settings, made by the account asking, answered as GET
// /api/swiss/{id}. Gambit has no teams: any teamId is taken ("-" will
// do), and any account may make an event.
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
	f, err := readForm(w, r)
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
	// A Swiss event's end is not known ahead: EndsAt is its start.
	t := store.Tournament{ID: s.srv.NewID(), Kind: Kind, Status: store.TournamentCreated, StartsAt: start,
		EndsAt: start, CreatedBy: u.ID, CreatedAt: now, Data: data}
	if err := s.st.CreateTournament(r.Context(), t); err != nil {
		s.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	s.poke()
	s.answer(w, r, t.ID)
}

// Show answers GET /api/swiss/{id}: lichess's SwissTournament.
func (s *Service) Show(w http.ResponseWriter, r *http.Request) { s.answer(w, r, r.PathValue("id")) }

func (s *Service) answer(w http.ResponseWriter, r *http.Request, id string) {
	e, err := s.eventByID(r.Context(), id)
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	writeJSON(w, jsonOf(e, s.now()))
}

// eventByID reads Swiss event id whole; a not-found error for none.
func (s *Service) eventByID(ctx context.Context, id string) (event, error) {
	t, err := tourney.Lookup(ctx, s.st, id, Kind)
	if err != nil {
		return event{}, err
	}
	e, err := s.loadEvent(ctx, t)
	if err != nil {
		return e, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return e, nil
}

// Join answers POST /api/swiss/{id}/join: the account enters the event
// (or comes back after withdrawing: paired again from the next round),
// with the password of a private one, if its rating is within the
// event's limits and, for a bot, if the creator allowed bots.
func (s *Service) Join(w http.ResponseWriter, r *http.Request) {
	u, e, ok := s.actor(w, r)
	if !ok {
		return
	}
	if err := s.lim.Join(u.ID); err != nil {
		s.srv.Error(w, err)
		return
	}
	f, err := readForm(w, r)
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	rating, err := s.srv.Rating(r.Context(), u.ID, s.srv.Perf(e.set.Variant, e.set.ClockConfig()))
	if err != nil {
		s.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	if err := mayJoin(e, u, f.Get("password"), rating); err != nil {
		s.srv.Error(w, err)
		return
	}
	now := s.now()
	p := store.TournamentPlayer{Tournament: e.t.ID, User: u.ID, Name: u.Name, Rating: rating, JoinedAt: now, State: store.PlayerActive, Since: now}
	if err := s.st.JoinTournament(r.Context(), p); err != nil {
		s.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	s.poke()
	s.live.Poke(e.t.ID)
	writeJSON(w, map[string]bool{"ok": true})
}

// mayJoin refuses u, rated rating, in event e when its rules do.
func mayJoin(e event, u store.User, password string, rating int) error {
	if err := tourney.BotMayPlay(u, e.set.BotsAllowed, e.set.Variant); err != nil {
		return err
	}
	switch {
	case e.t.Status == store.TournamentFinished:
		return tourney.ErrOver
	case e.player(u.ID).User != "":
		return nil // coming back: the conditions held when they joined
	case !e.set.PasswordOK(password):
		return tourney.Refused(tourney.ReasonPassword, nil, "wrong tournament password")
	}
	return tourney.RatingRefused(rating, e.set.MinRating, e.set.MaxRating)
}

// Withdraw answers POST /api/swiss/{id}/withdraw: the account is left
// out of the rounds to come (lichess's "pause or leave"); its games and
// points stay in the standings, and joining again brings it back.
func (s *Service) Withdraw(w http.ResponseWriter, r *http.Request) {
	u, e, ok := s.actor(w, r)
	if !ok {
		return
	}
	err := s.st.SetPlayerState(r.Context(), e.t.ID, u.ID, store.PlayerWithdrawn, s.now())
	if errors.Is(err, store.ErrNotJoined) {
		err = fmt.Errorf("%w: you are not in this tournament", wire.ErrBadRequest)
	} else if err != nil {
		err = fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	s.poke()
	s.live.Poke(e.t.ID)
	writeJSON(w, map[string]bool{"ok": true})
}

// actor is the account asking and the event of r's {id}; false when
// answered already.
func (s *Service) actor(w http.ResponseWriter, r *http.Request) (store.User, event, bool) {
	u, ok := s.srv.User(r)
	if !ok {
		s.srv.Error(w, errSignIn)
		return u, event{}, false
	}
	e, err := s.eventByID(r.Context(), r.PathValue("id"))
	if err != nil {
		s.srv.Error(w, err)
		return u, e, false
	}
	return u, e, true
}

// Results answers GET /api/swiss/{id}/results: the players as NDJSON,
// the best first (at most ?nb=N). A player withdrawn is "absent".
func (s *Service) Results(w http.ResponseWriter, r *http.Request) {
	e, err := s.eventByID(r.Context(), r.PathValue("id"))
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	nb := len(e.players)
	if v := r.URL.Query().Get("nb"); v != "" {
		if nb, err = strconv.Atoi(v); err != nil || nb < 0 {
			s.srv.Error(w, fmt.Errorf("%w: nb: %.20q is not a count", wire.ErrBadRequest, v))
			return
		}
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	enc := json.NewEncoder(w)
	for i, st := range e.standings() {
		if i >= nb {
			break
		}
		p := e.player(st.Player.ID)
		_ = enc.Encode(resultJSON{Rank: st.Rank, Points: st.Points, TieBreak: st.Buchholz, Rating: p.Rating, Username: p.Name,
			Performance: e.performance(p.User), Absent: p.State != store.PlayerActive})
	}
}

// readForm reads lichess's form fields of r, form-encoded (lichess's
// clients) or as one JSON object of the same keys (the browser's pages,
// whose writes the server takes as JSON only: guards.Secure).
func readForm(w http.ResponseWriter, r *http.Request) (url.Values, error) {
	m, err := wire.ReadParams(r, w, maxForm)
	if err != nil {
		return nil, err
	}
	f := url.Values{}
	for k, v := range m {
		f.Set(k, v)
	}
	return f, nil
}

// File answers GET /swiss/{file}: {id}.trf is the event's TRF (TRF), any
// other name the event's live page, which page serves (the app's page
// of web/src/swiss/); a not-found error for that without page.
func (s *Service) File(page http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if _, trf := strings.CutSuffix(r.PathValue("file"), ".trf"); trf || page == nil {
			s.TRF(w, r)
			return
		}
		page(w, r)
	}
}

// TRF answers GET /swiss/{id}.trf: the event as a FIDE Tournament Report
// File (tournament/swiss.WriteTRF): the players numbered by starting
// rank, as the pairing numbered them, the FIDE-ID field blank (Gambit
// knows no player's FIDE ID; an account's id is none). net/http's patterns take no ".trf" after a
// wildcard: the route is GET /swiss/{file}, which answers only names
// ending in .trf.
func (s *Service) TRF(w http.ResponseWriter, r *http.Request) {
	id, ok := strings.CutSuffix(r.PathValue("file"), ".trf")
	if !ok {
		s.srv.Error(w, fmt.Errorf("%w: no such file", store.ErrNotFound))
		return
	}
	e, err := s.eventByID(r.Context(), id)
	if err != nil {
		s.srv.Error(w, err)
		return
	}
	players, rounds := e.trfEntries()
	ev := swiss.Event{Name: e.set.Name, Start: e.t.StartsAt}
	if e.t.Status == store.TournamentFinished {
		ev.End = e.roundEnded(e.round())
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := swiss.WriteTRF(w, ev, players, rounds); err != nil {
		s.log.Error("swiss trf", "tournament", e.t.ID, "err", err)
	}
}

// trfEntries are e's players, as the pairing has them (their ratings
// within the format's four columns), and rounds.
func (e event) trfEntries() ([]swiss.Player, []swiss.Round) {
	players := allPlayers(e.players)
	for i := range players {
		players[i].Rating = min(max(players[i].Rating, 0), 9999)
	}
	return players, history(e.pairings, e.round())
}

// Games answers GET /api/swiss/{id}/games: its games over, as lichess's
// export answers them (PGN, or NDJSON by Accept), through export.
func (s *Service) Games(export func(w http.ResponseWriter, r *http.Request, ids []string)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		e, err := s.eventByID(r.Context(), r.PathValue("id"))
		if err != nil {
			s.srv.Error(w, err)
			return
		}
		var ids []string
		for _, p := range e.pairings {
			if p.Black != "" && p.Outcome != pending && p.Outcome != void {
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
