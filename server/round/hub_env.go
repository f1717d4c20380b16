package round

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

// Env is all a hub uses of the server that runs it: the settings it reads,
// the services it calls, the series it counts, and what it asks of the
// server itself (Server). Nothing else of the server reaches a hub; the
// server wires its hubs with this.
type Env struct {
	Server

	Ctx context.Context // the server's life: a hub's timers send under it
	Now func() time.Time
	Log *slog.Logger

	ClaimAfter    time.Duration // an absent player's opponent may claim after this
	FirstMoveTime time.Duration // an online game's first moves are due within this
	IdleGrace     time.Duration // a hub no one watches retires after this
	PresenceEvery time.Duration // presence to everyone at most this often
	FullEvery     time.Duration // a whole state by sync at most this often per connection
	ComputerIdle  time.Duration // a computer game without a move stays counted this long
	ComputerAway  time.Duration // a computer game whose player has no connection stays counted this long

	Bot      *computer.Roster // the computer's players and levels
	Computer *computer.Games  // live games against the computer, counted
	Sched    *sched.Scheduler // the computer's thinking, shared fairly
	Lobby    *lobby.Lobby     // the open challenges, noted as their games change

	Moves       prometheus.Counter   // moves played
	BotMoves    prometheus.Counter   // moves the computer made
	Relay       prometheus.Histogram // a move from its WebSocket to its publication
	SocketGauge func(spectator bool) prometheus.Gauge
}

// Server is what a hub asks of the server beyond its settings: to save
// and read its game, to take the server's limits, to start a rematch's
// game, and to retire.
type Server interface {
	// AppendEvents saves evs, the changes to g since it was last saved.
	AppendEvents(ctx context.Context, g *game.Game, evs []game.Event) error
	// LoadGame reads game id from the store.
	LoadGame(ctx context.Context, id string) (*game.Game, error)
	// Retire removes h from the live hubs unless someone joined it meanwhile.
	Retire(h *Hub) bool
	// Disown gives up this node's lease of game id.
	Disown(id string)
	// TakeCreation takes a game creation from addr, or says why not.
	TakeCreation(addr string) error
	// TakeChatLine takes a chat line from c's connection and address.
	TakeChatLine(c *Client) error
	// CreateRematch creates and starts g's rematch, returning its id.
	CreateRematch(ctx context.Context, g *game.Game) (string, error)
}
