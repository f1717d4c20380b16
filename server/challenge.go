package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/node"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Challenges of the API for programs (lichess's POST /api/challenge/...)
// are invites: the challenge makes the game at once, the challenger in
// one seat and the other open, and its id is the game's. The open seat is
// the named account's alone: accepting seats it (a join, as the browser's
// invite link does), declining aborts the game.
//
// Open challenges are kept in the store (store.Challenges), not in one
// node's memory: on a cluster any node may be asked to accept or decline
// one, and the store gives it to exactly one of them (TakeChallenge). The
// game itself is run by its owner as every game is (cluster.go), and the
// event lines reach the streams of every node (publishEvent). Storing
// them was chosen over asking the game's owner: a challenge outlives its
// game's hub (nothing runs in a game no one has joined), so no node would
// hold it; and a restart keeps them. Their games, never begun, are swept
// as every stale game is.

// maxOpenChallenges bounds the open challenges one account has made.
const maxOpenChallenges = 20

// challengeTTL is how long a challenge stays open unanswered: its game,
// never begun, is swept as stale meanwhile (see expire.go).
const challengeTTL = 24 * time.Hour

// challengeUser is an account in a challenge: its id, its name, and its
// player id (the event streams', see player.go), never its secret.
type challengeUser struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Player string `json:"player"`
}

// challengeUserOf is account u in a challenge.
func challengeUserOf(u store.User) challengeUser {
	return challengeUser{ID: u.ID, Name: u.Name, Player: playerID(u.Player)}
}

// challenge is an open challenge; its JSON is what the store keeps of it
// beside its accounts' ids (store.Challenge.Data).
type challenge struct {
	ID      string           `json:"id"`
	From    challengeUser    `json:"from"`
	To      challengeUser    `json:"to"`
	Color   chess.Color      `json:"color"` // the challenger's
	Asked   string           `json:"asked"` // the colour asked for: white, black, random
	Rated   bool             `json:"rated,omitempty"`
	Variant game.Variant     `json:"variant"`
	Clock   game.ClockConfig `json:"clock"`
	FEN     string           `json:"fen,omitempty"` // the position asked to start from (chess, Chess960); "" for the variant's own
	Created time.Time        `json:"created"`
}

// decodeChallenge reads a stored challenge, and checks it is whole.
func decodeChallenge(sc store.Challenge) (*challenge, error) {
	var c challenge
	if err := json.Unmarshal(sc.Data, &c); err != nil {
		return nil, fmt.Errorf("%w: challenge %s: %v", ErrStorage, sc.ID, err)
	}
	switch {
	case c.ID != sc.ID || c.From.ID != sc.From || c.To.ID != sc.To:
		return nil, fmt.Errorf("%w: challenge %s: its data is another's", ErrStorage, sc.ID)
	case c.Color != chess.White && c.Color != chess.Black:
		return nil, fmt.Errorf("%w: challenge %s: colour %d", ErrStorage, sc.ID, c.Color)
	}
	return &c, nil
}

// challengeStore is s's store of challenges; an error when it keeps none.
func (s *Server) challengeStore() (store.Challenges, error) {
	cs, ok := s.store.(store.Challenges)
	if !ok {
		return nil, fmt.Errorf("%w: this server keeps no challenges", store.ErrNotFound)
	}
	return cs, nil
}

// addChallenge stores c unless its challenger has too many open.
func (s *Server) addChallenge(ctx context.Context, c *challenge) error {
	cs, err := s.challengeStore()
	if err != nil {
		return err
	}
	since := c.Created.Add(-challengeTTL)
	if err := cs.ExpireChallenges(ctx, since); err != nil {
		return fmt.Errorf("%w: %v", ErrStorage, err)
	}
	open, err := cs.ChallengesOf(ctx, c.From.ID, since)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrStorage, err)
	}
	n := 0
	for _, o := range open {
		if o.From == c.From.ID {
			n++
		}
	}
	if n >= maxOpenChallenges {
		return guards.RateLimited(time.Minute, "at most %d open challenges; wait for answers", maxOpenChallenges)
	}
	data, err := json.Marshal(c)
	if err == nil {
		err = cs.CreateChallenge(ctx, store.Challenge{ID: c.ID, From: c.From.ID, To: c.To.ID, Data: data, CreatedAt: c.Created})
	}
	if err != nil {
		return fmt.Errorf("%w: %v", ErrStorage, err)
	}
	return nil
}

