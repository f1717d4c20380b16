package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/lobby"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
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
	// Waiting is the id of the rated seek the caller waits in, when they
	// ask again (every few seconds, as their range widens): they move to
	// an older seek now in range, or keep waiting (204).
	Waiting string `json:"waiting"`
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
	if req.Waiting != "" && !req.Rated {
		s.httpError(w, fmt.Errorf("%w: waiting is for the rated pool", ErrBadRequest))
		return
	}
	if req.Waiting != "" { // asking again costs no limit: a move withdraws the seek it leaves
		s.pairAgain(w, r, req)
		return
	}
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
		s.pairRated(w, r, opts, player, name, tc, lobby.Challenge{})
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

// pairAgain answers a rated pairing request from someone waiting in seek
// req.Waiting: their range has widened (lobby.Window of their wait), so a
// seek older than theirs may now be in range. They move there (their own
// seek withdrawn first: round.WithdrawCmd), or keep waiting: 204. Only the
// newer of two seeks moves, so two waiting people never move to each
// other's. 409 seat_taken when their seek is no longer waiting (taken, or
// gone).
func (s *Server) pairAgain(w http.ResponseWriter, r *http.Request, req pairRequest) {
	player := playerOf(r)
	opts, err := s.pairOptions(req, player)
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.lobby.Pair.Lock()
	defer s.lobby.Pair.Unlock()
	tc := lobby.TimeControl(&game.Clock{Initial: opts.Clock.Initial, Increment: opts.Clock.Increment, PerMove: opts.Clock.PerMove})
	for _, c := range s.lobby.List(s.now(), player) {
		if c.ID == req.Waiting && c.Mine && c.Rated && c.Variant == opts.Variant && c.TimeControl == tc {
			s.pairRated(w, r, opts, player, opts.Seats[0].Name+opts.Seats[1].Name, tc, c)
			return
		}
	}
	s.httpError(w, fmt.Errorf("%w: your seek is no longer waiting", game.ErrSeatTaken))
}

// withdraw takes back player's seek id before they move to another: an
// error when it is no longer open, or runs on another node (they ask
// again later, and may land on the node that runs it).
func (s *Server) withdraw(ctx context.Context, id, player string) error {
	res := make(chan error, 1)
	cmd := round.WithdrawCmd{Player: player, Reply: func(err error) { res <- err }}
	if err := s.withHub(ctx, id, func(h *round.Hub) error { return h.Send(ctx, cmd) }); err != nil {
		return err
	}
	return <-res // an accepted command always runs and replies
}

// pairRated pairs the caller, signed in, in the rated pool of opts's
// perf: it joins the waiting rated challenge whose seeker's rating is the
// closest to theirs within the widening range (lobby.BestRated), or opens
// a rated challenge of its own to wait in. own is the seek the caller
// waits in when they ask again (pairAgain), or the zero Challenge. The
// caller holds s.lobby.Pair.
func (s *Server) pairRated(w http.ResponseWriter, r *http.Request, opts game.Options, player, name, tc string, own lobby.Challenge) {
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
	if own.ID != "" {
		seek.Since = own.CreatedAt
		list = slices.DeleteFunc(list, func(c lobby.Challenge) bool { return !c.Before(own) })
		if _, ok := lobby.BestRated(list, seek, now); !ok {
			w.WriteHeader(http.StatusNoContent) // nobody in range yet: keep waiting
			return
		}
		if err := s.withdraw(r.Context(), own.ID, player); err != nil {
			var remote *wire.RemoteOwner
			if errors.As(err, &remote) {
				w.WriteHeader(http.StatusNoContent)
				return
			}
			s.httpError(w, err)
			return
		}
	}
	for {
		c, ok := lobby.BestRated(list, seek, now)
		if !ok {
			break
		}
		list = slices.DeleteFunc(list, func(o lobby.Challenge) bool { return o.ID == c.ID })
		resp, err := s.joinRated(r.Context(), c.ID, round.JoinSeatCmd{Player: player, Name: name}, u)
		if errors.Is(err, ErrStorage) {
			s.httpError(w, err)
			return
		}
		if err != nil {
			continue // taken meanwhile, or gone: the next closest
		}
		writeJSON(w, http.StatusOK, resp)
		return
	}
	s.lobby.NoteRated(opts.ID, seeker) // before the game is listed: never shown as a casual one
	s.answerRatedGame(w, r, opts, player, u)
}

// seekerOf is account u as a rated challenge of opts lists it: with its
// rating in the game's perf (the initial one before its first game).
func (s *Server) seekerOf(ctx context.Context, u store.User, opts game.Options) (lobby.Seeker, error) {
	g := rating.Default()
	perf := lichess.Perf(opts.Variant, opts.Clock)
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
