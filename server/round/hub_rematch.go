package round

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// Rematch: after an online game, either player may offer to play again
// with colours swapped; when both have, the hub creates the new game (same
// variant, start and time control; the same people, swapped) and sends
// every client there, spectators included. Offers are not game events: the
// game is over, and an offer lapses with the hub (a player who left is not
// waiting for an answer).

// rematchState is a finished game's pending rematch.
type rematchState struct {
	offered [2]bool
	next    string // the new game, once agreed
}

// RematchJSON is the "rematch" message: who offers, and the new game's id
// once both agreed.
type RematchJSON struct {
	Offer string `json:"offer,omitempty"` // the colour offering
	Next  string `json:"next,omitempty"`
}

func (r *rematchState) message() []byte {
	m := RematchJSON{Next: r.next}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if r.offered[c] {
			m.Offer = game.ColorName(c)
		}
	}
	return encode("rematch", m)
}

// rematchActive reports whether there is anything to tell of a rematch.
func (r *rematchState) active() bool { return r.next != "" || r.offered != [2]bool{} }

// offerRematch records viewer v's offer (or, decline, its refusal or
// withdrawal of either side's offer) and creates the new game once both
// sides offered.
// The agreeing client's address is charged a game creation, as any new
// game is; an aborted game has no rematch (it never began), nor a
// tournament's (the tournament pairs its players).
func (h *Hub) offerRematch(ctx context.Context, c *Client, decline bool) error {
	g, v := h.g, c.viewer
	if g.Mode() != game.ModeOnline || !g.Status().Finished() || g.Status() == game.Aborted {
		return fmt.Errorf("%w: a rematch is for an online game played to its end", wire.ErrBadRequest)
	}
	if g.Mandatory() {
		return fmt.Errorf("%w: a tournament's game has no rematch: the tournament pairs its players", wire.ErrBadRequest)
	}
	if h.rematch.next != "" {
		return nil // agreed already: the clients were sent there
	}
	me := Acting(v, chess.White)
	if decline {
		h.rematch.offered = [2]bool{}
	} else {
		h.rematch.offered[me] = true
	}
	if h.rematch.offered == [2]bool{true, true} {
		if err := h.env.TakeCreation(c.Addr); err != nil {
			h.rematch.offered[me] = false
			return err
		}
		next, err := h.env.CreateRematch(ctx, g)
		if err != nil {
			h.rematch.offered[me] = false
			return err
		}
		h.rematch.next = next
	}
	data := h.rematch.message()
	for cl := range h.clients {
		h.deliver(cl, data)
	}
	return nil
}
