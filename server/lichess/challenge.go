package lichess

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
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
// game itself is run by its owner as every game is, and the event lines
// reach the streams of every node (Config.Relay). Storing them was chosen
// over asking the game's owner: a challenge outlives its game's hub
// (nothing runs in a game no one has joined), so no node would hold it;
// and a restart keeps them. Their games, never begun, are swept as every
// stale game is.

// maxOpenChallenges bounds the open challenges one account has made.
const maxOpenChallenges = 20

// ChallengeTTL is how long a challenge stays open unanswered: its game,
// never begun, is swept as stale meanwhile (live.Games.ExpireStale).
const ChallengeTTL = 24 * time.Hour

// party is an account in a challenge: its id, its name, and its player id
// (the event streams'), never its secret.
type party struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Player string `json:"player"`
}

// partyOf is account u in a challenge.
func (a *API) partyOf(u store.User) party {
	return party{ID: u.ID, Name: u.Name, Player: a.srv.PlayerOf(u)}
}

// challenge is an open challenge; its JSON is what the store keeps of it
// beside its accounts' ids (store.Challenge.Data).
type challenge struct {
	ID      string           `json:"id"`
	From    party            `json:"from"`
	To      party            `json:"to"`
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
		return nil, fmt.Errorf("%w: challenge %s: %v", wire.ErrStorage, sc.ID, err)
	}
	switch {
	case c.ID != sc.ID || c.From.ID != sc.From || c.To.ID != sc.To:
		return nil, fmt.Errorf("%w: challenge %s: its data is another's", wire.ErrStorage, sc.ID)
	case c.Color != chess.White && c.Color != chess.Black:
		return nil, fmt.Errorf("%w: challenge %s: colour %d", wire.ErrStorage, sc.ID, c.Color)
	}
	return &c, nil
}

// challengeStore is the store of challenges; an error when it keeps none.
func (a *API) challengeStore() (store.Challenges, error) {
	cs, ok := a.store.(store.Challenges)
	if !ok {
		return nil, fmt.Errorf("%w: this server keeps no challenges", store.ErrNotFound)
	}
	return cs, nil
}

// addChallenge stores c unless its challenger has too many open.
func (a *API) addChallenge(ctx context.Context, c *challenge) error {
	cs, err := a.challengeStore()
	if err != nil {
		return err
	}
	since := c.Created.Add(-ChallengeTTL)
	if err := cs.ExpireChallenges(ctx, since); err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	open, err := cs.ChallengesOf(ctx, c.From.ID, since)
	if err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
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
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return nil
}

// SeatHeldFor reports which account game id's open seat is held for by
// an open challenge, ok false for none (or one expired): the browser's
// join seats that account only.
func (a *API) SeatHeldFor(ctx context.Context, id string) (userID, name string, ok bool, err error) {
	c, ok, err := a.openChallenge(ctx, id)
	if err != nil || !ok {
		return "", "", false, err
	}
	return c.To.ID, c.To.Name, true, nil
}

// openChallenge returns open challenge id, ok false for none (or one
// expired).
func (a *API) openChallenge(ctx context.Context, id string) (*challenge, bool, error) {
	return a.challengeFrom(func(cs store.Challenges) (store.Challenge, error) { return cs.Challenge(ctx, id) })
}

// takeOpenChallenge removes open challenge id and returns it, ok false when
// there is none or another request (on any node) took it first.
func (a *API) takeOpenChallenge(ctx context.Context, id string) (*challenge, bool, error) {
	return a.challengeFrom(func(cs store.Challenges) (store.Challenge, error) { return cs.TakeChallenge(ctx, id) })
}

