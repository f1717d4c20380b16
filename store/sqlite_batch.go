package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Group commit: every append, and every game's creation, goes to one writer
// goroutine, which takes the requests waiting at that moment (up to
// maxBatch) into one transaction, so that a hundred games moving at once
// cost one fsync, not a hundred. The first append of a quiet moment is
// committed at once, alone. Under load (the last commit was shared) a
// transaction begins at most every commitInterval: the appends arriving
// meanwhile wait for it, at most that long, and share its commit (the
// writes of the WAL's shared pages and the fsync, most of an append's
// cost). One game appending alone never waits. A conflict fails only its
// game's append: the version check comes first and writes nothing, so the
// others go on in the same transaction; any other failure rolls the
// transaction back, and the batch is written again with each append in a
// savepoint of its own (two statements more an append, which the usual case
// does without). The writer runs its statements on the driver's connection,
// not through database/sql (sqlite_raw.go), unless the batch finishes a
// game.

// maxBatch bounds the appends of one transaction.
const maxBatch = 256

// commitInterval is the least time between the starts of two commits. At
// 2,000 moves a second it makes about 200 commits of ten appends, not 2,000
// of one (BENCH.md, "The server's cost per move"); a move waits at most this
// long for its batch, a twentieth of the relay's 50 ms budget at p99.
const commitInterval = 5 * time.Millisecond

// ErrClosed is returned by a write to a store that was closed.
var ErrClosed = errors.New("store: closed")

// appendReq is one Append, or one Create, waiting for the writer.
type appendReq struct {
	ctx    context.Context
	id     string
	expect int64
	events []Event
	sum    Summary
	create bool   // a Create: the game is inserted with header
	idle   bool   // a MarkIdle at version expect: no events, no summary
	header []byte // a Create's header, never nil
	// known is what the game's row and log are once this write commits,
	// set by writeTx when learned.
	known   rowKnown
	learned bool
	done    chan error
}

// batcher is the writer of the appends.
type batcher struct {
	db      *sql.DB
	reqs    chan *appendReq
	closing chan struct{}
	once    sync.Once
	wg      sync.WaitGroup
	prep    *prepared // the appends' statements, the writer's own (nil until prepared)
	raw     rawConn   // the same on the driver's connection (sqlite_raw.go)

	rows       *rowCache     // each game's row and last append (sqlite_behind.go)
	sweepEvery time.Duration // how often the rows behind of idle games are written (listedEvery)
	closed     error         // the last rows' catch-up as the writer stopped

	interval  time.Duration // commitInterval (tests change it)
	lastStart time.Time     // when the last commit began
	lastSize  int           // the appends it held
	commits   atomic.Int64  // transactions committed or tried, for tests
}

func newBatcher(db *sql.DB) *batcher { return newBatcherSweeping(db, listedEvery) }

// newBatcherSweeping is newBatcher with the rows of idle games written
// every sweepEvery (tests make it short).
func newBatcherSweeping(db *sql.DB, sweepEvery time.Duration) *batcher {
	b := &batcher{db: db, reqs: make(chan *appendReq), closing: make(chan struct{}), interval: commitInterval,
		rows: newRowCache(), sweepEvery: sweepEvery}
	b.wg.Add(1)
	go b.run()
	return b
}

// append hands r to the writer and waits for its commit. Once the writer
// has it, it waits whatever its context says: it returns when the append
// is durable or failed, never while it might still happen.
func (b *batcher) append(ctx context.Context, r *appendReq) error {
	r.done = make(chan error, 1)
	select {
	case b.reqs <- r:
	case <-ctx.Done():
		return ctx.Err()
	case <-b.closing:
		return ErrClosed
	}
	return <-r.done
}

// run commits batches until the store closes.
func (b *batcher) run() {
	defer b.wg.Done()
	sweep := time.NewTicker(b.sweepEvery)
	defer sweep.Stop()
	for {
		select {
		case <-b.closing:
			b.closed = b.catchUpAll()
			return
		case now := <-sweep.C:
			_ = b.sweep(now.Add(-listedEvery)) // failing, the rows wait for the next sweep, or Close
		case first := <-b.reqs:
			b.commit(b.gather(first))
		}
	}
}

// gather takes first and the appends waiting now, up to maxBatch; when the
// last commit was shared and began less than the interval ago, also those
// arriving until the interval is over (or the store closes).
func (b *batcher) gather(first *appendReq) []*appendReq {
	batch := []*appendReq{first}
	var wait <-chan time.Time
	if left := time.Until(b.lastStart.Add(b.interval)); left > 0 && b.lastSize > 1 {
		t := time.NewTimer(left)
		defer t.Stop()
		wait = t.C
	}
	for len(batch) < maxBatch {
		select {
		case r := <-b.reqs:
			batch = append(batch, r)
			continue
		default:
		}
		if wait == nil {
			return batch
		}
		select {
		case r := <-b.reqs:
			batch = append(batch, r)
		case <-wait:
			wait = nil
		case <-b.closing:
			return batch
		}
	}
	return batch
}

