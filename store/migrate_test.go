package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/gambitchess/gambit/game"
)

// oldSave is the statement Save ran at schema version 1, before the log.
const oldSave = `INSERT INTO games (id, finished, updated_at, variant, record) VALUES (?, ?, ?, ?, ?)
	ON CONFLICT(id) DO UPDATE SET finished = excluded.finished, updated_at = excluded.updated_at,
	variant = excluded.variant, record = excluded.record`

// oldRecordJSON are games as the release before the log stored them, its
// game.Record JSON written out as it wrote it: a live timed chess game, a
// checkmate, a resigned computer game and a xiangqi game.
var oldRecordJSON = []string{
	`{"id":"live","mode":"local","variant":"chess","seats":[{"kind":"human","name":"Ann"},{"kind":"human","name":"Bob"}],` +
		`"startFen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["e2e4","e7e5","g1f3"],"status":"started",` +
		`"clock":{"initialMs":300000,"incrementMs":2000,"whiteMs":302000,"blackMs":302000},"result":"*","version":3,` +
		`"createdAt":"2026-03-01T12:00:00.123456789Z","updatedAt":"2026-03-01T12:00:00.123456789Z"}`,
	`{"id":"over","mode":"local","variant":"chess","seats":[{"kind":"human"},{"kind":"human"}],` +
		`"startFen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["f2f3","e7e5","g2g4","d8h4"],"status":"mate",` +
		`"termination":1,"clock":{"initialMs":60000,"incrementMs":0,"whiteMs":60000,"blackMs":60000},"result":"0-1","version":4,` +
		`"createdAt":"2026-03-01T12:00:00.123456789Z","updatedAt":"2026-03-01T12:00:00.123456789Z"}`,
	`{"id":"bot","mode":"computer","variant":"chess","seats":[{"kind":"human","token":"tok"},{"kind":"bot","name":"Gambit · 1","level":"1"}],` +
		`"startFen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["d2d4"],"status":"resigned","termination":8,` +
		`"result":"0-1","version":2,"createdAt":"2026-03-01T12:00:00.123456789Z","updatedAt":"2026-03-01T12:00:00.123456789Z"}`,
	`{"id":"xq","mode":"local","variant":"xiangqi","seats":[{"kind":"human"},{"kind":"human"}],` +
		`"startFen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":["h2e2","h9g7"],"status":"started",` +
		`"result":"*","version":2,"createdAt":"2026-03-01T12:00:00.123456789Z","updatedAt":"2026-03-01T12:00:00.123456789Z"}`,
}

// oldRecord is one of oldRecordJSON, decoded for the expectations.
type oldRecord struct {
	game.Record
	data string
}

func oldRecords(t *testing.T) []oldRecord {
	t.Helper()
	out := make([]oldRecord, len(oldRecordJSON))
	for i, data := range oldRecordJSON {
		out[i].data = data
		if err := json.Unmarshal([]byte(data), &out[i].Record); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// finished reports whether an old record's game is over.
func finished(r oldRecord) bool {
	s, _ := game.ParseStatus(r.Status)
	return s.Finished()
}

// openV1 builds a database as the release before the log left it (schema
// version 1) holding recs, each written by that release's Save statement.
func openV1(t *testing.T, path string, recs []oldRecord) {
	t.Helper()
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, schema); err != nil {
		t.Fatal(err)
	}
	if err := migrateTo(ctx, db, 1); err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if _, err := db.ExecContext(ctx, oldSave, r.ID, finished(r), r.UpdatedAt.UnixNano(), string(r.Variant), r.data); err != nil {
			t.Fatal(err)
		}
	}
}

// openMigrated opens, and so migrates, a schema-1 database holding the old
// records.
func openMigrated(t *testing.T) (*SQLite, []oldRecord) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "v1.db")
	recs := oldRecords(t)
	openV1(t, path, recs)
	st, err := OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, recs
}

// summaryRow is a game's summary columns as the migration should leave them.
type summaryRow struct {
	Version                          int64
	Mode, Status, Result, White, Blk string
	Public, Finished                 bool
	CreatedAt, UpdatedAt             int64
}

func readSummaryRow(t *testing.T, db *sql.DB, id string) summaryRow {
	t.Helper()
	var r summaryRow
	err := db.QueryRow(`SELECT version, mode, status, result, white, black, public, finished, created_at, updated_at
		FROM games WHERE id = ?`, id).Scan(&r.Version, &r.Mode, &r.Status, &r.Result, &r.White, &r.Blk, &r.Public, &r.Finished, &r.CreatedAt, &r.UpdatedAt)
	if err != nil {
		t.Fatalf("summary of %s: %v", id, err)
	}
	return r
}

func wantSummaryRow(r oldRecord) summaryRow {
	return summaryRow{Version: r.Version, Mode: string(r.Mode), Status: r.Status, Result: r.Result,
		White: r.Seats[0].Name, Blk: r.Seats[1].Name, Public: r.Mode != game.ModeOnline, Finished: finished(r),
		CreatedAt: r.CreatedAt.UnixNano(), UpdatedAt: r.UpdatedAt.UnixNano()}
}

