package server

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// createRematch stores and starts the game that follows g: the same
// variant, start and time control, and the same people with colours
// swapped.
func (s *Server) createRematch(ctx context.Context, g *game.Game) (string, error) {
	hd := g.Header()
	opts := game.Options{ID: wire.NewID(), Mode: game.ModeOnline, Variant: g.Variant(), StartFEN: hd.StartFEN,
		MoveText: hd.Moves, Public: g.Public(), Now: s.now}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		seat := g.Seat(c)
		opts.Seats[c.Other()] = game.Seat{Kind: seat.Kind, Name: seat.Name, Player: seat.Player, Title: seat.Title}
	}
	if k := g.Clock(); k != nil {
		opts.Clock = game.ClockConfig{Initial: k.Initial, Increment: k.Increment, PerMove: k.PerMove}
	}
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
