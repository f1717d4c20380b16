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
	if err := s.createGame(ctx, next); err != nil {
		return "", err
	}
	if err := s.claim(ctx, next.ID()); err != nil {
		return "", err
	}
	s.startHub(next, "")
	return next.ID(), nil
}
