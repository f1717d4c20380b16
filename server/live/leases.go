package live

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
)

// Several nodes serve one database. Each live game has one owner at a time,
// the node holding its lease (store.Leases), and only the owner runs its
// hub. The owner renews its leases while its hubs live; when it dies they
// expire, and another node takes the games that run by themselves
// (orphans) at once and the others when someone opens them. (How a
// client of another node reaches the owner is the server's: cluster.go.)

// Lease timing: a lease lasts LeaseTTL and is renewed every leaseRenew, so
// a dead owner's games pass on within LeaseTTL; orphans are looked for
// every orphanScan.
const (
	LeaseTTL   = 5 * time.Second
	leaseRenew = LeaseTTL / 3
	orphanScan = time.Second
)

// clustered reports whether this is one node of several.
func (gs *Games) clustered() bool { return gs.cfg.Leases != nil }

// Claim takes (or confirms) this node's lease of game id before its hub
// runs here; it fails with a wire.RemoteOwner when another node holds it.
// One node on its own owns every game.
func (gs *Games) Claim(ctx context.Context, id string) error {
	if !gs.clustered() {
		return nil
	}
	owner, err := gs.cfg.Leases.Acquire(ctx, id, gs.cfg.Node, LeaseTTL)
	if err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	if owner != gs.cfg.Node {
		return &wire.RemoteOwner{Node: owner}
	}
	return nil
}

// Disown gives up this node's lease of game id: its hub retired here
// (round.Server.Disown), the node is closing, or the stale sweep is done
// with it.
func (gs *Games) Disown(id string) {
	if !gs.clustered() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := gs.cfg.Leases.Release(ctx, id, gs.cfg.Node); err != nil {
		gs.cfg.Log.Warn("release lease", "game", id, "err", err)
	}
}

// KeepLeases renews this node's leases and adopts the orphans until ctx
// ends; with one node it returns at once.
func (gs *Games) KeepLeases(ctx context.Context) {
	if !gs.clustered() {
		return
	}
	renew := time.NewTicker(leaseRenew)
	defer renew.Stop()
	scan := time.NewTicker(orphanScan)
	defer scan.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-renew.C:
			gs.renewLeases(ctx)
		case <-scan.C:
			gs.adoptOrphans(ctx)
		}
	}
}

// renewLeases extends the leases of the live games; a game whose lease was
// lost (this node was cut off longer than a lease, and another took it)
// leaves at once, its clients closed, to reconnect to the new owner.
func (gs *Games) renewLeases(ctx context.Context) {
	lost, err := gs.cfg.Leases.Renew(ctx, gs.cfg.Node, gs.ids(), LeaseTTL)
	if err != nil {
		gs.cfg.Log.Error("renew leases", "err", err)
		return
	}
	for _, id := range lost {
		if h := gs.Running(id); h != nil {
			gs.cfg.Log.Warn("lease lost: the game moves to another node", "game", id)
			_ = h.Send(ctx, round.LeaseLostCmd{})
		}
	}
}

// adoptOrphans runs here the games that run by themselves (a clock, the
// computer) and whose owner is gone.
func (gs *Games) adoptOrphans(ctx context.Context) {
	ids, err := gs.cfg.Leases.Orphans(ctx, 100)
	if err != nil {
		gs.cfg.Log.Error("look for orphan games", "err", err)
		return
	}
	for _, id := range ids {
		if _, err := gs.Hub(ctx, id); err != nil {
			var remote *wire.RemoteOwner
			if !errors.As(err, &remote) { // another node was quicker: fine
				gs.cfg.Log.Error("adopt game", "game", id, "err", err)
			}
			continue
		}
		gs.cfg.Log.Info("adopted a game whose node is gone", "game", id)
	}
}