// TestMigrateToLog opens a schema-1 database: every record survives byte
// for byte, the summary columns are filled from it, and package game loads
// it as the game it was.
func TestMigrateToLog(t *testing.T) {
	ctx := context.Background()
	st, recs := openMigrated(t)
	var version int
	if err := st.db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil || version != len(migrations) {
		t.Fatalf("user_version = %d, %v; want %d", version, err, len(migrations))
	}
	for _, r := range recs {
		want := r.data
		var data []byte
		if err := st.db.QueryRow(`SELECT record FROM games WHERE id = ?`, r.ID).Scan(&data); err != nil || string(data) != string(want) {
			t.Errorf("record of %s changed: %s, %v", r.ID, data, err)
		}
		if got, want := readSummaryRow(t, st.db, r.ID), wantSummaryRow(r); got != want {
			t.Errorf("summary of %s = %+v, want %+v", r.ID, got, want)
		}
		stored, err := st.Load(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.Load(stored.Header, nil, nil)
		if err != nil || g.Version() != r.Version || g.Ply() != len(r.Moves) || g.Status().String() != r.Status {
			t.Errorf("game.Load(%s) = %v, %v", r.ID, g, err)
		}
	}
	var n int
	if err := st.db.QueryRow(`SELECT count(*) FROM events`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d events after the migration, %v; want none", n, err)
	}
}

// TestMigrateRefusesBadRecord: a record that does not decode stops the
// open and leaves the database as it was.
func TestMigrateRefusesBadRecord(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	openV1(t, path, oldRecords(t)[:1])
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO games (id, finished, updated_at, record) VALUES ('bad', 0, 1, '{not json')`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if st, err := OpenSQLite(ctx, path); err == nil {
		st.Close()
		t.Fatal("OpenSQLite accepted a record that does not decode")
	}
	db, err = sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var version, n int
	if err := db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil || version != 1 {
		t.Errorf("user_version = %d, %v; want 1 (untouched)", version, err)
	}
	if err := db.QueryRow(`SELECT count(*) FROM games`).Scan(&n); err != nil || n != 2 {
		t.Errorf("%d games, %v; want 2", n, err)
	}
}

// TestMigratedGamesReadThroughLog: after the migration an old game loads
// through Log with its record as the header at the record's version and no
// events, lists and resumes like any game, and takes events after that
// version.
func TestMigratedGamesReadThroughLog(t *testing.T) {
	ctx := context.Background()
	st, recs := openMigrated(t)

	var unfinished []string
	for _, r := range recs {
		g, err := st.Load(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		header := r.data
		want := Summary{ID: r.ID, Variant: string(r.Variant), Mode: string(r.Mode), Status: r.Status, Result: r.Result,
			Finished: finished(r), Public: true, White: r.Seats[0].Name, Black: r.Seats[1].Name, Version: r.Version,
			WhiteKind: string(r.Seats[0].Kind), BlackKind: string(r.Seats[1].Kind), Plies: len(r.Moves), TimeControl: timeControlOf(r),
			Active: !finished(r), CreatedAt: r.CreatedAt.UTC().Round(0), UpdatedAt: r.UpdatedAt.UTC().Round(0)}
		if !reflect.DeepEqual(g.Summary, want) {
			t.Errorf("Load(%s) summary = %+v\nwant %+v", r.ID, g.Summary, want)
		}
		if string(g.Header) != string(header) || len(g.Events) != 0 {
			t.Errorf("Load(%s) = header %s, %d events; want the record, none", r.ID, g.Header, len(g.Events))
		}
		if !finished(r) {
			unfinished = append(unfinished, r.ID)
		}
	}
	ids, err := st.Active(ctx) // not known for old games: every unfinished one, until its owner marks it idle
	slices.Sort(ids)
	slices.Sort(unfinished)
	if err != nil || !slices.Equal(ids, unfinished) {
		t.Errorf("Active = %q, %v; want the unfinished %q", ids, err, unfinished)
	}
	list, err := st.List(ctx, ListQuery{})
	if err != nil || len(list) != len(recs) {
		t.Errorf("List = %d games, %v; want %d", len(list), err, len(recs))
	}

	live := recs[0]
	s, err := st.Load(ctx, live.ID)
	if err != nil {
		t.Fatal(err)
	}
	sum := s.Summary
	sum.Version++
	ev := []Event{{V: live.Version + 1, Type: "move", Data: []byte(`"b8c6"`)}}
	stale := s.Summary // a writer that missed the last move of the old record
	if err := st.Append(ctx, live.ID, live.Version-1, []Event{{V: live.Version, Type: "move"}}, stale); !errors.Is(err, ErrConflict) {
		t.Errorf("Append before the record's version = %v, want ErrConflict", err)
	}
	if err := st.Append(ctx, live.ID, live.Version, ev, sum); err != nil {
		t.Fatalf("Append after the record's version: %v", err)
	}
	g, err := st.Load(ctx, live.ID)
	if err != nil || g.Summary.Version != live.Version+1 || len(g.Events) != 1 || string(g.Header) != string(s.Header) {
		t.Errorf("after Append: %+v, %v", g, err)
	}
}

func timeControlOf(r oldRecord) string {
	if r.Clock == nil {
		return ""
	}
	return TimeControl(r.Clock.InitialMs, r.Clock.IncrementMs)
}
