package server

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// eventLogSize is how many recent events a hub keeps for clients that
// reconnect; older gaps are filled with a full state.
const eventLogSize = 256

// sendBuffer is each client's outgoing queue; a client that lets it fill
// is dropped rather than allowed to block the hub.
const sendBuffer = 64

// event is a published change with its version.
type event struct {
	v    int64
	data []byte
}

// Commands a hub takes on its channel.
type (
	joinCmd struct {
		c     *client
		since int64  // last version the client saw, or -1
		token string // the seat token the client presented
	}
	leaveCmd   struct{ c *client }
	messageCmd struct {
		c   *client
		msg clientMsg
	}
	botMoveCmd struct {
		version int64  // the game's version when the bot started thinking
		move    string // coordinate text
		err     error
	}
	botDrawCmd struct {
		version int64
		accept  bool
	}
	flagCmd struct{}
)

// hub owns one live game: all reads and changes happen on its goroutine.
type hub struct {
	s       *Server
	g       *game.Game
	cmds    chan any
	clients map[*client]struct{}
	log     []event
	flag    *time.Timer
	// botVersion is the game version the bot is thinking about (-1: none):
	// any change to the game makes its answer stale. botCancel stops it.
	botVersion int64
	botCancel  context.CancelFunc
	botDraw    int64 // version of the draw offer the bot is judging (0: none)
	retry      *time.Timer
	done       chan struct{} // closed when the hub stops
}

func newHub(s *Server, g *game.Game) *hub {
	return &hub{s: s, g: g, cmds: make(chan any), done: make(chan struct{}), clients: map[*client]struct{}{}, botVersion: -1}
}

// errRetired says the hub has stopped; the caller loads the game afresh.
var errRetired = errors.New("server: game hub retired")

// send hands a command to the hub. The channel is unbuffered, so a command
// that was accepted is always handled, even by a hub about to retire.
func (h *hub) send(ctx context.Context, cmd any) error {
	select {
	case h.cmds <- cmd:
		return nil
	case <-h.done:
		return errRetired
	case <-ctx.Done():
		return ErrShuttingDown
	}
}

// run is the hub's loop; it ends with ctx, or when the hub retires: no one
// watches the game and nothing (clock, computer) can change it by itself.
// The game is saved after every change, so it reloads as it was.
func (h *hub) run(ctx context.Context) {
	defer close(h.done)
	defer h.stop()
	h.afterChange(ctx)
	for {
		select {
		case <-ctx.Done():
			return
		case cmd := <-h.cmds:
			h.handle(ctx, cmd)
			if h.idle() && h.s.retire(h) {
				return
			}
		}
	}
}

// idle reports whether the game can be left alone in the store.
func (h *hub) idle() bool {
	g := h.g
	if len(h.clients) > 0 || h.botVersion >= 0 || h.botDraw != 0 {
		return false
	}
	if g.Status().Finished() {
		return true
	}
	running := false
	if k := g.Clock(); k != nil {
		_, running = k.Running()
	}
	botDue := g.Seat(g.Turn()).Kind == game.SeatBot
	_, offered := g.DrawOffer()
	return !running && !botDue && !offered
}

func (h *hub) stop() {
	h.saveClock()
	if h.botCancel != nil {
		h.botCancel()
	}
	for _, t := range []*time.Timer{h.flag, h.retry} {
		if t != nil {
			t.Stop()
		}
	}
	for c := range h.clients {
		c.close()
	}
}

