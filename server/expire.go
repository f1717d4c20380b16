package server

import (
	"context"
	"errors"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// expireBatch is how many stale games one look at the store reads, and
// expireBatches how many looks one sweep takes at most.
const (
	expireBatch   = 500
	expireBatches = 20
)

// sweepStale ends the games no one will come back to, at once and every
// expireEvery, until ctx ends.
func (s *Server) sweepStale(ctx context.Context) {
	tick := time.NewTicker(s.expireEvery)
	defer tick.Stop()
	for {
		if n, err := s.expireStale(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("expire games", "err", err)
		} else if n > 0 {
			s.log.Info("expired games no one moved in", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// expireStale aborts the unfinished games no one has moved in for
// game.UntouchedFor (or, by correspondence, for the first move's days): a
// game that is never played does not stay open for ever. It returns how
// many it ended.
func (s *Server) expireStale(ctx context.Context) (int, error) {
	ended := 0
	for range expireBatches {
		ids, err := s.store.Stale(ctx, s.now().Add(-game.UntouchedFor), expireBatch)
		if err != nil {
			return ended, err
		}
		n := 0
		for _, id := range ids {
			ok, err := s.expireGame(ctx, id)
			if err != nil {
				s.log.Error("expire game", "game", id, "err", err)
			}
			if ok {
				n++
			}
		}
		ended += n
		if len(ids) < expireBatch || n == 0 {
			return ended, nil // all seen, or the rest wait longer (correspondence)
		}
	}
	return ended, nil
}

// expireGame ends game id (game.StartLapsed: aborted, or lost by the
// side to move in a tournament's) when game.Expired says no one will
// come back to it. A live game is left alone: someone has it open. While it looks,
// the game counts as loading, so no hub can start on it meanwhile; and
// its Append expects the version it read.
func (s *Server) expireGame(ctx context.Context, id string) (bool, error) {
	s.mu.Lock()
	_, live := s.hubs[id]
	_, loading := s.loading[id]
	if live || loading {
		s.mu.Unlock()
		return false, nil
	}
	done := make(chan struct{})
	s.loading[id] = done
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.loading, id)
		close(done)
		s.mu.Unlock()
	}()
	if err := s.claim(ctx, id); err != nil {
		var remote *wire.RemoteOwner
		if errors.As(err, &remote) {
			return false, nil // live on another node: someone has it open
		}
		return false, err
	}
	defer s.disown(id)
	g, err := s.loadGame(ctx, id)
	if err != nil || !g.Expired(s.now()) {
		return false, err
	}
	evs, err := g.StartLapsed()
	if err != nil {
		return false, err
	}
	if err := s.appendEvents(ctx, g, evs); err != nil {
		return false, err
	}
	return true, nil
}
