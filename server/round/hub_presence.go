package round

import (
	"context"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// Presence: who is connected to a game, shown to everyone ("online",
// "offline", "3 watching"), and what follows when a player stays away. In
// an online game whose player has been away for claimAfter, the opponent
// may claim the win or call it a draw; an online game in which a side has
// not made its first move within firstMoveTime of its turn is aborted, as
// neither clock runs before both first moves. Presence is not a game
// event: it lives with the hub and starts afresh (everyone away since the
// hub started) when a game is loaded.

// (Correspondence games have neither: there the clock decides.)

// Presence goes out coalesced: spectators coming and going would
// otherwise send the watching count to every client at each arrival, a
// cost quadratic in the audience (2,000 arrivals: 4 million messages).
// Everyone gets the presence at most once per Settings.PresenceEvery, the
// first change after a quiet interval at once and the changes within one
// together at its end, as they stand then; a newcomer is told it as it
// joins, to itself only. A seat going online or offline, or its claim
// becoming possible, reaches the players' connections at once (a few,
// whatever the audience), so the opponent of a player who left learns it
// without waiting; the spectators learn it with the rest.

// presence is a hub's knowledge of who is connected.
type presence struct {
	since    [2]time.Time // when colour c's last connection closed, or the hub started; zero while connected
	seated   [2]int       // connections holding colour c's seat
	watching int          // spectators' connections
	last     []byte       // the last presence message sent to everyone, to send only changes
	sentAt   time.Time    // when last went out
	pending  bool         // a change not yet sent to everyone
	flush    *time.Timer  // wakes the hub when the pending change may go out
	seats    seatsKey     // what the players were last told of the seats
	claim    *time.Timer  // wakes the hub when a claim becomes possible
	opening  *time.Timer  // wakes the hub when a first move is overdue
	basis    gameBasis    // what of the game the message and timers were worked out from
}

// seatsKey is what of the seats the players are told at once when it
// changes: online, and whether a claim is coming or possible (not the
// countdown itself, which changes at every look).
type seatsKey [2]struct{ online, claimable, due bool }

// count notes client c arriving (d = 1) or leaving (-1).
func (p *presence) count(c *Client, d int) {
	if c.viewer.IsSpectator() {
		p.watching += d
		return
	}
	for _, col := range []chess.Color{chess.White, chess.Black} {
		if c.viewer.Holds(col) {
			p.seated[col] += d
		}
	}
}

// gameBasis is what presence depends on in the game itself (the rest is
// who is connected): a move in a game under way changes none of it, so
// the move loop does no presence work.
type gameBasis struct {
	status  game.Status
	started bool // both sides have moved
	seats   [2]game.SeatKind
	version int64 // only before both sides moved: the first-move deadline runs from the last change
}

func basisOf(g *game.Game) gameBasis {
	b := gameBasis{status: g.Status(), started: g.BothMoved(),
		seats: [2]game.SeatKind{g.Seat(chess.White).Kind, g.Seat(chess.Black).Kind}}
	if !b.started {
		b.version = g.Version()
	}
	return b
}

// gameChanged brings presence up to date after a change to the game, when
// the change touched what presence depends on.
func (h *Hub) gameChanged() {
	if b := basisOf(h.g); b != h.presence.basis || h.presence.last == nil {
		h.notePresence()
	}
}

// PresenceJSON is the "presence" message.
type PresenceJSON struct {
	White    SeatPresence `json:"white"`
	Black    SeatPresence `json:"black"`
	Watching int          `json:"watching"` // spectators connected
}

// SeatPresence is one seat's presence; ClaimIn (ms) is set when its player
// is away in an online game in play: the time until the opponent may claim.
type SeatPresence struct {
	Online  bool   `json:"online"`
	ClaimIn *int64 `json:"claimIn,omitempty"`
}

// connected reports whether some connection holds colour c's seat.
func (h *Hub) connected(c chess.Color) bool { return h.presence.seated[c] > 0 }

// notePresence updates when each seat went away and arms the timers that
// follow from it, tells the players at once when a seat changed, and
// sends everyone the presence now or at the end of the interval (see
// above). It returns the presence as it is, and who was just sent it.
func (h *Hub) notePresence() ([]byte, audience) {
	now := h.env.Now()
	data, key := h.presenceNow(now)
	h.presence.basis = basisOf(h.g)
	h.armPresenceTimers(now)
	h.armAway(now)
	h.env.Lobby.Note(h.g, h.connected)
	h.presence.pending = string(data) != string(h.presence.last)
	if h.flushPresence(false) {
		return data, toEveryone
	}
	if key == h.presence.seats {
		return data, toNone
	}
	// A seat changed (even back to what everyone last heard: the players
	// heard otherwise since).
	h.presence.seats = key
	for cl := range h.clients {
		if !cl.viewer.IsSpectator() {
			h.deliver(cl, data)
		}
	}
	return data, toPlayers
}

// audience is who was sent a presence message.
type audience int

const (
	toNone audience = iota
	toPlayers
	toEveryone
)

// got reports whether client c was among those sent it.
func (a audience) got(c *Client) bool {
	return a == toEveryone || a == toPlayers && !c.viewer.IsSpectator()
}

// presenceNow is the presence message as of now, and what it says of the
// seats; it notes when a seat went away.
func (h *Hub) presenceNow(now time.Time) ([]byte, seatsKey) {
	msg := PresenceJSON{Watching: h.presence.watching}
	var key seatsKey
	for _, c := range []chess.Color{chess.White, chess.Black} {
		p := SeatPresence{Online: h.connected(c)}
		switch {
		case p.Online:
			h.presence.since[c] = time.Time{}
		case h.presence.since[c].IsZero():
			h.presence.since[c] = now
		}
		if h.claimable(c) {
			in := max(h.presence.since[c].Add(h.env.ClaimAfter).Sub(now), 0).Milliseconds()
			p.ClaimIn = &in
		}
		key[c].online, key[c].claimable, key[c].due = p.Online, p.ClaimIn != nil, p.ClaimIn != nil && *p.ClaimIn == 0
		if c == chess.White {
			msg.White = p
		} else {
			msg.Black = p
		}
	}
	return encode("presence", msg), key
}

// flushPresence sends everyone the presence as it stands, if it changed
// since they were last sent it and an interval has passed since (or the
// interval's timer fired: due); else it arms that timer, once. It reports
// whether it sent. The interval is in real time, as the timer's is,
// whatever clock the server's Now reads.
func (h *Hub) flushPresence(due bool) bool {
	if due {
		h.presence.flush = nil
	}
	if !h.presence.pending {
		return false
	}
	if wait := time.Until(h.presence.sentAt.Add(h.env.PresenceEvery)); !due && wait > 0 {
		if h.presence.flush == nil {
			h.presence.flush = time.AfterFunc(wait, func() { _ = h.Send(h.env.Ctx, presenceFlushCmd{}) })
		}
		return false
	}
	if h.presence.flush != nil {
		h.presence.flush.Stop()
		h.presence.flush = nil
	}
	data, key := h.presenceNow(h.env.Now())
	h.presence.pending = false
	h.presence.last, h.presence.sentAt, h.presence.seats = data, time.Now(), key
	for cl := range h.clients {
		h.deliver(cl, data)
	}
	return true
}

// claimable reports whether the opponent of away colour c could claim once
// enough time has passed: an online game in play, both seats taken by
// people, both sides having moved.
func (h *Hub) claimable(c chess.Color) bool {
	g := h.g
	if k := g.Clock(); k != nil && k.PerMove {
		return false // correspondence: players come and go; the clock decides
	}
	return g.Mode() == game.ModeOnline && !g.Status().Finished() && g.BothMoved() &&
		g.Seat(c).Kind == game.SeatHuman && g.Seat(c.Other()).Kind == game.SeatHuman
}

// armPresenceTimers wakes the hub when an away player's opponent may claim
// (to tell the clients) and when a first move is overdue (to abort).
func (h *Hub) armPresenceTimers(now time.Time) {
	stop := func(t **time.Timer) {
		if *t != nil {
			(*t).Stop()
			*t = nil
		}
	}
	stop(&h.presence.claim)
	stop(&h.presence.opening)
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if since := h.presence.since[c]; !since.IsZero() && h.claimable(c) && now.Sub(since) < h.env.ClaimAfter {
			h.presence.claim = time.AfterFunc(since.Add(h.env.ClaimAfter).Sub(now)+10*time.Millisecond,
				func() { _ = h.Send(h.env.Ctx, presenceCmd{}) })
			break
		}
	}
	if deadline, ok := h.openingDeadline(); ok {
		h.presence.opening = time.AfterFunc(max(deadline.Sub(now), 0)+10*time.Millisecond,
			func() { _ = h.Send(h.env.Ctx, presenceCmd{}) })
	}
}

