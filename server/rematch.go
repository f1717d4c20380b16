package server

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/games"
)

// createRematch stores and starts the game that follows g
// (games.RematchOf).
func (s *Server) createRematch(ctx context.Context, g *game.Game) (string, error) {
	opts := games.RematchOf(g, s.now)
	next, err := game.New(opts)
	if err != nil {
		return "", fmt.Errorf("rematch of %s: %w", g.ID(), err)
	}
	if err := s.startNewGame(ctx, next); err != nil {
		return "", err
	}
	return next.ID(), nil
}

// startNewGame stores new game g, claims it for this node and starts its
// hub: a rematch, a tournament's game.
func (s *Server) startNewGame(ctx context.Context, g *game.Game) error {
	if err := s.createGame(ctx, g); err != nil {
		return err
	}
	if err := s.live.Claim(ctx, g.ID()); err != nil {
		return err
	}
	s.live.Start(g, "")
	return nil
}