// commit writes batch in one transaction, each append in a savepoint, and
// answers every append.
func (b *batcher) commit(batch []*appendReq) {
	if b.prep == nil {
		// Failing, it runs them unprepared and tries again next time.
		b.prep, _ = prepare(context.Background(), b.db)
	}
	b.lastStart, b.lastSize = time.Now(), len(batch)
	inTx := b.inTx
	if rawBatch(batch) {
		inTx = b.inRaw
	}
	errs, err := b.commitDirect(batch, inTx)
	if errors.Is(err, errNotPrepared) {
		b.rows.discard()
		inTx = b.inTx // as before the raw path: database/sql, prepared or not
		errs, err = b.commitDirect(batch, inTx)
	}
	if errors.Is(err, errTouched) {
		b.rows.discard()
		errs, err = b.commitSavepoints(batch, inTx)
	}
	if err == nil {
		b.rows.commit() // the database/sql path's (the raw path noted its batch before the connection went back)
	} else {
		b.rows.discard()
	}
	for i, r := range batch {
		if errs[i] == nil {
			errs[i] = err // the commit failed: none of the batch happened
		}
		r.done <- errs[i]
	}
}

// errTouched says an append failed after writing some of its rows: the
// transaction must be rolled back.
var errTouched = errors.New("store: an append failed part way")

// commitDirect writes batch in one transaction, the appends one after the
// other; it fails with errTouched, writing nothing, when an append fails
// other than by its version check. inTx is b.inTx or b.inRaw.
func (b *batcher) commitDirect(batch []*appendReq, inTx func(func(execer) error) error) ([]error, error) {
	b.commits.Add(1)
	errs := make([]error, len(batch))
	err := inTx(func(x execer) error {
		for i, r := range batch {
			if errs[i] = r.ctx.Err(); errs[i] != nil {
				continue // its caller has given up: not written
			}
			// The batch's other appends must not fail for this caller's deadline.
			errs[i] = writeTx(context.WithoutCancel(r.ctx), x, r, b.rows)
			if errs[i] != nil && !leftUntouched(errs[i]) {
				return errTouched
			}
			b.learn(r, errs[i])
		}
		return nil
	})
	return errs, err
}

// commitSavepoints writes batch in one transaction, each append in its own
// savepoint, rolled back alone when it fails.
func (b *batcher) commitSavepoints(batch []*appendReq, inTx func(func(execer) error) error) ([]error, error) {
	b.commits.Add(1)
	errs := make([]error, len(batch))
	err := inTx(func(x execer) error {
		for i, r := range batch {
			errs[i] = savepoint(x, r, b.rows)
			b.learn(r, errs[i])
		}
		return nil
	})
	return errs, err
}

// inTx runs f in a database/sql transaction and commits it.
func (b *batcher) inTx(f func(x execer) error) error {
	tx, err := b.db.BeginTx(context.Background(), nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := f(execer{tx: tx, p: b.prep}); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// savepoint runs one append in its own savepoint of x's transaction,
// rolled back alone when it fails. An append whose caller has given up is
// not written.
func savepoint(x execer, r *appendReq, rows *rowCache) error {
	if err := r.ctx.Err(); err != nil {
		return err
	}
	ctx := context.WithoutCancel(r.ctx) // the batch's other appends must not fail for this caller's deadline
	if _, err := x.exec(ctx, sqlSavepoint); err != nil {
		return err
	}
	if err := writeTx(ctx, x, r, rows); err != nil {
		if _, rerr := x.exec(ctx, sqlRollbackTo); rerr != nil {
			return errors.Join(err, rerr)
		}
		_, _ = x.exec(ctx, sqlRelease)
		return err
	}
	_, err := x.exec(ctx, sqlRelease)
	return err
}

// learn stages what a write that succeeded (err nil) in the batch under
// way taught the writer about its game.
func (b *batcher) learn(r *appendReq, err error) {
	if err == nil && r.learned {
		b.rows.stage(r.id, r.known)
	}
}

// close stops the writer once it has answered the batch under way and
// written the rows behind their games' events; it returns that write's
// error.
func (b *batcher) close() error {
	b.once.Do(func() { close(b.closing) })
	b.wg.Wait()
	_ = b.prep.close() // the writer has stopped: nothing uses them now
	_ = b.closeRaw()
	return b.closed
}
