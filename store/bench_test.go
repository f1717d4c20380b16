package store

import (
	"bytes"
	"context"
	"fmt"
	"testing"
)

// BenchmarkAppend appends one move to a game at version ply. The game is
// put back to ply (untimed) after each append, so every append is at the
// same version: appending costs the same at ply 300 as at ply 10.
//
// sync=full is the store as opened, where the fsync of each commit costs
// far more than the rest and varies with the disk; sync=off drops the fsync
// (PRAGMA synchronous=OFF, in this benchmark only) to show the work of the
// append itself. At ply >= 256 an append allocates 3 times more than below:
// Go boxes int64 arguments above 255 (versions here).
//
// row=written is an append that writes the game's row (a game whose summary
// says no move yet: every append does); row=behind is the usual move of a
// game in play, which leaves the row behind (sqlite_behind.go). The game is
// put back by SQL and by what the writer knows, both as they were.
func BenchmarkAppend(b *testing.B) {
	for _, sync := range []string{"full", "off"} {
		for _, ply := range []int64{10, 300, 3000} {
			for _, row := range []string{"written", "behind"} {
				b.Run(fmt.Sprintf("sync=%s/ply=%d/row=%s", sync, ply, row), func(b *testing.B) {
					benchmarkAppend(b, sync, ply, row == "behind")
				})
			}
		}
	}
}

// benchmarkAppend is one of BenchmarkAppend's.
func benchmarkAppend(b *testing.B, sync string, ply int64, inPlay bool) {
	ctx := context.Background()
	st, _ := openTemp(b)
	defer st.Close()
	// One connection (SetMaxOpenConns(1)), so the pragma holds for every append.
	if _, err := st.db.ExecContext(ctx, `PRAGMA synchronous = `+sync); err != nil {
		b.Fatal(err)
	}
	at, next, s := logSummary("g", ply), logEvents(ply, ply+1), logSummary("g", ply+1)
	if inPlay {
		at.Plies, s.Plies = int(ply), int(ply+1)
	}
	if err := st.Create(ctx, at, []byte(`{"variant":"xiangqi"}`), logEvents(0, ply)); err != nil {
		b.Fatal(err)
	}
	known := st.batch.rows.committed["g"] // the writer is idle between appends
	b.ReportAllocs()
	for b.Loop() {
		if err := st.Append(ctx, "g", ply, next, s); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if _, err := st.db.ExecContext(ctx, `DELETE FROM events WHERE game_id = 'g' AND v > ?`, ply); err != nil {
			b.Fatal(err)
		}
		if _, err := st.db.ExecContext(ctx, `UPDATE games SET version = ? WHERE id = 'g'`, ply); err != nil {
			b.Fatal(err)
		}
		st.batch.rows.committed["g"] = known
		b.StartTimer()
	}
	g, err := st.Load(ctx, "g")
	if err != nil || len(g.Events) != int(ply) || !bytes.Equal(g.Events[ply-1].Data, logEvents(ply-1, ply)[0].Data) {
		b.Fatalf("after the benchmark: %d events, %v", len(g.Events), err)
	}
}