// openingDeadline is when an online game whose sides have not both moved
// ends (game.StartLapsed: aborted; a tournament's, lost by the side to
// move): firstMoveTime after its last change, once both seats are taken.
func (h *Hub) openingDeadline() (time.Time, bool) {
	g := h.g
	if k := g.Clock(); k != nil && k.PerMove {
		return time.Time{}, false // correspondence: a first move may take days
	}
	if g.Mode() != game.ModeOnline || g.Status().Finished() || g.BothMoved() ||
		g.Seat(chess.White).Kind == game.SeatOpen || g.Seat(chess.Black).Kind == game.SeatOpen {
		return time.Time{}, false
	}
	return g.UpdatedAt().Add(h.env.FirstMoveTime), true
}

func (h *Hub) presenceTick(ctx context.Context) {
	if deadline, ok := h.openingDeadline(); ok && !h.env.Now().Before(deadline) {
		h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) { return g.StartLapsed() })
	}
	h.notePresence()
}

// claimVictory ends the game for viewer v's side when its opponent has been
// away long enough: a win, or (draw) a draw.
func (h *Hub) claimVictory(g *game.Game, v game.Viewer, draw bool) ([]game.Event, error) {
	me := Acting(v, g.Turn())
	away := me.Other()
	if v.Holds(away) {
		return nil, fmt.Errorf("%w: you hold both seats", game.ErrCannotClaim)
	}
	since := h.presence.since[away]
	if !h.claimable(away) || since.IsZero() {
		return nil, fmt.Errorf("%w: your opponent is here", game.ErrCannotClaim)
	}
	if wait := since.Add(h.env.ClaimAfter).Sub(h.env.Now()); wait > 0 {
		seconds := int(wait.Seconds()) + 1
		return nil, &wire.Detailed{Err: fmt.Errorf("%w: your opponent may come back: wait %d s more", game.ErrCannotClaim, seconds),
			Reason: "claim_early", Params: map[string]int{"seconds": seconds}}
	}
	return g.ClaimAbandoned(me, !draw)
}

