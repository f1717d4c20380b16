package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// playSummary is game id at version v in play: v plies, active, an opening
// named from the third ply, the move's time v seconds after the start.
func playSummary(id string, v int64) Summary {
	sum := logSummary(id, v)
	sum.Plies, sum.Active = int(v), true
	sum.UpdatedAt = sum.CreatedAt.Add(time.Duration(v) * time.Second)
	if v >= 3 {
		sum.ECO, sum.Opening = "C40", "King's Knight Opening"
	}
	return sum
}

// rowOf reads game id's row as stored: version, plies, active.
func rowOf(t *testing.T, st *SQLite, id string) (version int64, plies int, active bool) {
	t.Helper()
	err := st.db.QueryRow(`SELECT version, plies, active FROM games WHERE id = ?`, id).Scan(&version, &plies, &active)
	if err != nil {
		t.Fatal(err)
	}
	return version, plies, active
}

// playTo creates game id at version 1 and appends to version v.
func playTo(t *testing.T, st *SQLite, id string, v int64) {
	t.Helper()
	ctx := context.Background()
	if err := st.Create(ctx, playSummary(id, 1), []byte("h"), logEvents(0, 1)); err != nil {
		t.Fatal(err)
	}
	for w := int64(2); w <= v; w++ {
		if err := st.Append(ctx, id, w-1, logEvents(w-1, w), playSummary(id, w)); err != nil {
			t.Fatal(err)
		}
	}
}

// wantSummary fails unless got is game id's summary at version v.
func wantSummary(t *testing.T, what string, got Summary, v int64) {
	t.Helper()
	want := playSummary(got.ID, v)
	if got.Version != want.Version || got.Plies != want.Plies || got.ECO != want.ECO || got.Opening != want.Opening ||
		!got.UpdatedAt.Equal(want.UpdatedAt) || got.Active != want.Active || got.White != want.White {
		t.Errorf("%s: %+v, want the summary at version %d: %+v", what, got, v, want)
	}
}

// TestRowBehindItsEvents: the moves of a game in play leave its row behind
// (the test reads the row itself), yet every read in the process gives the
// last append's summary, the version check holds, and closing the store
// writes the row.
func TestRowBehindItsEvents(t *testing.T) {
	ctx := context.Background()
	st, path := openTemp(t)
	playTo(t, st, "g", 6)
	if v, plies, _ := rowOf(t, st, "g"); v != 1 || plies != 1 {
		t.Errorf("row at version %d with %d plies, want left at version 1: the moves wrote it", v, plies)
	}
	g, err := st.Load(ctx, "g")
	if err != nil || len(g.Events) != 6 {
		t.Fatalf("Load: %d events, %v", len(g.Events), err)
	}
	wantSummary(t, "Load", g.Summary, 6)
	list, err := st.List(ctx, ListQuery{Player: "p1", Mine: true})
	if err != nil || len(list) != 1 {
		t.Fatalf("List: %v, %v", list, err)
	}
	wantSummary(t, "List", list[0], 6)
	mine, err := st.PlayerGames(ctx, "p1", GamesQuery{})
	if err != nil || len(mine) != 1 {
		t.Fatalf("PlayerGames: %v, %v", mine, err)
	}
	wantSummary(t, "PlayerGames", mine[0], 6)

	err = st.Append(ctx, "g", 4, logEvents(4, 5), playSummary("g", 5))
	if !errors.Is(err, ErrConflict) {
		t.Errorf("append at a stale version: %v, want ErrConflict", err)
	}
	if err := st.Append(ctx, "g", 6, logEvents(6, 7), playSummary("g", 7)); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st, err = OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if v, plies, _ := rowOf(t, st, "g"); v != 7 || plies != 7 {
		t.Errorf("after Close: row at version %d with %d plies, want 7 and 7", v, plies)
	}
	if g, err = st.Load(ctx, "g"); err != nil {
		t.Fatal(err)
	}
	wantSummary(t, "Load after a reopen", g.Summary, 7)
}