// openChallenge returns open challenge id, ok false for none (or one
// expired).
func (s *Server) openChallenge(ctx context.Context, id string) (*challenge, bool, error) {
	return s.challengeFrom(ctx, id, func(cs store.Challenges) (store.Challenge, error) { return cs.Challenge(ctx, id) })
}

// takeOpenChallenge removes open challenge id and returns it, ok false when
// there is none or another request (on any node) took it first.
func (s *Server) takeOpenChallenge(ctx context.Context, id string) (*challenge, bool, error) {
	return s.challengeFrom(ctx, id, func(cs store.Challenges) (store.Challenge, error) { return cs.TakeChallenge(ctx, id) })
}

// challengeFrom reads challenge id with read.
func (s *Server) challengeFrom(ctx context.Context, id string, read func(store.Challenges) (store.Challenge, error)) (*challenge, bool, error) {
	cs, ok := s.store.(store.Challenges)
	if !ok {
		return nil, false, nil
	}
	sc, err := read(cs)
	switch {
	case errors.Is(err, store.ErrNoChallenge):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("%w: %v", ErrStorage, err)
	}
	c, err := decodeChallenge(sc)
	if err != nil {
		return nil, false, err
	}
	if s.now().Sub(c.Created) > challengeTTL {
		return nil, false, nil
	}
	return c, true, nil
}

// pendingLines are the challenge events of the challenges open to or from
// account userID.
func (s *Server) pendingLines(ctx context.Context, userID string) [][]byte {
	cs, ok := s.store.(store.Challenges)
	if !ok {
		return nil
	}
	list, err := cs.ChallengesOf(ctx, userID, s.now().Add(-challengeTTL))
	if err != nil {
		s.log.Warn("event stream cannot list the open challenges", "err", err)
		return nil
	}
	var out [][]byte
	for _, sc := range list {
		if c, err := decodeChallenge(sc); err == nil {
			out = append(out, lichess.Line(lichess.ChallengeEvent{Type: "challenge", Challenge: c.json()}))
		}
	}
	return out
}

func userRef(u challengeUser) lichess.ChallengeUser {
	return lichess.ChallengeUser{ID: lichess.ID(u.Name), Name: u.Name}
}

func (c *challenge) json() lichess.Challenge {
	out := lichess.Challenge{ID: c.ID, URL: "/game/" + c.ID, Status: "created", Challenger: userRef(c.From), DestUser: userRef(c.To),
		Variant: lichess.VariantAt(c.Variant, c.FEN), Rated: c.Rated, Speed: lichess.Speed(c.Clock), Color: c.Asked, FinalColor: game.ColorName(c.Color),
		InitialFen: c.FEN}
	out.Perf.Name = lichess.Perf(c.Variant, c.Clock)
	switch {
	case c.Clock.PerMove:
		out.TimeControl = lichess.TimeControl{Type: "correspondence", DaysPerTurn: int(c.Clock.Initial / (24 * time.Hour))}
	case c.Clock.Initial > 0:
		limit, inc := int(c.Clock.Initial.Seconds()), int(c.Clock.Increment.Seconds())
		out.TimeControl = lichess.TimeControl{Type: "clock", Limit: limit, Increment: inc, Show: lichess.ClockShow(limit, inc)}
	default:
		out.TimeControl = lichess.TimeControl{Type: "unlimited"}
	}
	return out
}

