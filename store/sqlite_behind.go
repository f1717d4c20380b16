package store

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// A game's row may lag behind its events (SQLite). The usual append of a
// game in play changes only what a move changes in its summary: the
// version, the plies, the time of the move and the opening. Writing the
// game's row for that cost a page of its own in every commit (rows lie
// thousands of games apart), half the pages an append wrote, and, under
// load, a fifth of the server's CPU a move and most of the relay's tail
// (BENCH.md, "Where a third can come from"). So the writer inserts such an
// append's events only, and keeps the game's summary in memory
// (rowCache), where the version check reads it: the writer is the only
// one writing games and events, and the events' primary key is the last
// guard. Every move is still in the store, durable, before it is sent.
//
// The row catches up (sqlCatchUp) at the game's next append that changes
// anything else (its status, its seats, an indexed column: the end, a
// takeback to no move), when the listing's time is due (listedEvery), at
// MarkIdle, and when the store closes. Readers in this process lay the
// lagging values over the row (Load, List, PlayerGames): their summaries
// are those of the last append. After a crash, opening the store sets each
// unfinished game's version to its last event's (sqlRepairBehind), so its
// next append passes the check and writes the row whole; until then its
// plies, opening and time of the last move are those of its row, at most
// listedEvery of play behind. So is what another process reads meanwhile
// (Load gives it the events' version with the row's other values; the
// server replays the events and reads nothing else of a loaded summary),
// and, in this process, a Load that gets the store's connection between
// the commit of a batch that finished a game and the writer's note of it
// (the usual batch is noted before the connection goes back to the pool).
// A game left in the middle has its row written by the writer's sweep,
// every listedEvery. Nothing else lags: a row whose
// plies are 0, which Stale reads, is always written, and so is every
// column an index holds.

// The statements of a row behind its events, prepared with the appends'.
const (
	// sqlCatchUp writes what the appends left behind: the columns
	// canSkipRow lets differ, nothing else (an anonymised game keeps its
	// blank names).
	sqlCatchUp = `UPDATE games SET version = ?, plies = ?, moved_at = ?, eco = ?, opening = ? WHERE id = ? AND version = ?`
	// sqlIdleGame is MarkIdle's, after the row caught up.
	sqlIdleGame = `UPDATE games SET active = 0 WHERE id = ? AND version = ?`
	// sqlRepairBehind is run at open: after a crash, a game's row may be
	// behind its events.
	sqlRepairBehind = `UPDATE games SET version = (SELECT max(v) FROM events WHERE game_id = games.id)
		WHERE finished = 0 AND version < (SELECT coalesce(max(v), 0) FROM events WHERE game_id = games.id)`
)

// rowKnown is what the writer knows of one game.
type rowKnown struct {
	row    Summary // the row's columns as the writer last wrote them
	listed int64   // the row's updated_at in nanoseconds; 0 when not known
	head   Summary // the summary of the game's last append: row, unless the row is behind
	// seated is the game's game_players as the writer last wrote them
	// (playerSet). An append seating the same set (nearly every move)
	// skips setPlayers' two statements, a third of an append's statements'
	// CPU under load (BENCH.md). Only the writer writes game_players (the
	// appends and the creations), and it learns, as all of rowKnown, only
	// from committed transactions: a batch rolled back and written again
	// with savepoints writes its players again.
	seated []string
}

// behind reports whether the row lacks appends.
func (k rowKnown) behind() bool { return k.head.Version != k.row.Version }

// caughtUp is k once sqlCatchUp has run.
func (k rowKnown) caughtUp() rowKnown {
	k.row = k.head
	return k
}

// canSkipRow reports whether an append with summary sum may leave game
// k's row as it is: the game goes on (a finished game's row is written,
// and the repair after a crash reads only unfinished ones), the row's
// plies are not 0 (Stale reads them) and stay so, its listing time is
// recent (listedEvery), and nothing but what sqlCatchUp writes changes.
func canSkipRow(k rowKnown, sum Summary) bool {
	r := k.row
	return !sum.Finished && k.listed != 0 && k.listed >= nanos(sum.UpdatedAt.Add(-listedEvery)) && r.Plies > 0 && sum.Plies > 0 &&
		r.Variant == sum.Variant && r.Mode == sum.Mode && r.Status == sum.Status && r.Result == sum.Result &&
		r.Finished == sum.Finished && r.Public == sum.Public && r.Active == sum.Active &&
		r.White == sum.White && r.Black == sum.Black && r.WhiteKind == sum.WhiteKind && r.BlackKind == sum.BlackKind &&
		r.Termination == sum.Termination && r.TimeControl == sum.TimeControl
}

