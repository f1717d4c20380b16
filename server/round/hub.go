package round

import (
	"context"
	"errors"
	"fmt"
	"github.com/gambitchess/gambit/server/lobby"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// A hub owns one live game, as lichess's round actor does: every command
// runs on the hub's goroutine, returns the events it caused, and the hub
// saves them (an Append that expects the game's version before them) and
// only then sends them out, cut for each viewer by the variant's
// projection. Its parts: this file (the loop, clients, publishing and
// catching up), hub_commands.go (client commands and seats), hub_clock.go
// (flag timer), hub_bot.go (the computer's moves and draw answers) and
// hub_chat.go (the chat rooms, which are not game events).

// eventLogSize is how many recent events a hub keeps for clients that
// reconnect; older gaps are filled with a full state.
const eventLogSize = 256

// SendBuffer is each client's outgoing queue; a client that lets it fill
// is dropped rather than allowed to block the hub.
const SendBuffer = 64

// viewerKinds are the viewers an event is encoded for: indexed by
// viewerIndex (bit 0 the white seat, bit 1 the black seat; 0 a spectator,
// 3 both seats of a game on one screen).
const viewerKinds = 4

func viewerIndex(v game.Viewer) int {
	i := 0
	for c, held := range v.Seats {
		if held {
			i |= 1 << c
		}
	}
	return i
}

func viewerOf(i int) game.Viewer {
	var v game.Viewer
	v.Seats[0], v.Seats[1] = i&1 != 0, i&2 != 0
	return v
}

// published is one event as each kind of viewer receives it (nil: that
// viewer does not see it).
type published struct {
	v     int64
	msgs  [viewerKinds][]byte
	state bool // the messages are whole states (a sync replaying them is answered as one asking for a state)
}

// Hub owns one live game: all reads and changes happen on its goroutine.
type Hub struct {
	env        *Env // all the hub uses of the server
	g          *game.Game
	cmds       chan Cmd
	clients    map[*Client]struct{}
	log        []published
	flag       *time.Timer
	bot        botState
	playerAddr string // the address of the person playing, whose turn the computer's thoughts take
	presence   presence
	rematch    rematchState
	idleTimer  *time.Timer
	playTimer  *time.Timer   // a game against the computer: fires when it has gone ComputerIdle without a move
	awayTimer  *time.Timer   // a game against the computer: fires when its player has been away ComputerAway
	chat       chatState     // the rooms' recent lines, in memory only (hub_chat.go)
	failed     bool          // the game could not be saved nor read back: retire at once
	moveRead   time.Time     // when the move being applied was read off its WebSocket (zero: none)
	scratch    []byte        // where encodeState writes a message before its copy: one allocation a message
	done       chan struct{} // closed when the hub stops
}

// New returns a hub for g, to be started with Run. playerAddr is the
// address of the person who made the game ("" for a game loaded from the
// store): the computer's thoughts in it take that person's turn.
func New(env *Env, g *game.Game, playerAddr string) *Hub {
	h := &Hub{env: env, g: g, playerAddr: playerAddr, cmds: make(chan Cmd), done: make(chan struct{}), clients: map[*Client]struct{}{},
		bot: botState{version: -1}}
	now := env.Now()
	h.presence.since = [2]time.Time{now, now} // no one is here yet
	return h
}

// ID returns the id of the hub's game.
func (h *Hub) ID() string { return h.g.ID() }

// ErrRetired says the hub has stopped; the caller loads the game afresh.
var ErrRetired = errors.New("server: game hub retired")

// Send hands a command to the hub. The channel is unbuffered, so a command
// that was accepted is always handled, even by a hub about to retire.
func (h *Hub) Send(ctx context.Context, cmd Cmd) error {
	select {
	case h.cmds <- cmd:
		return nil
	case <-h.done:
		return ErrRetired
	case <-ctx.Done():
		return wire.ErrShuttingDown
	}
}

// Run is the hub's loop; it ends with ctx, or when the hub retires: no one
// watches the game and nothing (clock, computer) can change it by itself.
// Every change is saved as it happens, so the game reloads as it was.
func (h *Hub) Run(ctx context.Context) {
	defer close(h.done)
	defer h.stop()
	h.afterChange(ctx)
	h.armIdle()
	for {
		select {
		case <-ctx.Done():
			return
		case cmd := <-h.cmds:
			cmd.run(ctx, h)
			if h.failed && h.env.Retire(h) {
				return
			}
			if _, expired := cmd.(IdleCmd); expired && h.idle() {
				h.expire(ctx)
				if h.idle() && h.env.Retire(h) {
					h.env.Disown(h.g.ID())
					return
				}
			}
			h.armIdle()
		}
	}
}

// armIdle starts the idle grace when no one watches and nothing can change
// the game by itself, and stops it when that is no longer so: a page being
// reloaded, or a player whose connection blinked, finds the game as it was.
func (h *Hub) armIdle() {
	switch idle := h.idle(); {
	case idle && h.idleTimer == nil:
		h.idleTimer = time.AfterFunc(h.env.IdleGrace, func() { _ = h.Send(h.env.Ctx, IdleCmd{}) })
	case !idle && h.idleTimer != nil:
		h.idleTimer.Stop()
		h.idleTimer = nil
	}
}

// expire ends what no one will come back to before the hub leaves the game
// in the store: an online game that never began (no first moves from both)
// with both seats taken, or a public challenge nobody took. A private
// invite with its seat open stays: the friend may open the link later.
func (h *Hub) expire(ctx context.Context) {
	if h.idleTimer != nil {
		h.idleTimer.Stop() // it has fired, unless the command came from elsewhere
		h.idleTimer = nil
	}
	g := h.g
	if g.Mode() != game.ModeOnline || g.Status().Finished() || g.BothMoved() {
		return
	}
	_, challenge := lobby.ChallengeOf(g)
	open := g.Seat(chess.White).Kind == game.SeatOpen || g.Seat(chess.Black).Kind == game.SeatOpen
	if challenge || !open {
		h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) { return g.StartLapsed() })
	}
}

