package server

import (
	"context"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// hubCmd is a command a hub takes on its channel: the closed set of types
// in this file, one per kind of command, each run on the hub's goroutine
// (as lila's round actor takes its typed messages). The unexported method
// keeps the set closed: nothing outside this package can add to it, and
// the hub has no default case to forget.
type hubCmd interface {
	run(ctx context.Context, h *hub)
}

// joinCmd: a connection joins the game (this node's, or another's relayed).
type joinCmd struct {
	c      *client
	since  int64  // last version the client saw, or -1
	player string // the person's id, from the player cookie
}

func (cmd joinCmd) run(_ context.Context, h *hub) { h.join(cmd) }

// leaveCmd: a connection has gone.
type leaveCmd struct{ c *client }

func (cmd leaveCmd) run(_ context.Context, h *hub) {
	h.dropClient(cmd.c)
	h.notePresence()
}

// messageCmd: a client's message, read and parsed (hub_commands.go).
type messageCmd struct {
	c   *client
	msg clientMsg
}

func (cmd messageCmd) run(ctx context.Context, h *hub) { h.message(ctx, cmd.c, cmd.msg) }

// joinSeatCmd seats a person: in an invite game's open seat, or (token
// set) in the seats an older release's secret holds. reply runs on the
// hub's goroutine with the colour, or the error, once the seat is saved.
type joinSeatCmd struct {
	player string // the person's id
	token  string // adopt: the seats' old secret
	reply  func(chess.Color, error, *game.Game)
}

func (cmd joinSeatCmd) run(ctx context.Context, h *hub) { h.joinSeat(ctx, cmd) }

// readCmd runs a read-only function on the hub's game (an HTTP answer
// about a live game).
type readCmd func(g *game.Game)

func (cmd readCmd) run(_ context.Context, h *hub) { cmd(h.g) }

// flagCmd: the flag timer fired; the game ends on time if a flag fell.
type flagCmd struct{}

func (flagCmd) run(ctx context.Context, h *hub) {
	h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) { return g.Flag(), nil })
}

// idleCmd: the idle grace is over; the loop retires the hub if it is
// still idle (hub.run).
type idleCmd struct{}

func (idleCmd) run(context.Context, *hub) {}

// computerIdleCmd: a game against the computer went ComputerIdle without
// a move (at version); it no longer counts among the live ones.
type computerIdleCmd struct{ version int64 }

func (cmd computerIdleCmd) run(_ context.Context, h *hub) {
	if cmd.version == h.g.Version() { // no move since
		h.env.computer.Release(h.g.ID())
	}
}

// botMoveCmd: the computer's move, thought at version (stale if the game
// has changed since).
type botMoveCmd struct {
	version int64  // the game's version when the bot started thinking
	move    string // coordinate text
	err     error
}

func (cmd botMoveCmd) run(ctx context.Context, h *hub) { h.botMoved(ctx, cmd) }

// botDrawCmd: the computer's answer to a draw offer, given at version.
type botDrawCmd struct {
	version int64
	accept  bool
}

func (cmd botDrawCmd) run(ctx context.Context, h *hub) { h.botAnswered(ctx, cmd) }

// presenceCmd is a presence timer's wake-up: abort an overdue opening, and
// send what changed (a claim now possible).
type presenceCmd struct{}

func (presenceCmd) run(ctx context.Context, h *hub) { h.presenceTick(ctx) }

// presenceFlushCmd is the presence interval's end: send what changed in it.
type presenceFlushCmd struct{}

func (presenceFlushCmd) run(_ context.Context, h *hub) { h.flushPresence(true) }

// leaseLostCmd tells a hub another node now owns its game: nothing more is
// saved from here, and its clients reconnect, to the new owner.
type leaseLostCmd struct{}

func (leaseLostCmd) run(_ context.Context, h *hub) {
	h.failed = true
	for c := range h.clients {
		c.close()
	}
}
