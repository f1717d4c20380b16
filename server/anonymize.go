package server

import (
	"context"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/player"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// anonymize makes the games of account u, about to be deleted, forget its
// name: its seats keep their player but lose their name, in the stored
// header and seat events and in the listings (see seatScrub), so
// the PGN says "?" and the API Anonymous. A rated game's PGN names its
// accounts from the accounts themselves, and a deleted one has none.
//
// Each node makes its live games forget the name first, then rewrites the
// store: what a live game saves after it has forgotten names no one, so
// the store ends clean whichever node saves when. This node does it before
// answering; the others, told over the bus, just after.
func (s *Server) anonymize(ctx context.Context, u store.User) error {
	player := player.ID(u.Player)
	if err := s.forgetHere(ctx, player); err != nil {
		return err
	}
	if s.bus != nil {
		if err := s.bus.Forget(player); err != nil {
			s.log.Warn("tell the other nodes of a deleted account", "err", err)
		}
	}
	return nil
}

// ForgetFrom implements BusHandler.
func (ch ClusterHandler) ForgetFrom(node, player string) {
	s := ch.s
	if node == s.bus.Node() || player == "" {
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		ctx, cancel := context.WithTimeout(s.ctx, time.Minute)
		defer cancel()
		if err := s.forgetHere(ctx, player); err != nil {
			s.log.Error("forget a deleted account's name", "err", err)
		}
	}()
}

// forgetHere makes the live games of this node forget player's name, then
// the store.
func (s *Server) forgetHere(ctx context.Context, player string) error {
	an, ok := s.store.(store.Anonymizer)
	if !ok {
		return nil
	}
	for _, h := range s.live.All() {
		done := make(chan struct{})
		if h.Send(ctx, round.ForgetNameCmd{Player: player, Done: done}) != nil {
			continue // retired meanwhile: it is loaded again from the store
		}
		select { // an accepted command always runs
		case <-done:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if err := an.AnonymizePlayer(ctx, player, seatScrub(player)); err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return nil
}

// seatScrub is how the store forgets player's name in its games (see
// store.Anonymizer): the game's own rewrite of its stored header and seat
// events (game.ScrubHeader, game.ScrubSeatEvent).
func seatScrub(player string) store.SeatScrub {
	return store.SeatScrub{
		Header:    func(h []byte) ([]byte, [2]bool, error) { return game.ScrubHeader(h, player) },
		EventType: string(game.EventSeat),
		Event:     func(data []byte) ([]byte, error) { return game.ScrubSeatEvent(data, player) },
	}
}
