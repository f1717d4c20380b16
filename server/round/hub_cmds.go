package round

import (
	"context"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// Cmd is a command a hub takes on its channel: the closed set of types
// in this file, one per kind of command, each run on the hub's goroutine
// (as lila's round actor takes its typed messages). The unexported method
// keeps the set closed: nothing outside this package can add to it, and
// the hub has no default case to forget.
type Cmd interface {
	run(ctx context.Context, h *Hub)
}

// JoinCmd: a connection joins the game (this node's, or another's relayed).
type JoinCmd struct {
	Client *Client
	Since  int64  // last version the client saw, or -1
	Player string // the person's id, from the player cookie
}

func (cmd JoinCmd) run(_ context.Context, h *Hub) { h.join(cmd) }

// LeaveCmd: a connection has gone.
type LeaveCmd struct{ Client *Client }

func (cmd LeaveCmd) run(_ context.Context, h *Hub) {
	h.dropClient(cmd.Client)
	h.notePresence()
}

// MessageCmd: a client's message, read and parsed (hub_commands.go).
type MessageCmd struct {
	Client *Client
	Msg    ClientMsg
}

func (cmd MessageCmd) run(ctx context.Context, h *Hub) { h.message(ctx, cmd.Client, cmd.Msg) }

// JoinSeatCmd seats a person: in an invite game's open seat, or (token
// set) in the seats an older release's secret holds. Reply runs on the
// hub's goroutine with the colour, or the error, once the seat is saved.
type JoinSeatCmd struct {
	Player string // the person's id
	Name   string // the person's display name (game.ParseName), "" for none
	Title  string // the account's title when Player is an account's own ("BOT"), else ""
	Token  string // adopt: the seats' old secret
	Reply  func(chess.Color, error, *game.Game)
}

func (cmd JoinSeatCmd) run(ctx context.Context, h *Hub) { h.joinSeat(ctx, cmd) }

// ReadCmd runs a read-only function on the hub's game (an HTTP answer
// about a live game).
type ReadCmd func(g *game.Game)

func (cmd ReadCmd) run(_ context.Context, h *Hub) { cmd(h.g) }

// flagCmd: the flag timer fired; the game ends on time if a flag fell.
type flagCmd struct{}

func (flagCmd) run(ctx context.Context, h *Hub) {
	h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) { return g.Flag(), nil })
}

// IdleCmd: the idle grace is over; the loop retires the hub if it is
// still idle (hub.run).
type IdleCmd struct{}

func (IdleCmd) run(context.Context, *Hub) {}

// computerIdleCmd: a game against the computer went ComputerIdle without
// a move (at version); it no longer counts among the live ones.
type computerIdleCmd struct{ version int64 }

func (cmd computerIdleCmd) run(_ context.Context, h *Hub) {
	if cmd.version == h.g.Version() { // no move since
		h.env.Computer.Release(h.g.ID())
	}
}

// botMoveCmd: the computer's move, thought at version (stale if the game
// has changed since).
type botMoveCmd struct {
	version int64  // the game's version when the bot started thinking
	move    string // coordinate text
	err     error
}

func (cmd botMoveCmd) run(ctx context.Context, h *Hub) { h.botMoved(ctx, cmd) }

// botDrawCmd: the computer's answer to a draw offer, given at version.
type botDrawCmd struct {
	version int64
	accept  bool
}

func (cmd botDrawCmd) run(ctx context.Context, h *Hub) { h.botAnswered(ctx, cmd) }

// presenceCmd is a presence timer's wake-up: abort an overdue opening, and
// send what changed (a claim now possible).
type presenceCmd struct{}

func (presenceCmd) run(ctx context.Context, h *Hub) { h.presenceTick(ctx) }

// presenceFlushCmd is the presence interval's end: send what changed in it.
type presenceFlushCmd struct{}

func (presenceFlushCmd) run(_ context.Context, h *Hub) { h.flushPresence(true) }

// LeaseLostCmd tells a hub another node now owns its game: nothing more is
// saved from here, and its clients reconnect, to the new owner.
type LeaseLostCmd struct{}

func (LeaseLostCmd) run(_ context.Context, h *Hub) {
	h.failed = true
	for c := range h.clients {
		c.Close()
	}
}

// AgainstComputer reports whether g is a game against the computer that
// is not over.
func AgainstComputer(g *game.Game) bool {
	return !g.Status().Finished() && (g.Seat(chess.White).Kind == game.SeatBot || g.Seat(chess.Black).Kind == game.SeatBot)
}

// WithdrawCmd takes back lobby challenge of Player's, who waited in it
// and now moves to another (quick pairing's rated pool): the game is
// aborted only while it is still a challenge (Status Created, the other
// seat open), so nobody who took the seat meanwhile loses their game.
// Reply runs on the hub's goroutine with nil once it is aborted, or why
// not (game.ErrSeatTaken when the seat was taken).
type WithdrawCmd struct {
	Player string
	Reply  func(error)
}

func (cmd WithdrawCmd) run(ctx context.Context, h *Hub) { h.withdraw(ctx, cmd) }

// ForgetNameCmd makes a live game forget the name of Player's seats
// (game.Game.ForgetName), before the store does: what the hub saves next
// no longer names them. Done, when set, is closed once it has run.
type ForgetNameCmd struct {
	Player string
	Done   chan struct{}
}

func (cmd ForgetNameCmd) run(_ context.Context, h *Hub) {
	h.g.ForgetName(cmd.Player)
	if cmd.Done != nil {
		close(cmd.Done)
	}
}
