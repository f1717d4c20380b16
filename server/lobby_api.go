package server

import (
	"context"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lobby"
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
	Name    string     `json:"name"` // the caller's display name: game.ParseName; "" for none
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
	for _, c := range s.lobby.List(s.now(), player) {
		if c.Mine || c.Variant != spec.Name || c.TimeControl != tc {
			continue
		}
		if resp, err := s.joinAs(r.Context(), c.ID, player, name); err == nil {
			writeJSON(w, http.StatusOK, resp)
			return
		}
	}
	s.answerNewGame(w, r, opts, player)
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