// challengeFrom reads a challenge with read.
func (a *API) challengeFrom(read func(store.Challenges) (store.Challenge, error)) (*challenge, bool, error) {
	cs, ok := a.store.(store.Challenges)
	if !ok {
		return nil, false, nil
	}
	sc, err := read(cs)
	switch {
	case errors.Is(err, store.ErrNoChallenge):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	c, err := decodeChallenge(sc)
	if err != nil {
		return nil, false, err
	}
	if a.now().Sub(c.Created) > ChallengeTTL {
		return nil, false, nil
	}
	return c, true, nil
}

// pendingLines are the challenge events of the challenges open to or from
// account userID.
func (a *API) pendingLines(ctx context.Context, userID string) [][]byte {
	cs, ok := a.store.(store.Challenges)
	if !ok {
		return nil
	}
	list, err := cs.ChallengesOf(ctx, userID, a.now().Add(-ChallengeTTL))
	if err != nil {
		a.log.Warn("event stream cannot list the open challenges", "err", err)
		return nil
	}
	var out [][]byte
	for _, sc := range list {
		if c, err := decodeChallenge(sc); err == nil {
			out = append(out, Line(ChallengeEvent{Type: "challenge", Challenge: c.shape()}))
		}
	}
	return out
}

func userRef(u party) ChallengeUser {
	return ChallengeUser{ID: ID(u.Name), Name: u.Name}
}

// shape is c in lichess's shape of a challenge.
func (c *challenge) shape() Challenge {
	out := Challenge{ID: c.ID, URL: "/game/" + c.ID, Status: "created", Challenger: userRef(c.From), DestUser: userRef(c.To),
		Variant: VariantAt(c.Variant, c.FEN), Rated: c.Rated, Speed: Speed(c.Clock), Color: c.Asked, FinalColor: game.ColorName(c.Color),
		InitialFen: c.FEN}
	out.Perf.Name = Perf(c.Variant, c.Clock)
	switch {
	case c.Clock.PerMove:
		out.TimeControl = TimeControl{Type: "correspondence", DaysPerTurn: int(c.Clock.Initial / (24 * time.Hour))}
	case c.Clock.Initial > 0:
		limit, inc := int(c.Clock.Initial.Seconds()), int(c.Clock.Increment.Seconds())
		out.TimeControl = TimeControl{Type: "clock", Limit: limit, Increment: inc, Show: ClockShow(limit, inc)}
	default:
		out.TimeControl = TimeControl{Type: "unlimited"}
	}
	return out
}

// challengeListJSON is lichess's answer to GET /api/challenge: the open
// challenges made to the account (in) and by it (out).
type challengeListJSON struct {
	In  []Challenge `json:"in"`
	Out []Challenge `json:"out"`
}

// Challenges answers GET /api/challenge (challenge:read).
func (a *API) Challenges(w http.ResponseWriter, r *http.Request) {
	u, err := a.srv.Allowed(r, ChallengeRead)
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	cs, err := a.challengeStore()
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	list, err := cs.ChallengesOf(r.Context(), u.ID, a.now().Add(-ChallengeTTL))
	if err != nil {
		a.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	out := challengeListJSON{In: []Challenge{}, Out: []Challenge{}}
	for _, sc := range list {
		c, err := decodeChallenge(sc)
		if err != nil {
			a.log.Warn("a stored challenge cannot be read", "challenge", sc.ID, "err", err)
			continue
		}
		if c.From.ID == u.ID {
			out.Out = append(out.Out, c.shape())
		} else {
			out.In = append(out.In, c.shape())
		}
	}
	wire.WriteJSON(w, http.StatusOK, out)
}

// Challenge challenges account {name} (challenge:write): POST
// /api/challenge/{name}.
func (a *API) Challenge(w http.ResponseWriter, r *http.Request) {
	c, err := a.makeChallenge(w, r)
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusOK, c.shape())
}

// makeChallenge checks a challenge, makes its game and tells both sides.
func (a *API) makeChallenge(w http.ResponseWriter, r *http.Request) (*challenge, error) {
	u, err := a.srv.Allowed(r, ChallengeWrite)
	if err != nil {
		return nil, err
	}
	f, err := ReadParams(r, w)
	if err != nil {
		return nil, err
	}
	req, err := ParseChallenge(f)
	if err != nil {
		return nil, err
	}
	dest, err := a.srv.Named(r)
	if err != nil {
		return nil, err
	}
	if dest.ID == u.ID {
		return nil, fmt.Errorf("%w: you cannot challenge yourself", wire.ErrBadRequest)
	}
	opts, color, err := a.srv.NewGame(r, u, req)
	if err != nil {
		return nil, err
	}
	opts.Seats[color].Title = u.Title // a bot's seat says so from the start
	c := &challenge{ID: opts.ID, From: a.partyOf(u), To: a.partyOf(dest), Color: color, Asked: req.Color, Rated: req.Rated,
		Variant: opts.Variant, Clock: opts.Clock, FEN: req.FEN, Created: a.now()}
	if c.Variant == "" {
		c.Variant = game.DefaultVariant
	}
	if err := a.addChallenge(r.Context(), c); err != nil {
		return nil, err
	}
	if err := a.srv.StartGame(r, u, opts, req.Rated); err != nil {
		_, _, _ = a.takeOpenChallenge(r.Context(), c.ID)
		return nil, err
	}
	ev := ChallengeEvent{Type: "challenge", Challenge: c.shape()}
	a.publish(c.To.Player, ev)
	a.publish(c.From.Player, ev)
	return c, nil
}

// Accept accepts challenge {id}: only its destination may.
func (a *API) Accept(w http.ResponseWriter, r *http.Request) {
	u, err := a.srv.Allowed(r, ChallengeWrite)
	if err == nil {
		err = a.acceptChallenge(r.Context(), r.PathValue("id"), u)
	}
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusOK, OK{OK: true})
}