// handleChallenge challenges account {username} (challenge:write).
func (s *Server) handleChallenge(w http.ResponseWriter, r *http.Request) {
	c, err := s.makeChallenge(w, r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, c.json())
}

// makeChallenge checks a challenge, makes its game and tells both sides.
func (s *Server) makeChallenge(w http.ResponseWriter, r *http.Request) (*challenge, error) {
	u, err := account.Allowed(r, account.ScopeChallengeWrite)
	if err != nil {
		return nil, err
	}
	f, err := lichess.ReadParams(r, w)
	if err != nil {
		return nil, err
	}
	req, err := lichess.ParseChallenge(f)
	if err != nil {
		return nil, err
	}
	ps, dest, err := s.userNamed(r)
	if err != nil {
		return nil, err
	}
	_ = ps
	if dest.ID == u.ID {
		return nil, fmt.Errorf("%w: you cannot challenge yourself", ErrBadRequest)
	}
	if err := s.takeCreation(guards.ClientAddress(r)); err != nil {
		return nil, err
	}
	cr := createRequest{Mode: game.ModeOnline, Variant: req.Variant, Color: req.Color, Rated: req.Rated, Name: u.Name, Setup: req.FEN}
	switch {
	case req.Days > 0:
		cr.Clock = &clockSpec{Days: req.Days}
	case req.Limit > 0:
		cr.Clock = &clockSpec{Minutes: float64(req.Limit) / 60, Increment: req.Inc}
	}
	player := playerID(u.Player)
	opts, color, err := s.gameOptions(cr, player)
	if err != nil {
		return nil, err
	}
	if req.Rated {
		if _, err := s.checkRated(r, opts); err != nil {
			return nil, err
		}
	}
	opts.Seats[color].Title = u.Title // a bot's seat says so from the start
	c := &challenge{ID: opts.ID, From: challengeUserOf(u), To: challengeUserOf(dest), Color: color, Asked: req.Color, Rated: req.Rated,
		Variant: opts.Variant, Clock: opts.Clock, FEN: req.FEN, Created: s.now()}
	if c.Variant == "" {
		c.Variant = game.DefaultVariant
	}
	if err := s.addChallenge(r.Context(), c); err != nil {
		return nil, err
	}
	resp, err := s.newGame(r.Context(), opts, player, guards.ClientAddress(r))
	if err == nil && req.Rated {
		err = s.markRated(r.Context(), resp.ID, resp.Color, u, opts)
	}
	if err != nil {
		_, _, _ = s.takeOpenChallenge(r.Context(), c.ID)
		return nil, err
	}
	ev := lichess.ChallengeEvent{Type: "challenge", Challenge: c.json()}
	s.publishEvent(c.To.Player, ev)
	s.publishEvent(c.From.Player, ev)
	return c, nil
}

// handleAccept accepts challenge {id}: only its destination may.
func (s *Server) handleAccept(w http.ResponseWriter, r *http.Request) {
	u, err := account.Allowed(r, account.ScopeChallengeWrite)
	if err == nil {
		err = s.acceptChallenge(r.Context(), r.PathValue("id"), u)
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, lichess.OK{OK: true})
}

// acceptChallenge seats u, the destination of challenge id, and starts
// the game for both.
func (s *Server) acceptChallenge(ctx context.Context, id string, u store.User) error {
	c, ok, err := s.openChallenge(ctx, id)
	if err != nil {
		return err
	}
	if !ok || c.To.ID != u.ID {
		return fmt.Errorf("%w: no such challenge to you", store.ErrNotFound)
	}
	if _, ok, err := s.takeOpenChallenge(ctx, id); err != nil || !ok {
		return errors.Join(err, fmt.Errorf("%w: no such challenge to you", store.ErrNotFound)) // answered meanwhile
	}
	cmd := round.JoinSeatCmd{Player: playerID(u.Player), Name: u.Name, Title: u.Title}
	if c.Rated {
		_, err = s.joinRated(ctx, id, cmd, u)
	} else {
		_, err = s.runSeatCommand(ctx, id, cmd)
	}
	return err // the seat taken, both hear of the game's start (gameevents.go)
}

