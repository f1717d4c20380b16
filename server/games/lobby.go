package games

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lobby"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Lobby lists the open challenges: GET /api/lobby.
func (h *Handler) Lobby(w http.ResponseWriter, r *http.Request) {
	wire.WriteJSON(w, http.StatusOK, h.lobby.List(h.now(), h.srv.Player(r)))
}

// pairRequest is the body of POST /api/pair.
type pairRequest struct {
	Variant string `json:"variant"`
	Clock   *Clock `json:"clock"`
	Name    string `json:"name"`  // the caller's display name: game.ParseName; "" for none
	Rated   bool   `json:"rated"` // the rated pool: signed in only, paired by rating (lobby.BestRated)
	// Waiting is the id of the rated seek the caller waits in, when they
	// ask again (every few seconds, as their range widens): they move to
	// an older seek now in range, or keep waiting (204).
	Waiting string `json:"waiting"`
}

// Pair answers POST /api/pair: it pairs the caller with the next person who asks for the same
// game: it joins the oldest listed challenge of that variant and time
// control made by someone else, or opens one (random colour) and the caller
// waits on its page for the next person.
func (h *Handler) Pair(w http.ResponseWriter, r *http.Request) {
	req, err := wire.DecodeBody[pairRequest](http.MaxBytesReader(w, r.Body, smallBody))
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	req.Name = h.nameOrAccount(r, req.Name)
	if req.Waiting != "" && !req.Rated {
		h.srv.Error(w, fmt.Errorf("%w: waiting is for the rated pool", wire.ErrBadRequest))
		return
	}
	if req.Waiting != "" { // asking again costs no limit: a move withdraws the seek it leaves
		h.pairAgain(w, r, req)
		return
	}
	if err := h.srv.TakeChallenge(guards.ClientAddress(r)); err != nil { // the narrower limit first: a refused pairing costs no game
		h.srv.Error(w, err)
		return
	}
	if err := h.srv.TakeCreation(guards.ClientAddress(r)); err != nil {
		h.srv.Error(w, err)
		return
	}
	player, err := h.srv.EnsurePlayer(w, r)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	opts, err := h.pairOptions(req, player)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	name := opts.Seats[0].Name + opts.Seats[1].Name // the caller's, checked by Options (the other seat is open)
	h.lobby.Pair.Lock()
	defer h.lobby.Pair.Unlock()
	spec, _ := game.Lookup(opts.Variant)
	var tc string
	if c := opts.Clock; c.Initial > 0 {
		tc = lobby.TimeControl(&game.Clock{Initial: c.Initial, Increment: c.Increment, PerMove: c.PerMove})
	}
	if req.Rated {
		h.pairRated(w, r, opts, player, name, tc, lobby.Challenge{})
		return
	}
	for _, c := range h.lobby.List(h.now(), player) {
		if c.Mine || c.Rated || c.Variant != spec.Name || c.TimeControl != tc {
			continue
		}
		if resp, err := h.joinAs(r.Context(), c.ID, player, name); err == nil {
			wire.WriteJSON(w, http.StatusOK, resp)
			return
		}
	}
	h.answerNewGame(w, r, opts, player)
}

// pairAgain answers a rated pairing request from someone waiting in seek
// req.Waiting: their range has widened (lobby.Window of their wait), so a
// seek older than theirs may now be in range. They move there (their own
// seek withdrawn first: Games.Withdraw), or keep waiting: 204. Only the
// newer of two seeks moves, so two waiting people never move to each
// other's. 409 seat_taken when their seek is no longer waiting (taken, or
// gone).
func (h *Handler) pairAgain(w http.ResponseWriter, r *http.Request, req pairRequest) {
	player := h.srv.Player(r)
	opts, err := h.pairOptions(req, player)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	h.lobby.Pair.Lock()
	defer h.lobby.Pair.Unlock()
	tc := lobby.TimeControl(&game.Clock{Initial: opts.Clock.Initial, Increment: opts.Clock.Increment, PerMove: opts.Clock.PerMove})
	for _, c := range h.lobby.List(h.now(), player) {
		if c.ID == req.Waiting && c.Mine && c.Rated && c.Variant == opts.Variant && c.TimeControl == tc {
			h.pairRated(w, r, opts, player, opts.Seats[0].Name+opts.Seats[1].Name, tc, c)
			return
		}
	}
	h.srv.Error(w, fmt.Errorf("%w: your seek is no longer waiting", game.ErrSeatTaken))
}