// catchUp writes k's lagging columns to game id's row.
func catchUp(ctx context.Context, x execer, id string, k rowKnown) error {
	h := k.head
	n, err := x.exec(ctx, sqlCatchUp, h.Version, int64(h.Plies), nanos(h.UpdatedAt), h.ECO, h.Opening, id, k.row.Version)
	if err != nil {
		return fmt.Errorf("catch up: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("catch up: the row of game %s is not at version %d: written outside the store's writer", id, k.row.Version)
	}
	return nil
}

// laidOver is sum, a row's summary, with the values head, its game's last
// append, left behind.
func laidOver(sum, head Summary) Summary {
	sum.Version, sum.Plies, sum.ECO, sum.Opening = head.Version, head.Plies, head.ECO, head.Opening
	if moved := fromNanos(nanos(head.UpdatedAt)); moved.After(sum.UpdatedAt) { // as the row would give it back
		sum.UpdatedAt = moved
	}
	return sum
}

// rowCacheMax bounds the games whose rows are up to date that the writer
// remembers: past it, the sweep forgets them. The rows behind are the
// games that moved in the last listedEvery or so: the sweep writes the
// others.
const rowCacheMax = 50_000

// rowCache is what the writer knows of the games it wrote: committed,
// which readers read too (under mu), and staged, the batch under way's,
// which only the writer goroutine uses and commit folds in. Only the
// writer changes committed.
type rowCache struct {
	mu        sync.Mutex
	committed map[string]rowKnown
	staged    map[string]rowKnown
}

func newRowCache() *rowCache {
	return &rowCache{committed: map[string]rowKnown{}, staged: map[string]rowKnown{}}
}

// lookup returns what the writer knows of game id, this batch included.
func (c *rowCache) lookup(id string) (rowKnown, bool) {
	if k, ok := c.staged[id]; ok {
		return k, true
	}
	k, ok := c.committed[id]
	return k, ok
}

// stage notes k for game id, once its write succeeded in the batch.
func (c *rowCache) stage(id string, k rowKnown) { c.staged[id] = k }

// discard forgets the batch's notes: its transaction was rolled back.
func (c *rowCache) discard() { clear(c.staged) }

// commit folds the batch's notes in: its transaction committed. A finished
// game is forgotten (its last append wrote the row).
func (c *rowCache) commit() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, k := range c.staged {
		if k.head.Finished && !k.behind() {
			delete(c.committed, id)
		} else {
			c.committed[id] = k
		}
	}
	clear(c.staged)
}

// headBehind returns the summary of game id's last append when its row is
// behind it.
func (c *rowCache) headBehind(id string) (Summary, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k, ok := c.committed[id]
	return k.head, ok && k.behind()
}

// layOver lays the lagging values over the summaries read from rows.
func (c *rowCache) layOver(sums []Summary) {
	for i, s := range sums {
		if head, ok := c.headBehind(s.ID); ok && head.Version > s.Version {
			sums[i] = laidOver(s, head)
		}
	}
}

// idleTx is MarkIdle inside the write transaction x runs in: the version
// check against what the writer knows, the row caught up, active cleared.
func idleTx(ctx context.Context, x execer, r *appendReq, rows *rowCache) error {
	k, known := rows.lookup(r.id)
	if !known {
		have, found, err := x.version(ctx, r.id)
		switch {
		case err != nil:
			return err
		case !found:
			return untouched{ErrNotFound}
		case have != r.expect:
			return untouched{fmt.Errorf("expected version %d, stored %d: %w", r.expect, have, ErrConflict)}
		}
		_, err = x.exec(ctx, sqlIdleGame, r.id, have)
		return err
	}
	if r.expect != k.head.Version {
		return untouched{fmt.Errorf("expected version %d, stored %d: %w", r.expect, k.head.Version, ErrConflict)}
	}
	if k.behind() {
		if err := catchUp(ctx, x, r.id, k); err != nil {
			return err
		}
		k = k.caughtUp()
	}
	switch n, err := x.exec(ctx, sqlIdleGame, r.id, k.row.Version); {
	case err != nil:
		return err
	case n == 0:
		return fmt.Errorf("the row of game %s is not at version %d: written outside the store's writer", r.id, k.row.Version)
	}
	k.row.Active, k.head.Active = false, false
	r.known, r.learned = k, true
	return nil
}

// forgetUpToDate drops the games whose rows are up to date, when more
// than rowCacheMax are remembered: their next append writes the row.
func (c *rowCache) forgetUpToDate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.committed) <= rowCacheMax {
		return
	}
	for id, k := range c.committed {
		if !k.behind() {
			delete(c.committed, id)
		}
	}
}

// sweep writes the rows behind of the games that have not moved since
// before idle (a game left in the middle, which no append would write
// again until the store closes), then forgets games past rowCacheMax.
// The writer runs it every listedEvery.
func (b *batcher) sweep(idle time.Time) error {
	err := b.catchUp(func(k rowKnown) bool { return k.head.UpdatedAt.Before(idle) })
	b.rows.forgetUpToDate()
	return err
}

// catchUpAll writes every lagging row, as the store closes.
func (b *batcher) catchUpAll() error {
	return b.catchUp(func(rowKnown) bool { return true })
}

// catchUp writes the lagging rows of the games which, in one transaction.
// Only the writer goroutine runs it, so it reads b.rows.committed, which
// only the writer changes, without the lock.
func (b *batcher) catchUp(which func(rowKnown) bool) error {
	var ids []string
	for id, k := range b.rows.committed {
		if k.behind() && which(k) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	write := func(x execer) error {
		for _, id := range ids {
			if err := catchUp(context.Background(), x, id, b.rows.committed[id]); err != nil {
				return err
			}
		}
		return nil
	}
	err := b.inRaw(write)
	if err != nil {
		err = b.inTx(write) // the raw statements may be what failed
	}
	if err != nil {
		return fmt.Errorf("store: write the games' rows behind their moves (the next open repairs their versions): %w", err)
	}
	for _, id := range ids {
		b.rows.stage(id, b.rows.committed[id].caughtUp())
	}
	b.rows.commit()
	return nil
}
