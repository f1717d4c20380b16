package server

import (
	"context"
	"fmt"
	"slices"

	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lobby"
	"github.com/gambitchess/gambit/store"
	"net/http"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/round"
)

// handleLobby lists the open challenges: GET /api/lobby.
func (s *Server) handleLobby(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.lobby.List(s.now(), playerOf(r)))
}

// pairRequest is the body of POST /api/pair.
type pairRequest struct {
	Variant string     `json:"variant"`
	Clock   *clockSpec `json:"clock"`
	Name    string     `json:"name"`  // the caller's display name: game.ParseName; "" for none
	Rated   bool       `json:"rated"` // the rated pool: signed in only, paired by rating (lobby.BestRated)
}

// handlePair pairs the caller with the next person who asks for the same
// game: it joins the oldest listed challenge of that variant and time
// control made by someone else, or opens one (random colour) and the caller
// waits on its page for the next person.
func (s *Server) handlePair(w http.ResponseWriter, r *http.Request) {
	req, err := decodeBody[pairRequest](http.MaxBytesReader(w, r.Body, round.MaxMessage))
	if err != nil {
		s.httpError(w, err)
		return
	}
	req.Name = nameOrAccount(r, req.Name)
	if err := s.takeChallenge(guards.ClientAddress(r)); err != nil { // the narrower limit first: a refused pairing costs no game
		s.httpError(w, err)
		return
	}
	if err := s.takeCreation(guards.ClientAddress(r)); err != nil {
		s.httpError(w, err)
		return
	}
	player, err := ensurePlayer(w, r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	opts, err := s.pairOptions(req, player)
	if err != nil {
		s.httpError(w, err)
		return
	}
	name := opts.Seats[0].Name + opts.Seats[1].Name // the caller's, checked by gameOptions (the other seat is open)
	s.lobby.Pair.Lock()
	defer s.lobby.Pair.Unlock()
	spec, _ := game.Lookup(opts.Variant)
	var tc string
	if c := opts.Clock; c.Initial > 0 {
		tc = lobby.TimeControl(&game.Clock{Initial: c.Initial, Increment: c.Increment, PerMove: c.PerMove})
	}
	if req.Rated {
		s.pairRated(w, r, opts, player, name, tc)
		return
	}
	for _, c := range s.lobby.List(s.now(), player) {
		if c.Mine || c.Rated || c.Variant != spec.Name || c.TimeControl != tc {
			continue
		}
		if resp, err := s.joinAs(r.Context(), c.ID, player, name); err == nil {
			writeJSON(w, http.StatusOK, resp)
			return
		}
	}
	s.answerNewGame(w, r, opts, player)
}

// pairRated pairs the caller, signed in, in the rated pool of opts's
// perf: it joins the waiting rated challenge whose seeker's rating is the
// closest to theirs within the widening range (lobby.BestRated), or opens
// a rated challenge of its own to wait in. The caller holds s.lobby.Pair.
func (s *Server) pairRated(w http.ResponseWriter, r *http.Request, opts game.Options, player, name, tc string) {
	u, err := s.checkRated(r, opts)
	if err != nil {
		s.httpError(w, err)
		return
	}
	seeker, err := s.seekerOf(r.Context(), u, opts)
	if err != nil {
		s.httpError(w, err)
		return
	}
	now := s.now()
	seek := lobby.Seek{Variant: opts.Variant, TimeControl: tc, Player: player, Seeker: seeker, Since: now}
	list := s.lobby.List(now, player)
	for {
		c, ok := lobby.BestRated(list, seek, now)
		if !ok {
			break
		}
		list = slices.DeleteFunc(list, func(o lobby.Challenge) bool { return o.ID == c.ID })
		resp, err := s.joinAs(r.Context(), c.ID, player, name)
		if err != nil {
			continue // taken meanwhile, or gone: the next closest
		}
		if _, err := s.ratings().SeatRated(r.Context(), c.ID, resp.Color == "white", u.ID); err != nil {
			s.httpError(w, fmt.Errorf("%w: %v", ErrStorage, err))
			return
		}
		writeJSON(w, http.StatusOK, resp)
		return
	}
	s.lobby.NoteRated(opts.ID, seeker) // before the game is listed: never shown as a casual one
	resp, err := s.newGame(r.Context(), opts, player, guards.ClientAddress(r))
	if err == nil {
		err = s.markRated(r.Context(), resp.ID, resp.Color, u, opts)
	}
	if err != nil {
		s.lobby.Drop(opts.ID)
		s.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, resp)
}

// seekerOf is account u as a rated challenge of opts lists it: with its
// rating in the game's perf (the initial one before its first game).
func (s *Server) seekerOf(ctx context.Context, u store.User, opts game.Options) (lobby.Seeker, error) {
	g := rating.Default()
	perf := perfOf(opts.Variant, opts.Clock)
	rs, err := s.ratings().UserRatings(ctx, u.ID)
	if err != nil {
		return lobby.Seeker{}, fmt.Errorf("%w: read %s's ratings: %v", ErrStorage, u.Name, err)
	}
	for _, x := range rs {
		if x.Perf == perf {
			g = x.Glicko
		}
	}
	return lobby.Seeker{Account: u.ID, Rating: g.Int(), Provisional: g.Provisional()}, nil
}

// pairOptions is the lobby challenge a pairing request opens when it finds
// none to join: the caller's colour drawn at random.
func (s *Server) pairOptions(req pairRequest, player string) (game.Options, error) {
	opts, _, err := s.gameOptions(createRequest{Mode: game.ModeOnline, Variant: req.Variant, Color: "random", Clock: req.Clock,
		Lobby: true, Name: req.Name}, player)
	return opts, err
}

// joinAs seats player, named name, in game id's open seat, as a join does.
func (s *Server) joinAs(ctx context.Context, id, player, name string) (createResponse, error) {
	return s.runSeatCommand(ctx, id, round.JoinSeatCmd{Player: player, Name: name})
}