// A game against the computer whose player has gone (no connection of
// theirs for ComputerAway) stops counting among the live ones of the
// player's address, as it does after ComputerIdle without a move: a
// player who left a game holds no place. Their next move counts it again.

// armAway arms the timer that frees the place of a game against the
// computer whose player is not connected, and stops it when they are.
func (h *Hub) armAway(now time.Time) {
	since, away := h.humanAway()
	if !away {
		if h.awayTimer != nil {
			h.awayTimer.Stop()
			h.awayTimer = nil
		}
		return
	}
	if h.awayTimer == nil {
		h.awayTimer = time.AfterFunc(max(since.Add(h.env.ComputerAway).Sub(now), 0)+10*time.Millisecond,
			func() { _ = h.Send(h.env.Ctx, computerAwayCmd{}) })
	}
}

// humanAway reports since when the person playing a live game against the
// computer has had no connection to it (false: not such a game, or they
// are connected).
func (h *Hub) humanAway() (time.Time, bool) {
	g := h.g
	if !AgainstComputer(g) {
		return time.Time{}, false
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if g.Seat(c).Kind == game.SeatHuman {
			since := h.presence.since[c]
			return since, !since.IsZero()
		}
	}
	return time.Time{}, false
}

// computerAwayCmd: the away timer fired; the game stops counting if its
// player is still away.
type computerAwayCmd struct{}

func (computerAwayCmd) run(_ context.Context, h *Hub) {
	h.awayTimer = nil
	since, away := h.humanAway()
	if !away {
		return
	}
	if h.env.Now().Sub(since) >= h.env.ComputerAway {
		h.env.Computer.Release(h.g.ID())
		return
	}
	h.armAway(h.env.Now()) // came and went meanwhile: wait out the new absence
}