// TestRowBehindAfterACrash: a copy of the files taken while the store runs
// (what a power cut leaves) opens with the game's version repaired, so the
// game goes on, and its next move writes the row whole.
func TestRowBehindAfterACrash(t *testing.T) {
	ctx := context.Background()
	st, path := openTemp(t)
	defer st.Close()
	playTo(t, st, "g", 5)
	after := openCrashCopy(t, path)
	if v, _, _ := rowOf(t, after, "g"); v != 5 {
		t.Errorf("row at version %d after the crash, want 5 (repaired from the events)", v)
	}
	g, err := after.Load(ctx, "g")
	if err != nil || g.Summary.Version != 5 || len(g.Events) != 5 {
		t.Fatalf("Load after the crash: version %d, %d events, %v", g.Summary.Version, len(g.Events), err)
	}
	if err := after.Append(ctx, "g", 5, logEvents(5, 6), playSummary("g", 6)); err != nil {
		t.Fatalf("the game's next move after the crash: %v", err)
	}
	if v, plies, _ := rowOf(t, after, "g"); v != 6 || plies != 6 {
		t.Errorf("row at version %d with %d plies after the next move, want 6 and 6", v, plies)
	}
}

// openCrashCopy opens a copy of the database at path and its WAL, taken
// while the store runs: what a power cut leaves. The copy is closed when
// the test ends.
func openCrashCopy(t *testing.T, path string) *SQLite {
	t.Helper()
	crashed := filepath.Join(t.TempDir(), "gambit.db")
	for _, suffix := range []string{"", "-wal"} {
		data, err := os.ReadFile(path + suffix)
		if err == nil {
			err = os.WriteFile(crashed+suffix, data, 0o600)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	st, err := OpenSQLite(context.Background(), crashed)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// TestMarkIdleWithTheRowBehind: MarkIdle checks the version the game is
// at, not its row's, writes the row with the flag, and the game's next
// move sets the flag again, so a restart resumes it.
func TestMarkIdleWithTheRowBehind(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	defer st.Close()
	playTo(t, st, "g", 6)
	if err := st.MarkIdle(ctx, "g", 4); !errors.Is(err, ErrConflict) {
		t.Errorf("MarkIdle at a stale version: %v, want ErrConflict", err)
	}
	if err := st.MarkIdle(ctx, "g", 6); err != nil {
		t.Fatalf("MarkIdle at the game's version: %v", err)
	}
	if v, plies, active := rowOf(t, st, "g"); v != 6 || plies != 6 || active {
		t.Errorf("row at version %d, %d plies, active %v; want 6, 6, false", v, plies, active)
	}
	if ids, err := st.Active(ctx); err != nil || len(ids) != 0 {
		t.Errorf("Active after MarkIdle: %v, %v", ids, err)
	}
	if err := st.Append(ctx, "g", 6, logEvents(6, 7), playSummary("g", 7)); err != nil {
		t.Fatal(err)
	}
	if ids, err := st.Active(ctx); err != nil || !slices.Equal(ids, []string{"g"}) {
		t.Errorf("Active after the next move: %v, %v; want [g]", ids, err)
	}
	if err := st.MarkIdle(ctx, "nope", 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("MarkIdle of an unknown game: %v, want ErrNotFound", err)
	}
}

// TestRowWrittenWhenDue: the row is written when what a move changes is
// more than it may leave behind: the listing's time due, the status, the
// end, a takeback to no move.
func TestRowWrittenWhenDue(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		change func(*Summary)
	}{
		{"the listing's time due", func(s *Summary) { s.UpdatedAt = s.UpdatedAt.Add(listedEvery) }},
		{"the status", func(s *Summary) { s.Status = "check" }},
		{"the end", func(s *Summary) {
			s.Finished, s.Status, s.Result, s.Termination = true, "checkmate", "1-0", "checkmate"
		}},
		{"a takeback to no move", func(s *Summary) { s.Plies = 0 }},
		{"a seat taken", func(s *Summary) { s.BlackKind = "human" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, _ := openTemp(t)
			defer st.Close()
			playTo(t, st, "g", 4)
			sum := playSummary("g", 5)
			tc.change(&sum)
			if err := st.Append(ctx, "g", 4, logEvents(4, 5), sum); err != nil {
				t.Fatal(err)
			}
			if v, plies, _ := rowOf(t, st, "g"); v != 5 || plies != sum.Plies {
				t.Errorf("row at version %d with %d plies, want written: 5 and %d", v, plies, sum.Plies)
			}
		})
	}
}

// TestRowBehindInOneBatch: two appends of one game in one transaction,
// then a batch that is rolled back and written again with savepoints: the
// writer's knowledge follows only what committed.
func TestRowBehindInOneBatch(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	defer st.Close()
	playTo(t, st, "a", 2)
	playTo(t, st, "b", 2)
	req := func(id string, expect int64, events []Event) *appendReq {
		return &appendReq{ctx: ctx, id: id, expect: expect, events: events, sum: playSummary(id, expect+1), done: make(chan error, 1)}
	}
	batch := []*appendReq{req("a", 2, logEvents(2, 3)), req("a", 3, logEvents(3, 4))}
	st.batch.commit(batch)
	for i, r := range batch {
		if err := <-r.done; err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
	}
	// b's second event is numbered wrong: its insert fails after a's
	// append wrote, so the batch is written again, a's in a savepoint.
	bad := req("b", 2, logEvents(1, 2))
	batch = []*appendReq{req("a", 4, logEvents(4, 5)), bad}
	st.batch.commit(batch)
	if err := <-batch[0].done; err != nil {
		t.Fatalf("a's append beside a failing one: %v", err)
	}
	if err := <-bad.done; err == nil {
		t.Fatal("b's misnumbered append succeeded")
	}
	for id, v := range map[string]int64{"a": 5, "b": 2} {
		g, err := st.Load(ctx, id)
		if err != nil || len(g.Events) != int(v) {
			t.Fatalf("Load(%s): %d events, %v", id, len(g.Events), err)
		}
		wantSummary(t, "Load("+id+")", g.Summary, v)
		if err := st.Append(ctx, id, v, logEvents(v, v+1), playSummary(id, v+1)); err != nil {
			t.Errorf("%s's next append: %v", id, err)
		}
	}
}

// TestFinishedRowWritten: a finished game's appends write its row, even
// two in one batch, so a crash leaves no finished row behind (the repair
// at open reads unfinished games only).
func TestFinishedRowWritten(t *testing.T) {
	ctx := context.Background()
	st, path := openTemp(t)
	defer st.Close()
	playTo(t, st, "g", 4)
	finished := func(v int64) *appendReq {
		sum := playSummary("g", v)
		sum.Finished, sum.Active, sum.Status, sum.Result = true, false, "resigned", "0-1"
		return &appendReq{ctx: ctx, id: "g", expect: v - 1, events: logEvents(v-1, v), sum: sum, done: make(chan error, 1)}
	}
	batch := []*appendReq{finished(5), finished(6)}
	st.batch.commit(batch)
	for i, r := range batch {
		if err := <-r.done; err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
	}
	if v, _, _ := rowOf(t, st, "g"); v != 6 {
		t.Errorf("finished game's row at version %d, want 6", v)
	}
	after := openCrashCopy(t, path)
	if err := after.Append(ctx, "g", 6, logEvents(6, 7), finished(7).sum); err != nil {
		t.Errorf("an append at the finished game's version after a crash: %v", err)
	}
}

// TestSweepWritesIdleRows: the row of a game left in the middle is
// written by the writer's sweep, not only at Close.
func TestSweepWritesIdleRows(t *testing.T) {
	st, _ := openTemp(t)
	defer st.Close()
	if err := st.batch.close(); err != nil {
		t.Fatal(err)
	}
	st.batch = newBatcherSweeping(st.db, 10*time.Millisecond) // the games' moves are months old: idle at once
	playTo(t, st, "g", 5)
	deadline := time.Now().Add(5 * time.Second)
	for {
		v, plies, _ := rowOf(t, st, "g")
		if v == 5 && plies == 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("row at version %d with %d plies 5 s after the last move, want written by the sweep: 5 and 5", v, plies)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestLoadRightAfterACommit: a batch is noted before its connection goes
// back to the pool, so a Load that gets the connection next reads the
// summary the last append wrote, not the events' version over an older
// row.
func TestLoadRightAfterACommit(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	defer st.Close()
	playTo(t, st, "g", 6)
	r := &appendReq{ctx: ctx, id: "g", expect: 6, events: logEvents(6, 7), sum: playSummary("g", 7), done: make(chan error, 1)}
	errs, err := st.batch.commitDirect([]*appendReq{r}, st.batch.inRaw) // the writer's commit, before the writer's own notes
	if err != nil || errs[0] != nil {
		t.Fatalf("commit: %v, %v", err, errs)
	}
	g, err := st.Load(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	wantSummary(t, "Load right after the commit", g.Summary, 7)
}
