package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestBatchFailsAlone: appends committed in one transaction each stand on
// their own: a conflict and an unknown game fail, the others are stored.
func TestBatchFailsAlone(t *testing.T) {
	st, _ := openTemp(t)
	defer st.Close()
	ctx := context.Background()
	for _, id := range []string{"a", "b", "c"} {
		if err := st.Create(ctx, logSummary(id, 1), []byte("h"), logEvents(0, 1)); err != nil {
			t.Fatal(err)
		}
	}
	req := func(id string, expect int64) *appendReq {
		return &appendReq{ctx: ctx, id: id, expect: expect, events: logEvents(expect, expect+1), sum: logSummary(id, expect+1),
			done: make(chan error, 1)}
	}
	batch := []*appendReq{req("a", 1), req("b", 0), req("nope", 1), req("c", 1)}
	st.batch.commit(batch)
	want := []error{nil, ErrConflict, ErrNotFound, nil}
	for i, r := range batch {
		if err := <-r.done; !errors.Is(err, want[i]) || (want[i] == nil) != (err == nil) {
			t.Errorf("append %d (%s): %v, want %v", i, r.id, err, want[i])
		}
	}
	for id, v := range map[string]int64{"a": 2, "b": 1, "c": 2} {
		if g, err := st.Load(ctx, id); err != nil || g.Summary.Version != v || len(g.Events) != int(v) {
			t.Errorf("game %s: version %d with %d events, %v; want %d", id, g.Summary.Version, len(g.Events), err, v)
		}
	}
}

// TestConcurrentAppends: many games appending at once are all stored, in
// order, whatever batches they fell into.
func TestConcurrentAppends(t *testing.T) {
	st, _ := openTemp(t)
	defer st.Close()
	ctx := context.Background()
	const games, moves = 40, 10
	for g := range games {
		if err := st.Create(ctx, logSummary(fmt.Sprint(g), 0), []byte("h"), nil); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprint(g)
			for v := range int64(moves) {
				if err := st.Append(ctx, id, v, logEvents(v, v+1), logSummary(id, v+1)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for g := range games {
		if s, err := st.Load(ctx, fmt.Sprint(g)); err != nil || len(s.Events) != moves {
			t.Errorf("game %d: %d events, %v", g, len(s.Events), err)
		}
	}
}

// TestCommitInterval: a quiet moment's append is committed at once, alone;
// the appends arriving within the interval after a commit began wait for
// its end and share one commit.
func TestCommitInterval(t *testing.T) {
	st, _ := openTemp(t)
	defer st.Close()
	const interval = time.Second // long, so that a slow machine still sends the three within it
	st.batch.interval = interval
	ctx := context.Background()
	for _, id := range []string{"a", "b", "c", "d"} {
		if err := st.Create(ctx, logSummary(id, 0), []byte("h"), nil); err != nil {
			t.Fatal(err)
		}
	}
	appendOne := func(id string) error { return st.Append(ctx, id, 0, logEvents(0, 1), logSummary(id, 1)) }
	time.Sleep(interval) // whatever the creation committed is over an interval ago
	before := st.batch.commits.Load()
	start := time.Now()
	if err := appendOne("a"); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > interval/2 {
		t.Errorf("a quiet moment's append took %v: it waited for the interval", took)
	}
	var wg sync.WaitGroup
	for _, id := range []string{"b", "c", "d"} {
		wg.Go(func() {
			if err := appendOne(id); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := st.batch.commits.Load() - before; n != 2 {
		t.Errorf("%d commits for a quiet append and three within the interval, want 2", n)
	}
	if took := time.Since(start); took < interval {
		t.Errorf("the three were committed %v after the first began: sooner than the interval", took)
	}
}

// BenchmarkAppendParallel is many games moving at once, each append its
// own game's next move: group commit shares one fsync among the appends
// that arrive together (compare BenchmarkAppend, one at a time).
func BenchmarkAppendParallel(b *testing.B) {
	st, _ := openTemp(b)
	defer st.Close()
	ctx := context.Background()
	var next atomic.Int64
	b.SetParallelism(32) // 64 goroutines on 2 cores: many games' hubs
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		id := fmt.Sprint(next.Add(1))
		if err := st.Create(ctx, logSummary(id, 0), []byte("h"), nil); err != nil {
			b.Error(err)
			return
		}
		for v := int64(0); pb.Next(); v++ {
			if err := st.Append(ctx, id, v, logEvents(v, v+1), logSummary(id, v+1)); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
