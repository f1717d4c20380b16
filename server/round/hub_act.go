package round

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// ActCmd runs client message Msg for person Player without a connection:
// a program's request of the Board API (package lichess, through the server). It
// is the same command the WebSocket's message runs (command, say), so the
// same seat rules apply: Player acts only for the seats it holds. Addr is
// the client's address, for the chat's limit. Reply runs on the hub's
// goroutine with nil once the command is done, or why it was refused.
type ActCmd struct {
	Player string
	Addr   string
	Msg    ClientMsg
	Reply  func(error)
}

func (cmd ActCmd) run(ctx context.Context, h *Hub) { h.act(ctx, cmd) }

// act runs an ActCmd.
func (h *Hub) act(ctx context.Context, cmd ActCmd) {
	v := h.g.ViewerOf(cmd.Player)
	switch cmd.Msg.T {
	case msgChat:
		cmd.Reply(h.actSay(v, cmd.Addr, cmd.Msg))
		return
	case msgSync, msgRematchOffer, msgRematchDecline:
		cmd.Reply(wire.ErrUnknownType)
		return
	}
	var err error
	before := h.g.Version()
	h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) {
		evs, cerr := h.command(g, g.ViewerOf(cmd.Player), cmd.Msg)
		err = cerr
		return evs, cerr
	})
	if err == nil && h.g.Version() == before { // saved nothing: the store failed (saveFailed)
		err = fmt.Errorf("%w: try again", wire.ErrStorage)
	}
	cmd.Reply(err)
}

// actSay posts chat line m for viewer v as say does for a connection, in
// the players' room, or the spectators' when m asks for it, and returns
// why not when it may not. Only a player chats this way: the Board API
// acts for its account's seats, and lichess's is its players'.
func (h *Hub) actSay(v game.Viewer, addr string, m ClientMsg) error {
	if v.IsSpectator() {
		return fmt.Errorf("%w: the Board API's chat is the players'", game.ErrNotYourSeat)
	}
	c := &Client{viewer: v, Chat: newChatter(v), Addr: addr}
	if err := h.checkSay(c); err != nil {
		return err
	}
	r := roomPlayers
	if m.Spectators {
		r = roomSpectators
	}
	h.post(c, r, m.Text)
	return nil
}