// idle reports whether the game can be left alone in the store.
func (h *Hub) idle() bool {
	g := h.g
	if len(h.clients) > 0 || h.bot.busy() {
		return false
	}
	if g.Status().Finished() {
		return true
	}
	_, running := h.runningClock()
	if k := g.Clock(); k != nil && k.PerMove {
		running = false // correspondence: days per move; the flag falls when the game is next loaded
	}
	_, offered := g.DrawOffer()
	return !running && !h.botToMove() && !offered
}

// runningClock returns whose time runs, if a clock runs.
func (h *Hub) runningClock() (chess.Color, bool) {
	if k := h.g.Clock(); k != nil && !h.g.Status().Finished() {
		return k.Running()
	}
	return chess.White, false
}

// stop ends the hub: a running clock is read into an event and saved, so
// that a game resumed after a shutdown charges the time already used and
// none of the downtime.
func (h *Hub) stop() {
	h.bot.cancel()
	for _, t := range []*time.Timer{h.flag, h.presence.claim, h.presence.opening, h.presence.flush, h.idleTimer, h.playTimer, h.awayTimer} {
		if t != nil {
			t.Stop()
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if h.failed {
		return // the game in memory may hold events the store does not
	}
	if evs := h.g.PauseClock(); len(evs) > 0 {
		if err := h.env.AppendEvents(ctx, h.g, evs); err != nil {
			h.env.Log.Error("save clock at shutdown", "game", h.g.ID(), "err", err)
		}
	}
	for c := range h.clients {
		h.dropClient(c)
		c.Close()
	}
}

// join greets a client and brings it up to date.
func (h *Hub) join(cmd JoinCmd) {
	cmd.Client.viewer = h.g.ViewerOf(cmd.Player)
	h.addClient(cmd.Client)
	if !cmd.Client.viewer.IsSpectator() {
		h.playerAddr = cmd.Client.Addr
	}
	h.deliver(cmd.Client, encode("hello", map[string]any{"you": colorNames(cmd.Client.viewer)}))
	h.catchUp(cmd.Client, cmd.Since)
	if now, sent := h.notePresence(); !sent.got(cmd.Client) {
		h.deliver(cmd.Client, now) // to itself at once; the others hear of it coalesced
	}
	if h.rematch.active() {
		h.deliver(cmd.Client, h.rematch.message())
	}
	h.chatJoin(cmd.Client)
}

// catchUp brings a joining client up to date: the events after version
// since, or a full state when they are no longer (or never were) in the
// log, or when there are none, or when a clock runs: the logged messages
// carry the clocks of their time, a fresh state those of now. (A sync on
// an open connection is answered by sync, hub_sync.go.)
func (h *Hub) catchUp(c *Client, since int64) {
	if _, ticking := h.runningClock(); !ticking && h.replay(c, since) {
		return
	}
	h.deliver(c, encode("state", Snapshot(h.g, c.viewer)))
}

// apply runs a game command, saves the events it caused, publishes them,
// and reports any error to client c (nil for the bot and the clock). Events
// that cannot be saved are not sent: the game is loaded again from the
// store, so an acknowledged move is always a stored move.
func (h *Hub) apply(ctx context.Context, c *Client, command func(g *game.Game) ([]game.Event, error)) {
	evs, err := command(h.g)
	if len(evs) > 0 {
		serr := h.env.AppendEvents(ctx, h.g, evs)
		if errors.Is(serr, store.ErrConflict) {
			evs, err, serr = h.retryOnConflict(ctx, command)
		}
		if serr != nil {
			h.saveFailed(ctx, c, serr)
			return
		}
		h.publish(evs)
	}
	if err != nil && c != nil {
		h.deliver(c, ErrorEvent(err))
	}
	h.afterChange(ctx)
}

// retryOnConflict runs command again on the game as stored, when another
// writer got there first (a node that held the lease before this one):
// the command is judged against what really happened, and a move still
// legal is kept rather than lost. The clients get the whole state, since
// they missed the other writer's events.
func (h *Hub) retryOnConflict(ctx context.Context, command func(g *game.Game) ([]game.Event, error)) ([]game.Event, error, error) {
	g, err := h.env.LoadGame(ctx, h.g.ID())
	if err != nil {
		return nil, nil, err
	}
	h.g, h.log = g, nil
	h.bot.cancel()
	h.bot.version, h.bot.stop = -1, nil
	evs, cerr := command(g)
	if len(evs) > 0 {
		if serr := h.env.AppendEvents(ctx, g, evs); serr != nil {
			return nil, cerr, serr
		}
	}
	for cl := range h.clients {
		h.deliver(cl, encode("state", Snapshot(g, cl.viewer)))
	}
	return nil, cerr, nil // published above as whole states
}

// saveFailed handles events the store refused (another writer got there
// first, or the store failed): the game goes back to what is stored, and
// every client gets that state, since what they saw may not follow from it.
// When even the store cannot be read, the hub closes its clients and
// retires, so that nothing unsaved is ever shown; they reconnect to a game
// loaded afresh.
func (h *Hub) saveFailed(ctx context.Context, c *Client, serr error) {
	h.env.Log.Error("save failed", "game", h.g.ID(), "err", serr)
	if c != nil {
		h.deliver(c, ErrorEvent(fmt.Errorf("%w: %v", wire.ErrStorage, serr)))
	}
	h.log = nil
	h.bot.cancel()
	h.bot.version, h.bot.stop = -1, nil // think again about the reloaded game
	g, err := h.env.LoadGame(ctx, h.g.ID())
	if err != nil {
		h.env.Log.Error("reload after a failed save", "game", h.g.ID(), "err", err)
		h.failed = true
		for cl := range h.clients {
			cl.Close()
		}
		return
	}
	h.g = g
	for cl := range h.clients {
		h.deliver(cl, encode("state", Snapshot(h.g, cl.viewer)))
	}
	h.afterChange(ctx)
}

// publish encodes each event for every kind of viewer, as that viewer sees
// it, logs it for catching up, and sends it to every
// client. A move (the last event of its command) is a "move" message that
// carries the step the event recorded; anything else a whole "state",
// which the browser redraws from. The message is built from the game after
// the event; what every viewer shares is built once, the legal destinations
// once, and viewers who see the same get the same bytes.
func (h *Hub) publish(evs []game.Event) {
	g := h.g
	for _, e := range evs {
		if e.Type == game.EventMove {
			h.env.Moves.Inc()
		}
		p := published{v: e.V}
		if e.V != g.Version() {
			// Not the command's last event: the state sent for the last
			// one shows the game after all of them; sending it for each
			// would repeat it. The log still counts every version.
			h.remember(p)
			continue
		}
		// A move is sent as one step; but when a game of hidden information
		// ends, every viewer's whole history changes (all is shown), so the
		// move that ends it is sent as a whole state.
		typ, full := "state", e.Type != game.EventMove || g.Hidden() && g.Status().Finished()
		if !full {
			typ = "move"
		}
		p.state = full
		h.encodeForViewers(&p, e, typ, full)
		h.remember(p)
		h.broadcast(&p)
		h.noteRelayed()
	}
}

// noteRelayed records, once its event has gone out, how long the move
// being applied took from its WebSocket to the clients' queues.
func (h *Hub) noteRelayed() {
	if !h.moveRead.IsZero() {
		h.env.Relay.Observe(time.Since(h.moveRead).Seconds())
		h.moveRead = time.Time{}
	}
}

// encodeForViewers fills p with event e's message (of type typ, a whole
// state when full) for each kind of viewer, each built from that viewer's
// Sight (common): in a game of hidden information every kind its own; in
// one of full information, where every viewer's sight is the same, the
// state is built once, and encoded once for the side to move (with the
// legal destinations) and once for everyone else (and apart for a seat
// that may still go berserk), so that viewers who see the same get the
// same bytes.
func (h *Hub) encodeForViewers(p *published, e game.Event, typ string, full bool) {
	g := h.g
	var open *StateJSON
	var openMsgs [2][2][]byte     // full information: by [holds the turn][may go berserk]
	var dests map[string][]string // the legal destinations, worked out once for every viewer who holds the turn
	var canClaim bool
	for i := range viewerKinds {
		v := viewerOf(i)
		toMove, berserkable := v.Holds(g.Turn()), CanBerserk(g, v)
		if m := openMsgs[b2i(toMove)][b2i(berserkable)]; m != nil {
			p.msgs[i] = m
			continue
		}
		if open == nil || g.Hidden() {
			s := common(g, v, full)
			if !g.Hidden() && !full {
				s.Last = e.Step // what everyone sees of the move
			}
			open = &s
		}
		d := *open // a copy: the destinations are the side to move's alone, berserk a seat's
		d.Berserkable = berserkable
		if toMove {
			if dests == nil {
				dests, canClaim = g.DestsFor(v), g.CanClaimDraw()
			}
			d.Dests, d.CanClaim = dests, canClaim
		}
		p.msgs[i] = encodeState(&h.scratch, typ, &d)
		if !g.Hidden() {
			openMsgs[b2i(toMove)][b2i(berserkable)] = p.msgs[i]
		}
	}
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// broadcast sends each client the message of p for its kind of viewer.
func (h *Hub) broadcast(p *published) {
	for c := range h.clients {
		if m := p.msgs[viewerIndex(c.viewer)]; m != nil {
			h.deliver(c, m)
		}
	}
}

// remember logs p for clients catching up.
func (h *Hub) remember(p published) {
	h.log = append(h.log, p)
	if len(h.log) > eventLogSize {
		h.log = h.log[len(h.log)-eventLogSize:]
	}
}

// deliver queues data for c, dropping c if its queue is full.
func (h *Hub) deliver(c *Client, data []byte) {
	select {
	case c.Send <- data:
	default:
		h.dropClient(c)
		c.Close()
	}
}

// addClient holds c, counting it in the open sockets of its kind.
func (h *Hub) addClient(c *Client) {
	if _, ok := h.clients[c]; ok {
		return
	}
	h.clients[c] = struct{}{}
	h.presence.count(c, 1)
	c.open = h.env.SocketGauge(c.viewer.IsSpectator())
	c.open.Inc()
}

// dropClient lets c go, if the hub holds it.
func (h *Hub) dropClient(c *Client) {
	if _, ok := h.clients[c]; !ok {
		return
	}
	delete(h.clients, c)
	h.presence.count(c, -1)
	c.open.Dec()
}

// afterChange arms the flag timer and starts the bot when it is its turn
// or it has a draw offer to answer.
func (h *Hub) afterChange(ctx context.Context) {
	if h.g.Status().Finished() {
		h.env.Computer.Release(h.g.ID())
	}
	h.countPlay()
	h.armFlag()
	h.driveBot(ctx)
	h.gameChanged()
}

// countPlay counts a game against the computer among the live ones again
// after a move (no limit: the game is under way), and arms the timer that
// stops counting it if no move follows within ComputerIdle, so that
// players who stay connected without playing cannot hold the computer's
// places.
func (h *Hub) countPlay() {
	if !AgainstComputer(h.g) {
		return
	}
	if h.playTimer != nil {
		h.playTimer.Stop()
	}
	h.env.Computer.Add(h.g, h.playerAddr)
	version := h.g.Version()
	h.playTimer = time.AfterFunc(h.env.ComputerIdle, func() { _ = h.Send(h.env.Ctx, computerIdleCmd{version: version}) })
}
