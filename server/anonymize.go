package server

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/store"
)

// anonymize makes the games of account u, about to be deleted, forget its
// name: its seats keep their player but lose their name, in the stored
// header and seat events and in the listings (see round.SeatScrub), so
// the PGN says "?" and the API Anonymous. A rated game's PGN names its
// accounts from the accounts themselves, and a deleted one has none.
// The live games of this node forget it first, so that what they save
// next names no one; a live game on another node of a cluster keeps the
// name in memory (not in the store) until it is next loaded there.
func (s *Server) anonymize(ctx context.Context, u store.User) error {
	an, ok := s.store.(store.Anonymizer)
	if !ok {
		return nil
	}
	player := playerID(u.Player)
	for _, id := range s.liveIDs() {
		s.mu.Lock()
		h := s.hubs[id]
		s.mu.Unlock()
		if h == nil {
			continue
		}
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
	if err := an.AnonymizePlayer(ctx, player, round.SeatScrub(player)); err != nil {
		return fmt.Errorf("%w: %v", ErrStorage, err)
	}
	return nil
}
