package server

import (
	"context"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/live"
	"github.com/gambitchess/gambit/server/round"
)

// hubEnv returns what s gives its hubs, read from s's fields as they are
// now (a benchmark may change a setting after New).
func (s *Server) hubEnv() *round.Env {
	return &round.Env{Server: (*roundServer)(s), Settings: s.timings, Ctx: s.ctx, Now: s.now, Log: s.log,
		Bot: s.bot, Computer: s.computer, Sched: s.sched, Lobby: s.lobby,
		Moves: s.metrics.Moves, BotMoves: s.metrics.BotMoves, Relay: s.metrics.Relay, SocketGauge: s.metrics.SocketGauge}
}

// roundServer is s as its hubs see it (round.Server), kept apart so that
// Server's own API does not grow by what only the hubs call.
type roundServer Server

func (r *roundServer) AppendEvents(ctx context.Context, g *game.Game, evs []game.Event) error {
	return (*Server)(r).appendEvents(ctx, g, evs)
}

func (r *roundServer) LoadGame(ctx context.Context, id string) (*game.Game, error) {
	return (*Server)(r).loadGame(ctx, id)
}

func (r *roundServer) Retire(h *round.Hub) bool { return r.live.Retire(h) }

func (r *roundServer) Disown(id string) { r.live.Disown(id) }

func (r *roundServer) TakeCreation(addr string) error { return (*Server)(r).takeCreation(addr) }

func (r *roundServer) TakeChatLine(c *round.Client) error { return (*Server)(r).takeChatLine(c) }

func (r *roundServer) CreateRematch(ctx context.Context, g *game.Game) (string, error) {
	return (*Server)(r).createRematch(ctx, g)
}

// newLive returns the live games of s (package live), its hubs made with
// hubEnv.
func (s *Server) newLive() *live.Games {
	cfg := live.Config{Ctx: s.ctx, Store: s.store, Load: s.loadGame, Append: s.appendEvents,
		NewHub: s.newHub, Retired: s.retired, Gauge: s.metrics.GamesLive, Now: s.now, Log: s.log}
	if s.clustered() {
		cfg.Leases, cfg.Node = s.leases, s.bus.Node()
	}
	return live.New(cfg)
}

// newHub makes the hub of g (live.Config.NewHub), counting a game
// against the computer.
func (s *Server) newHub(g *game.Game, client string) *round.Hub {
	if round.AgainstComputer(g) {
		s.computer.Add(g, client)
	}
	return round.New(s.hubEnv(), g, client)
}

// retired forgets the game of a hub that left (live.Config.Retired).
func (s *Server) retired(id string) {
	s.lobby.Drop(id)
	s.computer.Release(id)
}

// createGame stores a new game: its header, no events yet.
func (s *Server) createGame(ctx context.Context, g *game.Game) error {
	if err := round.CreateGame(ctx, s.store, s.metrics.StoreErrors, g); err != nil {
		return err
	}
	s.lichess.NoteCreated(g) // the API's gameStart events
	return nil
}

// appendEvents stores events that g has just applied (round.AppendEvents).
func (s *Server) appendEvents(ctx context.Context, g *game.Game, evs []game.Event) error {
	if err := round.AppendEvents(ctx, s.store, s.metrics.StoreErrors, g, evs); err != nil {
		return err
	}
	s.lichess.NoteSaved(g, evs)                       // the API's gameStart and gameFinish events
	s.finder.NoteSaved(g, evs)                        // a game over: its puzzles, in the background
	if p, ok := s.tournaments.NoteSaved(g, evs); ok { // a tournament game over: its result
		s.swiss.NoteFinished(p) // a Swiss one's: the next round
	}
	return nil
}

// loadGame reads game id from the store and replays its events.
func (s *Server) loadGame(ctx context.Context, id string) (*game.Game, error) {
	return round.LoadGame(ctx, s.store, s.metrics.StoreErrors, id, s.now)
}