// handleDecline declines challenge {id} (its destination), for a reason
// of lichess's (parseDecline), or cancels it (its challenger, whatever
// the reason); its game is aborted.
func (s *Server) handleDecline(w http.ResponseWriter, r *http.Request) {
	u, err := account.Allowed(r, account.ScopeChallengeWrite)
	var f map[string]string
	if err == nil {
		f, err = lichess.ReadParams(r, w)
	}
	var reason lichess.DeclineReason
	if err == nil {
		reason, err = lichess.ParseDecline(f) // before the challenge is taken: a bad body leaves it open
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	id := r.PathValue("id")
	c, ok, err := s.openChallenge(r.Context(), id)
	if err == nil && (!ok || (c.To.ID != u.ID && c.From.ID != u.ID)) {
		err = fmt.Errorf("%w: no such challenge", store.ErrNotFound)
	}
	if err == nil {
		if _, ok, err = s.takeOpenChallenge(r.Context(), id); err == nil && !ok {
			err = fmt.Errorf("%w: no such challenge", store.ErrNotFound) // answered meanwhile
		}
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	if err := s.act(r.Context(), id, c.From.Player, guards.ClientAddress(r), round.ClientMsg{T: "abort"}); err != nil &&
		!errors.Is(err, game.ErrGameOver) {
		s.log.Warn("cannot abort a declined challenge's game", "game", id, "err", err)
	}
	cj := c.json()
	typ := "challengeDeclined"
	cj.Status, cj.DeclineReason, cj.DeclineReasonKey = "declined", reason.Text, reason.EventKey()
	if u.ID == c.From.ID {
		typ, cj.Status, cj.DeclineReason, cj.DeclineReasonKey = "challengeCanceled", "canceled", "", ""
	}
	s.publishEvent(c.From.Player, lichess.ChallengeEvent{Type: typ, Challenge: cj})
	s.publishEvent(c.To.Player, lichess.ChallengeEvent{Type: typ, Challenge: cj})
	writeJSON(w, http.StatusOK, lichess.OK{OK: true})
}

// handleCancel cancels challenge {id}, lichess's POST
// /api/challenge/{id}/cancel: as a decline (handleDecline), by its
// challenger only.
func (s *Server) handleCancel(w http.ResponseWriter, r *http.Request) {
	u, err := account.Allowed(r, account.ScopeChallengeWrite)
	var c *challenge
	var ok bool
	if err == nil {
		c, ok, err = s.openChallenge(r.Context(), r.PathValue("id"))
	}
	if err == nil && (!ok || c.From.ID != u.ID) {
		err = fmt.Errorf("%w: no such challenge from you", store.ErrNotFound)
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.handleDecline(w, r)
}

// endedBy reports whether evs hold what ends a game: a declared ending,
// or a move (a game is never over before a move it has).
func endedBy(evs []game.Event) bool {
	for _, e := range evs {
		if e.Type == game.EventEnd || e.Type == game.EventMove {
			return true
		}
	}
	return false
}

// act runs client message m for player on game id (round.ActCmd), and
// returns its error.
func (s *Server) act(ctx context.Context, id, player, addr string, m round.ClientMsg) error {
	res := make(chan error, 1)
	cmd := round.ActCmd{Player: player, Addr: addr, Msg: m, Reply: func(err error) { res <- err }}
	err := s.withHub(ctx, id, func(h *round.Hub) error { return h.Send(ctx, cmd) })
	var remote *wire.RemoteOwner
	if errors.As(err, &remote) { // another node runs the game: it acts there
		msg, err := json.Marshal(m)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrBadRequest, err)
		}
		return s.actElsewhere(ctx, remote.Node, node.ActRequest{Game: id, Player: player, Addr: addr, Msg: msg})
	}
	if err != nil {
		return err
	}
	return <-res // an accepted command always runs and replies
}
