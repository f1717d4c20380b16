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

	Settings // the hubs' timings, passed as the server was given them (defaults applied)

	Ctx context.Context // the server's life: a hub's timers send under it
	Now func() time.Time
	Log *slog.Logger

	Bot      *computer.Roster // the computer's players and levels
	Computer *computer.Games  // live games against the computer, counted
	Sched    *sched.Scheduler // the computer's thinking, shared fairly
	Lobby    *lobby.Lobby     // the open challenges, noted as their games change

	Moves       prometheus.Counter   // moves played
	BotMoves    prometheus.Counter   // moves the computer made
	Relay       prometheus.Histogram // a move from its WebSocket to its publication
	SocketGauge func(spectator bool) prometheus.Gauge
}

// WithDefaults returns a copy of e whose unset parts are filled: the
// default settings, the clock, a log that discards, an empty lobby, the
// computer's default limits (4 games a player, 16 an address, 64 in all)
// and series that no registry collects. Server, Bot and Sched stay as
// given (nil: no server, no computer player). A server sets every part;
// tests and tools that run hubs alone set only what they look at.
func (e Env) WithDefaults() *Env {
	e.Settings = e.Settings.WithDefaults()
	if e.Ctx == nil {
		e.Ctx = context.Background()
	}
	if e.Now == nil {
		e.Now = time.Now
	}
	if e.Log == nil {
		e.Log = slog.New(slog.DiscardHandler)
	}
	if e.Lobby == nil {
		e.Lobby = lobby.New()
	}
	if e.Computer == nil {
		e.Computer = computer.NewGames(4, 16, 64)
	}
	if e.Moves == nil {
		e.Moves = prometheus.NewCounter(prometheus.CounterOpts{Name: "moves"})
	}
	if e.BotMoves == nil {
		e.BotMoves = prometheus.NewCounter(prometheus.CounterOpts{Name: "bot_moves"})
	}
	if e.Relay == nil {
		e.Relay = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "relay"})
	}
	if e.SocketGauge == nil {
		gauges := [2]prometheus.Gauge{
			prometheus.NewGauge(prometheus.GaugeOpts{Name: "players"}),
			prometheus.NewGauge(prometheus.GaugeOpts{Name: "spectators"}),
		}
		e.SocketGauge = func(spectator bool) prometheus.Gauge {
			if spectator {
				return gauges[1]
			}
			return gauges[0]
		}
	}
	return &e
}

// Settings are the hubs' timings: the server's Config holds them as one
// value (Config.Hub), which every hub reads (Env.Settings). Zero means
// the default of each (WithDefaults).
type Settings struct {
	// ClaimAfter is how long an online player must be away before the
	// opponent may claim the win (30 s); FirstMoveTime how long a side of
	// an online game has for its first move before the game is aborted
	// (60 s).
	ClaimAfter, FirstMoveTime time.Duration
	// IdleGrace is how long a game's hub that starts with no one watching
	// (a new game, one resumed at start-up) waits for someone before it
	// leaves the game in the store (30 s).
	IdleGrace time.Duration
	// PresenceEvery is how often at most a game's presence (who is online,
	// how many watch) goes out to everyone connected to it (1 s):
	// spectators coming and going cost one message per client per
	// interval, not one per arrival, and a count a second old is as good
	// to a reader. A seat going online or offline reaches the players at
	// once, and a newcomer is told the presence as it joins (see
	// hub_presence.go).
	PresenceEvery time.Duration
	// FullStateEvery is how often one connection may be answered a whole
	// state by sync (10 s); a sync the recent events can answer gets
	// those, and one for the version the client has gets nothing. A
	// browser needs a whole state only after a real gap, which is rare,
	// and it waits the retryAfter of the refusal (see hub_sync.go).
	FullStateEvery time.Duration
	// ComputerIdle is how long a game against the computer may go without
	// a move and still count among the computer's games (5 minutes): a
	// player who stays connected but does not play holds no place.
	// ComputerAway is how long its player may have no connection to it
	// and the game still count (1 minute): a player who left a game frees
	// its place (computer.Games).
	ComputerIdle, ComputerAway time.Duration
}

// WithDefaults returns s with the default of each timing left zero.
func (s Settings) WithDefaults() Settings {
	orDefault := func(d *time.Duration, def time.Duration) {
		if *d <= 0 {
			*d = def
		}
	}
	orDefault(&s.ClaimAfter, 30*time.Second)
	orDefault(&s.FirstMoveTime, time.Minute)
	orDefault(&s.IdleGrace, 30*time.Second)
	orDefault(&s.PresenceEvery, time.Second)
	orDefault(&s.FullStateEvery, 10*time.Second)
	orDefault(&s.ComputerIdle, 5*time.Minute)
	orDefault(&s.ComputerAway, time.Minute)
	return s
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
