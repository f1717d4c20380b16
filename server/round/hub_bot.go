package round

import (
	"context"
	"errors"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/sched"
	"github.com/gambitchess/gambit/server/wire"
)

// errHurried says a thought was stopped for another game's before the bot
// had a move to show.
var errHurried = errors.New("server: the computer was hurried with no move yet")

// botState is what the hub knows of the computer's thinking. Any change to
// the game makes a pending answer stale: the answer carries the version it
// was thought about, and is dropped when the game has moved on.
type botState struct {
	version int64              // the game version the bot thinks a move about (-1: none)
	stop    context.CancelFunc // stops that search
	draw    int64              // the version of the draw offer the bot is judging (0: none)
	// takeover: the external engine of the seat failed in this game, and
	// the built-in bot plays the seat at the level of about its strength
	// (computer.Roster.Fallback) for as long as the hub runs.
	takeover bool
}

func (b *botState) busy() bool { return b.version >= 0 || b.draw != 0 }

func (b *botState) cancel() {
	if b.stop != nil {
		b.stop()
	}
}

// botToMove reports whether the computer plays the side to move.
func (h *Hub) botToMove() bool {
	g := h.g
	return !g.Status().Finished() && g.Seat(g.Turn()).Kind == game.SeatBot
}

// driveBot starts the computer's search when it is its turn, and its
// judgement when it has a draw offer to answer; it stops a search whose
// position is gone.
func (h *Hub) driveBot(ctx context.Context) {
	g := h.g
	if h.bot.version >= 0 && h.bot.version != g.Version() {
		if h.bot.stop != nil {
			h.bot.stop()
		}
		h.bot.stop, h.bot.version = nil, -1
	}
	if g.Status().Finished() {
		return
	}
	if h.botToMove() && h.bot.version != g.Version() {
		h.startBot(ctx)
	}
	if offer, ok := g.DrawOffer(); ok && g.Seat(offer.Other()).Kind == game.SeatBot && h.bot.draw != g.Version() {
		h.judgeDraw(ctx, offer.Other())
	}
}

// startBot asks the scheduler for the computer's move in the current
// position. The search stops when the game moves on (the answer is then
// stale and dropped) or when the scheduler hurries it (the answer is the
// best move found so far).
func (h *Hub) startBot(ctx context.Context) {
	level, err := h.botLevel()
	if err != nil {
		h.env.Log.Error("bot seat", "game", h.g.ID(), "err", err)
		return
	}
	version := h.g.Version()
	bctx, cancel := context.WithCancel(ctx)
	think := h.botThinker(level)
	h.think(ctx, func(hurry context.Context) {
		defer cancel()
		sctx, stop := context.WithCancel(bctx)
		defer stop()
		defer context.AfterFunc(hurry, stop)()
		m, err := think(sctx)
		if err != nil && hurry.Err() != nil && bctx.Err() == nil {
			err = errHurried // a bot with no move to show when hurried: think again later
		}
		_ = h.Send(bctx, botMoveCmd{version: version, move: m, err: err})
	})
	h.bot.version, h.bot.stop = version, cancel
}

// botLevel is the level the computer plays the side to move at: its
// seat's, or the built-in level that took an external engine's place.
func (h *Hub) botLevel() (computer.Level, error) {
	level, err := h.env.Bot.LevelFor(h.g.Variant(), h.g.Seat(h.g.Turn()).Level)
	if err != nil || !h.bot.takeover {
		return level, err
	}
	return h.env.Bot.Fallback(h.g.Variant(), level)
}

// think queues a thought for this game with the scheduler, in the turn of
// the client playing it.
func (h *Hub) think(ctx context.Context, run func(hurry context.Context)) {
	if err := h.env.Sched.Submit(sched.Job{Client: h.botClient(), Run: run}); err != nil && ctx.Err() == nil {
		h.env.Log.Error("computer scheduler", "game", h.g.ID(), "err", err)
	}
}

// botClient is whose turn in the scheduler this game's thoughts take: the
// address of the person playing it, or the game itself when none is known
// (a game resumed at start-up with no one back yet).
func (h *Hub) botClient() string {
	if h.playerAddr != "" {
		return h.playerAddr
	}
	return "game " + h.g.ID()
}

