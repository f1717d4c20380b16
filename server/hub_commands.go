package server

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// message runs one client command.
func (h *hub) message(ctx context.Context, c *client, m clientMsg) {
	if m.T == msgSync {
		h.catchUp(c, m.V)
		return
	}
	if m.T == msgChat { // not a game command: no event, nothing saved
		h.say(c, m.Text)
		return
	}
	h.apply(ctx, c, func(g *game.Game) ([]game.Event, error) { return h.command(c.viewer, m) })
}

// command turns client message m into a game command on behalf of viewer
// v. Only a seat's holder acts for its colour: a spectator can do nothing,
// whatever it sends, and a player only what its own seat may.
func (h *hub) command(v game.Viewer, m clientMsg) ([]game.Event, error) {
	g := h.g
	if v.IsSpectator() {
		return nil, ErrSpectator
	}
	me := acting(v, g.Turn())
	switch m.T {
	case msgMove:
		if !v.Holds(g.Turn()) {
			return nil, fmt.Errorf("%w: %s to move", game.ErrNotYourTurn, game.ColorName(g.Turn()))
		}
		return g.Move(g.Turn(), m.U)
	case msgTakeback:
		return h.takeback(v)
	case msgResign:
		return g.Resign(me)
	case msgAbort:
		return g.Abort(me)
	case msgDrawOffer:
		return g.Offer(me, game.OfferDraw)
	case msgDrawAccept, msgDrawDecline:
		return g.Answer(answerer(g, v, game.OfferDraw), game.OfferDraw, m.T == msgDrawAccept)
	case msgDrawClaim:
		if !v.Holds(g.Turn()) {
			return nil, fmt.Errorf("%w: only the side to move may claim", game.ErrNotYourTurn)
		}
		return g.ClaimDraw(g.Turn())
	case msgTakebackOffer:
		return g.Offer(acting(v, g.Turn().Other()), game.OfferTakeback)
	case msgTakebackAccept, msgTakebackDecline:
		return g.Answer(answerer(g, v, game.OfferTakeback), game.OfferTakeback, m.T == msgTakebackAccept)
	}
	return nil, fmt.Errorf("%w %q", ErrUnknownType, m.T)
}

// takeback takes back without asking where no other person plays: on one
// screen, the last move; against the computer, the human's last move and
// the computer's reply. Online, a takeback is asked for (takeback-offer)
// and the opponent answers.
func (h *hub) takeback(v game.Viewer) ([]game.Event, error) {
	g := h.g
	switch {
	case g.Mode() == game.ModeOnline:
		return nil, fmt.Errorf("%w: ask your opponent (takeback-offer)", game.ErrNoTakeback)
	case v.Holds(chess.White) && v.Holds(chess.Black):
		return g.TakeBack(g.Turn().Other())
	}
	return g.TakeBack(acting(v, g.Turn()))
}

// acting is the colour viewer v acts as: prefer when it holds that seat,
// else the one seat it holds.
func acting(v game.Viewer, prefer chess.Color) chess.Color {
	if v.Holds(prefer) {
		return prefer
	}
	return prefer.Other()
}

// answerer is the colour viewer v answers an offer of kind k as: the
// opponent of whoever offered, when v holds that seat; else v's own seat
// (declining one's own offer withdraws it).
func answerer(g *game.Game, v game.Viewer, k game.OfferKind) chess.Color {
	var by chess.Color
	var ok bool
	if k == game.OfferDraw {
		by, ok = g.DrawOffer()
	} else {
		by, ok = g.TakebackOffer()
	}
	if ok && v.Holds(by.Other()) {
		return by.Other()
	}
	return acting(v, g.Turn())
}

// joinSeatCmd takes the open seat of an invite game for a new player; reply
// runs on the hub's goroutine with the colour taken, or the error, once the
// seat is saved.
type joinSeatCmd struct {
	seat  game.Seat
	reply func(chess.Color, error, *game.Game)
}

// joinSeat seats cmd's player in the game's open seat, if there is one.
func (h *hub) joinSeat(ctx context.Context, cmd joinSeatCmd) {
	color, open := chess.White, false
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if h.g.Seat(c).Kind == game.SeatOpen {
			color, open = c, true
		}
	}
	if !open {
		cmd.reply(color, fmt.Errorf("%w: both seats are taken; you can watch", game.ErrSeatTaken), h.g)
		return
	}
	var err error
	h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) {
		evs, serr := g.Sit(color, cmd.seat)
		err = serr
		return evs, serr
	})
	if err == nil && h.g.Seat(color).Token != cmd.seat.Token {
		err = fmt.Errorf("%w: the seat could not be saved", ErrStorage)
	}
	cmd.reply(color, err, h.g)
}