// pairRated pairs the caller, signed in, in the rated pool of opts's
// perf: it joins the waiting rated challenge whose seeker's rating is the
// closest to theirs within the widening range (lobby.BestRated), or opens
// a rated challenge of its own to wait in. own is the seek the caller
// waits in when they ask again (pairAgain), or the zero Challenge. The
// caller holds h.lobby.Pair.
func (h *Handler) pairRated(w http.ResponseWriter, r *http.Request, opts game.Options, player, name, tc string, own lobby.Challenge) {
	u, err := h.CheckRated(r, opts)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	seeker, err := h.seekerOf(r.Context(), u, opts)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	now := h.now()
	seek := lobby.Seek{Variant: opts.Variant, TimeControl: tc, Player: player, Seeker: seeker, Since: now}
	list := h.lobby.List(now, player)
	if own.ID != "" {
		seek.Since = own.CreatedAt
		list = slices.DeleteFunc(list, func(c lobby.Challenge) bool { return !c.Before(own) })
		if _, ok := lobby.BestRated(list, seek, now); !ok {
			w.WriteHeader(http.StatusNoContent) // nobody in range yet: keep waiting
			return
		}
		if err := h.srv.Withdraw(r.Context(), own.ID, player); err != nil {
			var remote *wire.RemoteOwner
			if errors.As(err, &remote) {
				w.WriteHeader(http.StatusNoContent)
				return
			}
			h.srv.Error(w, err)
			return
		}
	}
	for {
		c, ok := lobby.BestRated(list, seek, now)
		if !ok {
			break
		}
		list = slices.DeleteFunc(list, func(o lobby.Challenge) bool { return o.ID == c.ID })
		resp, err := h.JoinRated(r.Context(), c.ID, SeatRequest{Player: player, Name: name}, u)
		if errors.Is(err, wire.ErrStorage) {
			h.srv.Error(w, err)
			return
		}
		if err != nil {
			continue // taken meanwhile, or gone: the next closest
		}
		wire.WriteJSON(w, http.StatusOK, resp)
		return
	}
	h.lobby.NoteRated(opts.ID, seeker) // before the game is listed: never shown as a casual one
	h.answerRatedGame(w, r, opts, player, u)
}

// seekerOf is account u as a rated challenge of opts lists it: with its
// rating in the game's perf (the initial one before its first game).
func (h *Handler) seekerOf(ctx context.Context, u store.User, opts game.Options) (lobby.Seeker, error) {
	g := rating.Default()
	perf := h.srv.Perf(opts.Variant, opts.Clock)
	rs, err := h.ratings.UserRatings(ctx, u.ID)
	if err != nil {
		return lobby.Seeker{}, fmt.Errorf("%w: read %s's ratings: %v", wire.ErrStorage, u.Name, err)
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
func (h *Handler) pairOptions(req pairRequest, player string) (game.Options, error) {
	opts, _, err := h.Options(Request{Mode: game.ModeOnline, Variant: req.Variant, Color: "random", Clock: req.Clock,
		Lobby: true, Name: req.Name}, player)
	return opts, err
}

// joinAs seats player, named name, in game id's open seat, as a join does.
func (h *Handler) joinAs(ctx context.Context, id, player, name string) (Seated, error) {
	return h.srv.Seat(ctx, id, SeatRequest{Player: player, Name: name})
}