// acceptChallenge seats u, the destination of challenge id, and starts
// the game for both.
func (a *API) acceptChallenge(ctx context.Context, id string, u store.User) error {
	c, ok, err := a.openChallenge(ctx, id)
	if err != nil {
		return err
	}
	if !ok || c.To.ID != u.ID {
		return fmt.Errorf("%w: no such challenge to you", store.ErrNotFound)
	}
	if _, ok, err := a.takeOpenChallenge(ctx, id); err != nil || !ok {
		return errors.Join(err, fmt.Errorf("%w: no such challenge to you", store.ErrNotFound)) // answered meanwhile
	}
	return a.srv.Seat(ctx, id, u, c.Rated) // the seat taken, both hear of the game's start (gameevents.go)
}

// Decline declines challenge {id} (its destination), for a reason of
// lichess's (ParseDecline), or cancels it (its challenger, whatever the
// reason); its game is aborted.
func (a *API) Decline(w http.ResponseWriter, r *http.Request) {
	u, err := a.srv.Allowed(r, ChallengeWrite)
	var f map[string]string
	if err == nil {
		f, err = ReadParams(r, w)
	}
	var reason DeclineReason
	if err == nil {
		reason, err = ParseDecline(f) // before the challenge is taken: a bad body leaves it open
	}
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	id := r.PathValue("id")
	c, ok, err := a.openChallenge(r.Context(), id)
	if err == nil && (!ok || (c.To.ID != u.ID && c.From.ID != u.ID)) {
		err = fmt.Errorf("%w: no such challenge", store.ErrNotFound)
	}
	if err == nil {
		if _, ok, err = a.takeOpenChallenge(r.Context(), id); err == nil && !ok {
			err = fmt.Errorf("%w: no such challenge", store.ErrNotFound) // answered meanwhile
		}
	}
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	if err := a.srv.Act(r.Context(), id, c.From.Player, guards.ClientAddress(r), Action{Type: "abort"}); err != nil &&
		!errors.Is(err, game.ErrGameOver) {
		a.log.Warn("cannot abort a declined challenge's game", "game", id, "err", err)
	}
	cj := c.shape()
	typ := "challengeDeclined"
	cj.Status, cj.DeclineReason, cj.DeclineReasonKey = "declined", reason.Text, reason.EventKey()
	if u.ID == c.From.ID {
		typ, cj.Status, cj.DeclineReason, cj.DeclineReasonKey = "challengeCanceled", "canceled", "", ""
	}
	a.publish(c.From.Player, ChallengeEvent{Type: typ, Challenge: cj})
	a.publish(c.To.Player, ChallengeEvent{Type: typ, Challenge: cj})
	wire.WriteJSON(w, http.StatusOK, OK{OK: true})
}

// Cancel cancels challenge {id}, lichess's POST
// /api/challenge/{id}/cancel: as a decline (Decline), by its challenger
// only.
func (a *API) Cancel(w http.ResponseWriter, r *http.Request) {
	u, err := a.srv.Allowed(r, ChallengeWrite)
	var c *challenge
	var ok bool
	if err == nil {
		c, ok, err = a.openChallenge(r.Context(), r.PathValue("id"))
	}
	if err == nil && (!ok || c.From.ID != u.ID) {
		err = fmt.Errorf("%w: no such challenge from you", store.ErrNotFound)
	}
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	a.Decline(w, r)
}
