package round

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// message runs one client command.
func (h *Hub) message(ctx context.Context, c *Client, m ClientMsg) {
	switch m.T {
	case msgSync:
		h.sync(c, m.V)
		return
	case msgRematchOffer, msgRematchDecline:
		err := wire.ErrSpectator
		if !c.viewer.IsSpectator() {
			err = h.offerRematch(ctx, c, m.T == msgRematchDecline)
		}
		if err != nil {
			h.deliver(c, ErrorEvent(err))
		}
		return
	}
	if m.T == msgChat { // not a game command: no event, nothing saved
		h.say(c, m.Text)
		return
	}
	if m.T == msgMove {
		h.moveRead = m.Read // publish times the move's relay from it
	}
	h.apply(ctx, c, func(g *game.Game) ([]game.Event, error) { return h.command(g, c.viewer, m) })
	h.moveRead = time.Time{}
}

// command turns client message m into a game command on behalf of viewer
// v. Only a seat's holder acts for its colour: a spectator can do nothing,
// whatever it sends, and a player only what its own seat may.
func (h *Hub) command(g *game.Game, v game.Viewer, m ClientMsg) ([]game.Event, error) {
	if v.IsSpectator() {
		return nil, wire.ErrSpectator
	}
	me := Acting(v, g.Turn())
	switch m.T {
	case msgMove:
		if !v.Holds(g.Turn()) {
			return nil, fmt.Errorf("%w: %s to move", game.ErrNotYourTurn, game.ColorName(g.Turn()))
		}
		return g.MoveCredited(g.Turn(), m.U, m.Lag)
	case msgTakeback:
		return h.takeback(g, v)
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
		return g.Offer(Acting(v, g.Turn().Other()), game.OfferTakeback)
	case msgTakebackAccept, msgTakebackDecline:
		return g.Answer(answerer(g, v, game.OfferTakeback), game.OfferTakeback, m.T == msgTakebackAccept)
	case msgTakebackYes:
		if by, ok := g.TakebackOffer(); ok && !v.Holds(by) && v.Holds(by.Other()) {
			return g.Answer(by.Other(), game.OfferTakeback, true)
		}
		return g.Offer(Acting(v, g.Turn().Other()), game.OfferTakeback)
	case msgClaimVictory:
		return h.claimVictory(g, v, m.Draw)
	case msgBerserk:
		return g.Berserk(Berserker(g, v))
	}
	return nil, fmt.Errorf("%w %q", wire.ErrUnknownType, m.T)
}

// takeback takes back without asking where no other person plays: on one
// screen, the last move; against the computer, the human's last move and
// the computer's reply. Online, a takeback is asked for (takeback-offer)
// and the opponent answers.
func (h *Hub) takeback(g *game.Game, v game.Viewer) ([]game.Event, error) {
	switch {
	case g.Mode() == game.ModeOnline:
		return nil, fmt.Errorf("%w: ask your opponent (takeback-offer)", game.ErrNoTakeback)
	case v.Holds(chess.White) && v.Holds(chess.Black):
		return g.TakeBack(g.Turn().Other())
	}
	return g.TakeBack(Acting(v, g.Turn()))
}

// Acting is the colour viewer v acts as: prefer when it holds that seat,
// else the one seat it holds.
func Acting(v game.Viewer, prefer chess.Color) chess.Color {
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
	return Acting(v, g.Turn())
}

// joinSeat seats cmd's person: back in a seat they hold already, in the
// seats their old secret holds, or in the open seat if there is one.
func (h *Hub) joinSeat(ctx context.Context, cmd JoinSeatCmd) {
	if v := h.g.ViewerOf(cmd.Player); !v.IsSpectator() && cmd.Token == "" {
		h.rejoin(ctx, cmd, Acting(v, chess.White))
		return
	}
	seats := h.seatsFor(cmd)
	if len(seats) == 0 {
		err := fmt.Errorf("%w: both seats are taken; you can watch", game.ErrSeatTaken)
		if cmd.Token != "" {
			err = fmt.Errorf("%w: that secret holds no seat here", game.ErrSeatTaken)
		}
		cmd.Reply(chess.White, err, h.g)
		return
	}
	var err error
	h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) {
		var evs []game.Event
		for _, c := range seats {
			seat := game.Seat{Kind: game.SeatHuman, Player: cmd.Player, Name: cmd.Name, Title: cmd.Title}
			var more []game.Event
			if cmd.Token != "" {
				more, err = g.Reseat(c, cmd.Player)
			} else {
				more, err = g.Sit(c, seat)
			}
			evs = append(evs, more...)
			if err != nil {
				break
			}
		}
		return evs, err
	})
	if err == nil && h.g.Seat(seats[0]).Player != cmd.Player {
		err = fmt.Errorf("%w: the seat could not be saved", wire.ErrStorage)
	}
	cmd.Reply(seats[0], err, h.g)
}

// rejoin gives a person seat c, which they hold already. A name they give
// renames them before the first move (someone who took an invite's seat
// says who they are); after it they keep the name they sat down under.
func (h *Hub) rejoin(ctx context.Context, cmd JoinSeatCmd, c chess.Color) {
	var err error
	if cmd.Name != "" && cmd.Name != h.g.Seat(c).Name {
		h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) {
			var evs []game.Event
			evs, err = g.Rename(c, cmd.Name)
			return evs, err
		})
	}
	if errors.Is(err, game.ErrCannotRename) {
		err = nil
	}
	cmd.Reply(c, err, h.g)
}

// seatsFor returns the seats cmd would take: those its token holds, or the
// open one.
func (h *Hub) seatsFor(cmd JoinSeatCmd) []chess.Color {
	var out []chess.Color
	for _, c := range []chess.Color{chess.White, chess.Black} {
		seat := h.g.Seat(c)
		switch {
		case cmd.Token != "" && seat.Token != "" && subtle.ConstantTimeCompare([]byte(seat.Token), []byte(cmd.Token)) == 1:
			out = append(out, c)
		case cmd.Token == "" && seat.Kind == game.SeatOpen:
			return []chess.Color{c}
		}
	}
	return out
}

// withdraw runs a WithdrawCmd.
func (h *Hub) withdraw(ctx context.Context, cmd WithdrawCmd) {
	taken := fmt.Errorf("%w: the challenge is no longer open", game.ErrSeatTaken)
	if h.g.ViewerOf(cmd.Player).IsSpectator() || h.g.Status() != game.Created {
		cmd.Reply(taken)
		return
	}
	var err error
	before := h.g.Version()
	h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) {
		if g.Status() != game.Created { // checked again: a retry after a conflict sees the stored game
			err = taken
			return nil, err
		}
		var evs []game.Event
		evs, err = g.Abort(Acting(g.ViewerOf(cmd.Player), chess.White))
		return evs, err
	})
	if err == nil && h.g.Version() == before { // saved nothing: the store failed (saveFailed)
		err = fmt.Errorf("%w: try again", wire.ErrStorage)
	}
	cmd.Reply(err)
}
