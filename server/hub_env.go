package server

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/lobby"
	"github.com/gambitchess/gambit/server/sched"
)

// hubEnv is all a hub uses of the server that runs it: the settings it
// reads, the services it calls, the series it counts, and what it asks of
// the server itself (hubServer). Nothing else of the server reaches a hub,
// so that the hubs can move into a package of their own (round) which the
// server wires with this.
type hubEnv struct {
	hubServer

	ctx context.Context // the server's life: a hub's timers send under it
	now func() time.Time
	log *slog.Logger

	claimAfter    time.Duration // an absent player's opponent may claim after this
	firstMoveTime time.Duration // an online game's first moves are due within this
	idleGrace     time.Duration // a hub no one watches retires after this
	presenceEvery time.Duration // presence to everyone at most this often
	fullEvery     time.Duration // a whole state by sync at most this often per connection
	computerIdle  time.Duration // a computer game without a move stays counted this long

	bot      computer.Bot
	computer *computer.Games  // live games against the computer, counted
	sched    *sched.Scheduler // the computer's thinking, shared fairly
	lobby    *lobby.Lobby     // the open challenges, noted as their games change

	moves       prometheus.Counter   // moves played
	botMoves    prometheus.Counter   // moves the computer made
	relay       prometheus.Histogram // a move from its WebSocket to its publication
	socketGauge func(spectator bool) prometheus.Gauge
}

// hubServer is what a hub asks of the server beyond its settings: to save
// and read its game, to take the server's limits, to start a rematch's
// game, and to retire.
type hubServer interface {
	// appendEvents saves evs, the changes to g since it was last saved.
	appendEvents(ctx context.Context, g *game.Game, evs []game.Event) error
	// loadGame reads game id from the store.
	loadGame(ctx context.Context, id string) (*game.Game, error)
	// retire removes h from the live hubs unless someone joined it meanwhile.
	retire(h *hub) bool
	// disown gives up this node's lease of game id.
	disown(id string)
	// takeCreation takes a game creation from addr, or says why not.
	takeCreation(addr string) error
	// takeChatLine takes a chat line from c's connection and address.
	takeChatLine(c *client) error
	// createRematch creates and starts g's rematch, returning its id.
	createRematch(ctx context.Context, g *game.Game) (string, error)
}

// hubEnv returns what s gives its hubs, read from s's fields as they are
// now (a benchmark may change a setting after New).
func (s *Server) hubEnv() *hubEnv {
	return &hubEnv{hubServer: s, ctx: s.ctx, now: s.now, log: s.log,
		claimAfter: s.claimAfter, firstMoveTime: s.firstMoveTime, idleGrace: s.idleGrace,
		presenceEvery: s.presenceEvery, fullEvery: s.fullEvery, computerIdle: s.computerIdle,
		bot: s.bot, computer: s.computer, sched: s.sched, lobby: s.lobby,
		moves: s.metrics.moves, botMoves: s.metrics.botMoves, relay: s.metrics.relay, socketGauge: s.metrics.socketGauge}
}