// botThinker returns the computer's thinking about the game as it is now,
// to run in the pool. A variant's own computer player (Spec.Computer) gets
// only the Sight of its seat, cut by the code that cuts a person's states;
// the engines, which play the variants of full information, a private
// copy of the game.
func (h *Hub) botThinker(level computer.Level) func(ctx context.Context) (string, error) {
	g := h.g
	if c := g.Spec().Computer; c != nil {
		seat := g.Turn()
		sight := g.Sight(game.SeatViewer(seat), true)
		gl := game.Level{Name: level.Name, Label: level.Label, Depth: level.Depth}
		return func(ctx context.Context) (string, error) {
			return safely(func() (string, error) { return c.Play(ctx, sight, seat, gl) })
		}
	}
	if g.Hidden() { // never the whole game to a bot of a hidden variant
		err := fmt.Errorf("no computer player plays %s from its sight", g.Variant())
		return func(context.Context) (string, error) { return "", err }
	}
	clone := g.Clone()
	return func(ctx context.Context) (string, error) { return h.env.safeBotMove(ctx, clone, level) }
}

// safely runs f, turning a panic in it into an error.
func safely(f func() (string, error)) (move string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bot panicked: %v", r)
		}
	}()
	return f()
}

// safeBotMove runs the bot, turning a panic in it into an error: a bot bug
// must not take the server down from a worker goroutine.
func (e *Env) safeBotMove(ctx context.Context, g *game.Game, level computer.Level) (string, error) {
	return safely(func() (string, error) { return e.Bot.Move(ctx, g, level) })
}

// botMoved plays the bot's move if the game is still where the bot saw it.
// A failed search is logged and not retried until the game changes, so a
// broken bot cannot spin.
func (h *Hub) botMoved(ctx context.Context, cmd botMoveCmd) {
	if cmd.version != h.bot.version || cmd.version != h.g.Version() {
		return // the game changed while the bot thought
	}
	h.bot.stop = nil
	if errors.Is(cmd.err, errHurried) {
		h.bot.version = -1
		h.driveBot(ctx) // back in the line, behind the others
		return
	}
	if errors.Is(cmd.err, computer.ErrEngineFailed) && !h.bot.takeover {
		h.engineFailed(ctx, cmd.err)
		return
	}
	if cmd.err != nil {
		if !errors.Is(cmd.err, context.Canceled) {
			h.env.Log.Error("bot failed", "game", h.g.ID(), "err", cmd.err)
		}
		return
	}
	h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) {
		evs, err := g.Move(g.Turn(), cmd.move)
		if err == nil {
			h.env.BotMoves.Inc()
		}
		if err != nil && g.Hidden() {
			h.env.Log.Error("bot move refused", "game", g.ID()) // the move would tell a hidden secret in the log
		} else if err != nil {
			h.env.Log.Error("bot move refused", "game", g.ID(), "move", cmd.move, "err", err)
		}
		return evs, err
	})
}

// engineFailed lets the built-in bot take over the seat of an external
// engine that crashed, answered garbage or hung, and tells the players.
// Taking over is better than aborting: the player keeps the game (and its
// result counts), the engine's level has a built-in one of about its
// strength, and a broken engine on the server is its operator's fault,
// not the player's.
func (h *Hub) engineFailed(ctx context.Context, err error) {
	h.env.Log.Error("engine failed: the built-in engine takes over", "game", h.g.ID(), "err", err)
	h.bot.takeover, h.bot.version = true, -1
	msg := ErrorEvent(wire.ErrEngineFailed)
	for cl := range h.clients {
		if !cl.viewer.IsSpectator() {
			h.deliver(cl, msg)
		}
	}
	h.driveBot(ctx)
}

// judgeDraw asks the bot, through the scheduler, whether it takes the offer. The
// players of the variants of hidden information decline: judging the
// offer would take reading the whole game.
func (h *Hub) judgeDraw(ctx context.Context, botColor chess.Color) {
	version := h.g.Version()
	if h.g.Hidden() {
		h.bot.draw = version
		go func() { _ = h.Send(ctx, botDrawCmd{version: version, accept: false}) }() // answered after this change is out
		return
	}
	clone := h.g.Clone()
	h.bot.draw = version
	h.think(ctx, func(hurry context.Context) {
		jctx, stop := context.WithCancel(ctx)
		defer stop()
		defer context.AfterFunc(hurry, stop)()
		accept := h.env.Bot.AcceptsDraw(jctx, clone, botColor)
		_ = h.Send(ctx, botDrawCmd{version: version, accept: accept})
	})
}

// botAnswered applies the bot's answer to a draw offer still pending.
func (h *Hub) botAnswered(ctx context.Context, cmd botDrawCmd) {
	if cmd.version == h.bot.draw {
		h.bot.draw = 0 // else a judgement of a later offer is still under way
	}
	offer, ok := h.g.DrawOffer()
	if !ok || h.g.Version() != cmd.version {
		return
	}
	h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) {
		return g.Answer(offer.Other(), game.OfferDraw, cmd.accept)
	})
}
