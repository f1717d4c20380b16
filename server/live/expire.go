package live

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

// SweepStale ends the games no one will come back to, at once and then
// once each period, until ctx ends.
func (gs *Games) SweepStale(ctx context.Context, period time.Duration) {
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		if n, err := gs.ExpireStale(ctx); err != nil && ctx.Err() == nil {
			gs.cfg.Log.Error("expire games", "err", err)
		} else if n > 0 {
			gs.cfg.Log.Info("expired games no one moved in", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// ExpireStale aborts the unfinished games no one has moved in for
// game.UntouchedFor (or, by correspondence, for the first move's days): a
// game that is never played does not stay open for ever. It returns how
// many it ended.
func (gs *Games) ExpireStale(ctx context.Context) (int, error) {
	ended := 0
	for range expireBatches {
		ids, err := gs.cfg.Store.Stale(ctx, gs.cfg.Now().Add(-game.UntouchedFor), expireBatch)
		if err != nil {
			return ended, err
		}
		n := 0
		for _, id := range ids {
			ok, err := gs.expireGame(ctx, id)
			if err != nil {
				gs.cfg.Log.Error("expire game", "game", id, "err", err)
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
func (gs *Games) expireGame(ctx context.Context, id string) (bool, error) {
	gs.mu.Lock()
	_, live := gs.hubs[id]
	_, loading := gs.loading[id]
	if live || loading {
		gs.mu.Unlock()
		return false, nil
	}
	done := make(chan struct{})
	gs.loading[id] = done
	gs.mu.Unlock()
	defer func() {
		gs.mu.Lock()
		delete(gs.loading, id)
		close(done)
		gs.mu.Unlock()
	}()
	if err := gs.Claim(ctx, id); err != nil {
		var remote *wire.RemoteOwner
		if errors.As(err, &remote) {
			return false, nil // live on another node: someone has it open
		}
		return false, err
	}
	defer gs.Disown(id)
	g, err := gs.cfg.Load(ctx, id)
	if err != nil || !g.Expired(gs.cfg.Now()) {
		return false, err
	}
	evs, err := g.StartLapsed()
	if err != nil {
		return false, err
	}
	if err := gs.cfg.Append(ctx, g, evs); err != nil {
		return false, err
	}
	return true, nil
}
