package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
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
	before := st.batch.commits.Load()
	st.batch.commit(batch)
	if n := st.batch.commits.Load() - before; n != 1 {
		t.Errorf("%d transactions, want 1: a refused version writes nothing, the others go on", n)
	}
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

// TestBatchFailsAloneAfterWriting: an append that fails after writing
// some rows (here its event collides with a stored one, after the game's
// row was updated) is undone alone: the batch is written again with a
// savepoint each, the others stored once.
func TestBatchFailsAloneAfterWriting(t *testing.T) {
	st, _ := openTemp(t)
	defer st.Close()
	ctx := context.Background()
	for _, id := range []string{"a", "b", "c"} {
		if err := st.Create(ctx, logSummary(id, 1), []byte("h"), logEvents(0, 1)); err != nil {
			t.Fatal(err)
		}
	}
	req := func(id string, events []Event) *appendReq {
		return &appendReq{ctx: ctx, id: id, expect: 1, events: events, sum: logSummary(id, 2), done: make(chan error, 1)}
	}
	batch := []*appendReq{req("a", logEvents(1, 2)), req("b", logEvents(0, 1)), req("c", logEvents(1, 2))}
	before := st.batch.commits.Load()
	st.batch.commit(batch)
	for i, want := range []bool{true, false, true} {
		if err := <-batch[i].done; (err == nil) != want {
			t.Errorf("append %d (%s): %v, want success %v", i, batch[i].id, err, want)
		}
	}
	if n := st.batch.commits.Load() - before; n != 2 {
		t.Errorf("%d transactions, want 2 (the direct one, rolled back, then one with savepoints)", n)
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

// TestCommitInterval: a quiet moment's append is committed at once, alone,
// and so are one game's appends one after the other; after a shared commit,
// the appends arriving within the interval after it began wait for its end
// and share one commit.
func TestCommitInterval(t *testing.T) {
	st, _ := openTemp(t)
	defer st.Close()
	const interval = time.Second // long, so that a slow machine still sends the three within it
	st.batch.interval = interval
	ctx := context.Background()
	for _, id := range []string{"a", "b", "c", "d", "e", "f"} {
		if err := st.Create(ctx, logSummary(id, 0), []byte("h"), nil); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	for v := range int64(4) {
		if err := st.Append(ctx, "a", v, logEvents(v, v+1), logSummary("a", v+1)); err != nil {
			t.Fatal(err)
		}
	}
	if took := time.Since(start); took > interval/2 {
		t.Errorf("one game's four appends took %v: they waited for the interval", took)
	}

	req := func(id string) *appendReq {
		return &appendReq{ctx: ctx, id: id, expect: 0, events: logEvents(0, 1), sum: logSummary(id, 1), done: make(chan error, 1)}
	}
	before := st.batch.commits.Load()
	start = time.Now()
	st.batch.commit([]*appendReq{req("b"), req("c")}) // a shared commit: load
	var wg sync.WaitGroup
	for _, id := range []string{"d", "e", "f"} {
		wg.Go(func() {
			if err := st.Append(ctx, id, 0, logEvents(0, 1), logSummary(id, 1)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := st.batch.commits.Load() - before; n != 2 {
		t.Errorf("%d commits for a shared one and three appends within the interval after it, want 2", n)
	}
	if took := time.Since(start); took < interval {
		t.Errorf("the three were committed %v after the shared commit began: sooner than the interval", took)
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

// TestSeatCache: an append seating the same players writes nothing to
// game_players (a row removed behind the store's back stays removed),
// one seating others writes them, and a batch rolled back and written
// again with savepoints still seats its players.
func TestSeatCache(t *testing.T) {
	st := openWithGames(t, "a", "b")
	ctx := context.Background()
	seated := func(id string) []string {
		t.Helper()
		g, err := st.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return g.Summary.Players
	}
	appendAs := func(id string, v int64, players ...string) {
		t.Helper()
		sum := logSummary(id, v+1)
		sum.Players = players
		if err := st.Append(ctx, id, v, logEvents(v, v+1), sum); err != nil {
			t.Fatal(err)
		}
	}
	appendAs("a", 1, "p1", "p2") // known from now on
	if _, err := st.db.ExecContext(ctx, `DELETE FROM game_players WHERE game_id = 'a' AND player = 'p2'`); err != nil {
		t.Fatal(err)
	}
	appendAs("a", 2, "p2", "p1")
	if got := seated("a"); !slices.Equal(got, []string{"p1"}) {
		t.Errorf("the same players seated again: game_players %v, want [p1] (written again, not skipped)", got)
	}
	appendAs("a", 3, "p1", "p3")
	if got := seated("a"); !slices.Equal(got, []string{"p1", "p3"}) {
		t.Errorf("a seat changed: %v, want [p1 p3]", got)
	}

	// b seats p4 in a batch whose direct transaction is rolled back.
	sum := logSummary("b", 2)
	sum.Players = []string{"p4"}
	batch := []*appendReq{
		{ctx: ctx, id: "b", expect: 1, events: logEvents(1, 2), sum: sum, done: make(chan error, 1)},
		{ctx: ctx, id: "a", expect: 4, events: logEvents(0, 1), sum: logSummary("a", 5), done: make(chan error, 1)}, // fails after writing
	}
	st.batch.commit(batch)
	if err := <-batch[0].done; err != nil {
		t.Fatal(err)
	}
	if err := <-batch[1].done; err == nil {
		t.Fatal("an append of an event already stored succeeded")
	}
	if got := seated("b"); !slices.Equal(got, []string{"p4"}) {
		t.Errorf("after a rolled-back batch written again: %v, want [p4]", got)
	}
}

// TestRawAppendsOnAnyConnection: the writer's statements on the driver's
// connection are prepared again when the pool replaces its connection
// (here it keeps none idle, so every batch gets a new one), and a batch
// holding a finished game (rated through database/sql) stands beside the
// raw ones; every append is stored.
func TestRawAppendsOnAnyConnection(t *testing.T) {
	st := openWithGames(t, "a", "b")
	ctx := context.Background()
	st.db.SetMaxIdleConns(0)
	var conns []any
	for v := int64(1); v < 4; v++ {
		if err := st.Append(ctx, "a", v, logEvents(v, v+1), logSummary("a", v+1)); err != nil {
			t.Fatalf("append a at %d: %v", v, err)
		}
		if !slices.Contains(conns, st.batch.raw.dc) {
			conns = append(conns, st.batch.raw.dc)
		}
	}
	st.db.SetMaxIdleConns(2)
	if len(conns) < 2 {
		t.Errorf("the statements were prepared on %d connection(s), want one for each new connection", len(conns))
	}
	fin := logSummary("b", 2)
	fin.Finished, fin.Status, fin.Result = true, "checkmate", "1-0"
	batch := []*appendReq{
		{ctx: ctx, id: "a", expect: 4, events: logEvents(4, 5), sum: logSummary("a", 5), done: make(chan error, 1)},
		{ctx: ctx, id: "b", expect: 1, events: logEvents(1, 2), sum: fin, done: make(chan error, 1)},
	}
	if rawBatch(batch) {
		t.Error("a batch finishing a game runs raw: its rating needs database/sql")
	}
	st.batch.commit(batch)
	for _, r := range batch {
		if err := <-r.done; err != nil {
			t.Errorf("append %s: %v", r.id, err)
		}
	}
	for id, v := range map[string]int64{"a": 5, "b": 2} {
		if g, err := st.Load(ctx, id); err != nil || g.Summary.Version != v || len(g.Events) != int(v) {
			t.Errorf("game %s: version %d with %d events, %v; want %d", id, g.Summary.Version, len(g.Events), err, v)
		}
	}
	if g, _ := st.Load(ctx, "b"); !g.Summary.Finished {
		t.Error("game b not finished")
	}
}

// openWithGames opens a temporary store holding games ids, each at
// version 1, closed when the test ends.
func openWithGames(t *testing.T, ids ...string) *SQLite {
	t.Helper()
	st, _ := openTemp(t)
	t.Cleanup(func() { st.Close() })
	for _, id := range ids {
		if err := st.Create(context.Background(), logSummary(id, 1), []byte("h"), logEvents(0, 1)); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// TestSameSeats: the seated set is matched by the same players in any
// order, with "" and repeats, and by nothing more or less.
func TestSameSeats(t *testing.T) {
	seated := []string{"p1", "p2"}
	for _, tc := range []struct {
		players []string
		want    bool
	}{
		{[]string{"p1", "p2"}, true},
		{[]string{"p2", "", "p1", "p2"}, true},
		{[]string{"p1"}, false},
		{[]string{"p1", "p2", "p3"}, false},
		{[]string{"p1", "p3"}, false},
		{nil, false},
	} {
		if got := sameSeats(seated, tc.players); got != tc.want {
			t.Errorf("sameSeats(%q, %q) = %v, want %v", seated, tc.players, got, tc.want)
		}
	}
	if !sameSeats([]string{}, []string{"", ""}) {
		t.Error("no one seated: not matched by blank seats")
	}
	if n := testing.AllocsPerRun(100, func() { sameSeats(seated, []string{"p2", "p1"}) }); n != 0 {
		t.Errorf("sameSeats allocates %v times", n)
	}
}

// TestCreationsJoinTheBatch: a game's creation is written by the appends'
// writer, in their transaction: one commit for creations and appends
// together, a game that exists already refused alone, and a creation that
// fails part way (its two events collide) undone alone through the
// savepoints, the others kept.
func TestCreationsJoinTheBatch(t *testing.T) {
	errAnything := errors.New("any error")
	st, _ := openTemp(t)
	defer st.Close()
	ctx := context.Background()
	if err := st.Create(ctx, logSummary("a", 1), []byte("h"), logEvents(0, 1)); err != nil {
		t.Fatal(err)
	}
	create := func(id string, events []Event) *appendReq {
		return &appendReq{ctx: ctx, id: id, events: events, sum: logSummary(id, int64(len(events))), create: true,
			header: []byte("h " + id), done: make(chan error, 1)}
	}
	move := &appendReq{ctx: ctx, id: "a", expect: 1, events: logEvents(1, 2), sum: logSummary("a", 2), done: make(chan error, 1)}
	check := func(batch []*appendReq, want []error, commits int64) {
		t.Helper()
		before := st.batch.commits.Load()
		st.batch.commit(batch)
		if n := st.batch.commits.Load() - before; n != commits {
			t.Errorf("%d transactions, want %d", n, commits)
		}
		for i, r := range batch {
			err := <-r.done
			if (want[i] == nil) != (err == nil) || want[i] != errAnything && !errors.Is(err, want[i]) {
				t.Errorf("request %d (%s, create %v): %v, want %v", i, r.id, r.create, err, want[i])
			}
		}
	}
	check([]*appendReq{create("n1", logEvents(0, 1)), move, create("a", logEvents(0, 1)), create("n2", logEvents(0, 2))},
		[]error{nil, nil, ErrExists, nil}, 1)
	collide := []Event{{V: 1, Type: "move", Data: []byte(`{}`)}, {V: 1, Type: "move", Data: []byte(`{}`)}}
	check([]*appendReq{create("n3", logEvents(0, 1)), create("bad", collide), create("n4", logEvents(0, 1))},
		[]error{nil, errAnything, nil}, 2)
	for id, v := range map[string]int64{"a": 2, "n1": 1, "n2": 2, "n3": 1, "n4": 1} {
		header := "h " + id // the creation's, in the batch
		if id == "a" {
			header = "h" // the first Create's: the second was refused
		}
		g, err := st.Load(ctx, id)
		if err != nil || g.Summary.Version != v || len(g.Events) != int(v) || string(g.Header) != header {
			t.Errorf("game %s: version %d with %d events, header %q, %v; want %d, %q", id, g.Summary.Version, len(g.Events), g.Header, err, v, header)
		}
		if seats := g.Summary.Players; len(seats) != 2 {
			t.Errorf("game %s seats %v, want p1 and p2", id, seats)
		}
	}
	if _, err := st.Load(ctx, "bad"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the failed creation: %v, want ErrNotFound", err)
	}
	// The writer learnt n1's seats from its commit: its next move skips them.
	if k, ok := st.batch.rows.lookup("n1"); !ok || !sameSeats(k.seated, []string{"p2", "p1"}) {
		t.Errorf("n1's seats not known after its creation: %v %v", k.seated, ok)
	}
}