// saveClock stores a running clock as it stands, so that a game resumed
// after a shutdown charges the time its player had already used.
func (h *hub) saveClock() {
	k := h.g.Clock()
	if k == nil || h.g.Status().Finished() {
		return
	}
	if _, running := k.Running(); !running {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := h.s.store.Save(ctx, h.g.Record()); err != nil {
		h.s.log.Error("save clock at shutdown", "game", h.g.ID(), "err", err)
	}
}

func (h *hub) handle(ctx context.Context, cmd any) {
	switch cmd := cmd.(type) {
	case joinCmd:
		h.join(cmd)
	case leaveCmd:
		delete(h.clients, cmd.c)
	case messageCmd:
		h.message(ctx, cmd.c, cmd.msg)
	case botMoveCmd:
		h.botMoved(ctx, cmd)
	case botDrawCmd:
		h.botAnswered(ctx, cmd)
	case flagCmd:
		h.apply(ctx, nil, func(g *game.Game) error { g.CheckFlag(); return nil })
	case snapshotFunc:
		cmd(h.g)
	}
}

// join greets a client and brings it up to date.
func (h *hub) join(cmd joinCmd) {
	cmd.c.colors = seatsFor(h.g, cmd.token)
	h.clients[cmd.c] = struct{}{}
	you := []string{}
	for _, c := range cmd.c.colors {
		you = append(you, game.ColorName(c))
	}
	h.deliver(cmd.c, encode("hello", map[string]any{"you": you}))
	h.catchUp(cmd.c, cmd.since)
}

// catchUp sends the events after version since, or a full state when they
// are no longer (or never were) in the log, or when there are none (a fresh
// state carries fresh clocks).
func (h *hub) catchUp(c *client, since int64) {
	cur := h.g.Version()
	if since >= 0 && since <= cur {
		var missed [][]byte
		for _, e := range h.log {
			if e.v > since {
				missed = append(missed, e.data)
			}
		}
		if len(missed) > 0 && int64(len(missed)) == cur-since {
			for _, m := range missed {
				h.deliver(c, m)
			}
			return
		}
	}
	h.deliver(c, encode("state", snapshot(h.g, true)))
}

// message runs one client command.
func (h *hub) message(ctx context.Context, c *client, m clientMsg) {
	if m.T == msgSync {
		h.catchUp(c, m.V)
		return
	}
	h.apply(ctx, c, func(g *game.Game) error { return h.command(c, m) })
}

// command changes the game as m asks, on behalf of client c.
func (h *hub) command(c *client, m clientMsg) error {
	g := h.g
	if len(c.colors) == 0 {
		return ErrSpectator
	}
	switch m.T {
	case msgMove:
		if !c.controls(g.Turn()) {
			return fmt.Errorf("%w: %s to move", game.ErrNotYourTurn, game.ColorName(g.Turn()))
		}
		_, err := g.Move(g.Turn(), m.U)
		return err
	case msgTakeback:
		return h.takeback()
	case msgResign:
		return g.Resign(c.acting(g.Turn()))
	case msgAbort:
		return g.Abort()
	case msgDrawOffer:
		return g.OfferDraw(c.acting(g.Turn()))
	case msgDrawAccept, msgDrawDecline:
		by := g.Turn()
		if offer, ok := g.DrawOffer(); ok {
			by = c.acting(offer.Other())
		}
		if m.T == msgDrawAccept {
			return g.AcceptDraw(by)
		}
		return g.DeclineDraw(by)
	case msgDrawClaim:
		if !c.controls(g.Turn()) {
			return fmt.Errorf("%w: only the side to move may claim", game.ErrNotYourTurn)
		}
		return g.ClaimDraw(g.Turn())
	}
	return fmt.Errorf("%w %q", ErrUnknownType, m.T)
}

// takeback undoes the last human move and any bot reply after it, so that
// a human is to move again.
func (h *hub) takeback() error {
	g := h.g
	for n := 1; n <= g.Ply(); n++ {
		mover := g.Turn() // sides alternate: the n-th last move was made by...
		if n%2 == 1 {
			mover = mover.Other() // ...the side not to move when n is odd
		}
		if g.Seat(mover).Kind == game.SeatHuman {
			return g.Takeback(n)
		}
	}
	return fmt.Errorf("%w: no move of yours to take back", game.ErrNoTakeback)
}

// apply runs change, saves the game if it changed, publishes the change, and
// reports any error to client c (nil for the bot and the clock). A change
// that cannot be saved is undone, so an acknowledged move is always stored.
func (h *hub) apply(ctx context.Context, c *client, change func(g *game.Game) error) {
	prev := h.g.Record()
	before, ply := h.g.Version(), h.g.Ply()
	err := change(h.g)
	if h.g.Version() != before {
		if serr := h.s.store.Save(ctx, h.g.Record()); serr != nil {
			h.s.log.Error("save failed", "game", h.g.ID(), "err", serr)
			if g, rerr := game.FromRecord(prev, h.s.now); rerr == nil {
				h.g = g
			}
			err = fmt.Errorf("%w: %v", ErrStorage, serr)
		} else {
			h.publish(h.g.Ply() == ply+1 && h.g.Version() == before+1)
		}
	}
	if err != nil && c != nil {
		h.deliver(c, errorEvent(err))
	}
	h.afterChange(ctx)
}

// publish sends the latest change to every client and logs it: a "move"
// event for a single move, else a full "state".
func (h *hub) publish(isMove bool) {
	data := encode("state", snapshot(h.g, true))
	if isMove {
		data = encode("move", snapshot(h.g, false))
	}
	h.log = append(h.log, event{v: h.g.Version(), data: data})
	if len(h.log) > eventLogSize {
		h.log = h.log[len(h.log)-eventLogSize:]
	}
	for c := range h.clients {
		h.deliver(c, data)
	}
}

// deliver queues data for c, dropping c if its queue is full.
func (h *hub) deliver(c *client, data []byte) {
	select {
	case c.send <- data:
	default:
		delete(h.clients, c)
		c.close()
	}
}

// afterChange arms the flag timer and starts the bot when it is its turn
// or it has a draw offer to answer.
func (h *hub) afterChange(ctx context.Context) {
	h.armFlag()
	g := h.g
	if h.botVersion >= 0 && h.botVersion != g.Version() {
		if h.botCancel != nil {
			h.botCancel() // the position the bot is thinking about is gone
		}
		h.botCancel, h.botVersion = nil, -1
	}
	if g.Status().Finished() {
		return
	}
	if g.Seat(g.Turn()).Kind == game.SeatBot && h.botVersion != g.Version() {
		h.startBot(ctx)
	}
	if offer, ok := g.DrawOffer(); ok && g.Seat(offer.Other()).Kind == game.SeatBot && h.botDraw != g.Version() {
		h.judgeDraw(ctx, offer.Other())
	}
}

// armFlag sets a timer for when the running side's time runs out.
func (h *hub) armFlag() {
	if h.flag != nil {
		h.flag.Stop()
		h.flag = nil
	}
	k := h.g.Clock()
	if k == nil || h.g.Status().Finished() {
		return
	}
	c, running := k.Running()
	if !running {
		return
	}
	h.flag = time.AfterFunc(k.Remaining(c)+10*time.Millisecond, func() { _ = h.send(h.s.ctx, flagCmd{}) })
}

// startBot asks the pool for the bot's move in the current position.
func (h *hub) startBot(ctx context.Context) {
	level, _ := levelByName(h.g.Seat(h.g.Turn()).Level)
	version, clone := h.g.Version(), h.g.Clone()
	bctx, cancel := context.WithCancel(ctx)
	job := func() {
		defer cancel()
		m, err := h.s.bot.Move(bctx, clone, level)
		_ = h.send(bctx, botMoveCmd{version: version, move: m, err: err})
	}
	if err := h.s.pool.Submit(job); err != nil {
		cancel()
		h.retryLater(ctx)
		return
	}
	h.botVersion, h.botCancel = version, cancel
}

// retryLater wakes the hub to try the bot again when the pool was full.
func (h *hub) retryLater(ctx context.Context) {
	if h.retry != nil {
		h.retry.Stop()
	}
	h.retry = time.AfterFunc(500*time.Millisecond, func() { _ = h.send(ctx, flagCmd{}) })
}

// botMoved plays the bot's move if the game is still where the bot saw it.
// A failed search is logged and not retried until the game changes, so a
// broken bot cannot spin.
func (h *hub) botMoved(ctx context.Context, cmd botMoveCmd) {
	if cmd.version != h.botVersion || cmd.version != h.g.Version() {
		return // the game changed while the bot thought
	}
	h.botCancel = nil
	if cmd.err != nil {
		if !errors.Is(cmd.err, context.Canceled) {
			h.s.log.Error("bot failed", "game", h.g.ID(), "err", cmd.err)
		}
		return
	}
	uci := cmd.move
	h.apply(ctx, nil, func(g *game.Game) error {
		_, err := g.Move(g.Turn(), uci)
		if err != nil {
			h.s.log.Error("bot move refused", "game", g.ID(), "move", uci, "err", err)
		}
		return err
	})
}

// judgeDraw asks the bot, in the pool, whether it takes the offer.
func (h *hub) judgeDraw(ctx context.Context, botColor chess.Color) {
	version, clone := h.g.Version(), h.g.Clone()
	h.botDraw = version
	job := func() {
		accept := h.s.bot.AcceptsDraw(ctx, clone, botColor)
		_ = h.send(ctx, botDrawCmd{version: version, accept: accept})
	}
	if err := h.s.pool.Submit(job); err != nil {
		h.botDraw = 0
		h.retryLater(ctx)
	}
}

// botAnswered applies the bot's answer to a draw offer still pending.
func (h *hub) botAnswered(ctx context.Context, cmd botDrawCmd) {
	offer, ok := h.g.DrawOffer()
	if !ok || h.g.Version() != cmd.version {
		return
	}
	h.apply(ctx, nil, func(g *game.Game) error {
		if cmd.accept {
			return g.AcceptDraw(offer.Other())
		}
		return g.DeclineDraw(offer.Other())
	})
}
