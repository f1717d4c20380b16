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
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// oldSave is the statement Save ran at schema version 1, before the log.
const oldSave = `INSERT INTO games (id, finished, updated_at, variant, record) VALUES (?, ?, ?, ?, ?)
	ON CONFLICT(id) DO UPDATE SET finished = excluded.finished, updated_at = excluded.updated_at,
	variant = excluded.variant, record = excluded.record`

// oldRecords are games as the server stored them before the log: a live
// timed chess game, a finished one, a computer game and a xiangqi game.
func oldRecords(t *testing.T) []game.Record {
	t.Helper()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 123456789, time.UTC)
	now := func() time.Time { return t0 }
	live, err := game.New(game.Options{ID: "live", Mode: game.ModeLocal, Now: now,
		Seats: [2]game.Seat{{Kind: game.SeatHuman, Name: "Ann"}, {Kind: game.SeatHuman, Name: "Bob"}},
		Clock: game.ClockConfig{Initial: 5 * time.Minute, Increment: 2 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	over, err := game.New(game.Options{ID: "over", Mode: game.ModeLocal, Now: now, Clock: game.ClockConfig{Initial: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	bot, err := game.New(game.Options{ID: "bot", Mode: game.ModeComputer, Now: now,
		Seats: [2]game.Seat{{Kind: game.SeatHuman, Token: "tok"}, {Kind: game.SeatBot, Level: "1", Name: "Gambit · 1"}}})
	if err != nil {
		t.Fatal(err)
	}
	xq, err := game.New(game.Options{ID: "xq", Mode: game.ModeLocal, Variant: game.Xiangqi, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	for g, moves := range map[*game.Game][]string{live: {"e2e4", "e7e5", "g1f3"}, over: {"f2f3", "e7e5", "g2g4", "d8h4"}, bot: {"d2d4"}, xq: {"h2e2", "h9g7"}} {
		for _, u := range moves {
			if _, err := g.Move(g.Turn(), u); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := bot.Resign(chess.White); err != nil {
		t.Fatal(err)
	}
	return []game.Record{live.Record(), over.Record(), bot.Record(), xq.Record()}
}

// openV1 builds a database as the release before the log left it (schema
// version 1) holding recs, each written by that release's Save statement.
func openV1(t *testing.T, path string, recs []game.Record) {
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
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, oldSave, r.ID, r.Finished(), r.UpdatedAt.UnixNano(), string(r.Variant), string(data)); err != nil {
			t.Fatal(err)
		}
	}
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

func wantSummaryRow(r game.Record) summaryRow {
	return summaryRow{Version: r.Version, Mode: string(r.Mode), Status: r.Status, Result: r.Result,
		White: r.Seats[0].Name, Blk: r.Seats[1].Name, Public: r.Mode != game.ModeOnline, Finished: r.Finished(),
		CreatedAt: r.CreatedAt.UnixNano(), UpdatedAt: r.UpdatedAt.UnixNano()}
}

// TestMigrateToLog opens a schema-1 database: every record survives byte
// for byte, the summary columns are filled from it, and package game loads
// it as the game it was.
func TestMigrateToLog(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	recs := oldRecords(t)
	openV1(t, path, recs)

	st, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var version int
	if err := st.db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil || version != len(migrations) {
		t.Fatalf("user_version = %d, %v; want %d", version, err, len(migrations))
	}
	for _, r := range recs {
		want, _ := json.Marshal(r)
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
	path := filepath.Join(t.TempDir(), "v1.db")
	recs := oldRecords(t)
	openV1(t, path, recs)
	st, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()

	var unfinished []string
	for _, r := range recs {
		g, err := st.Load(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		header, _ := json.Marshal(r)
		want := Summary{ID: r.ID, Variant: string(r.Variant), Mode: string(r.Mode), Status: r.Status, Result: r.Result,
			Finished: r.Finished(), Public: true, White: r.Seats[0].Name, Black: r.Seats[1].Name, Version: r.Version,
			WhiteKind: string(r.Seats[0].Kind), BlackKind: string(r.Seats[1].Kind), Plies: len(r.Moves), TimeControl: timeControlOf(r),
			CreatedAt: r.CreatedAt.UTC().Round(0), UpdatedAt: r.UpdatedAt.UTC().Round(0)}
		if !reflect.DeepEqual(g.Summary, want) {
			t.Errorf("Load(%s) summary = %+v\nwant %+v", r.ID, g.Summary, want)
		}
		if string(g.Header) != string(header) || len(g.Events) != 0 {
			t.Errorf("Load(%s) = header %s, %d events; want the record, none", r.ID, g.Header, len(g.Events))
		}
		if !r.Finished() {
			unfinished = append(unfinished, r.ID)
		}
	}
	ids, err := st.Unfinished(ctx)
	slices.Sort(ids)
	slices.Sort(unfinished)
	if err != nil || !slices.Equal(ids, unfinished) {
		t.Errorf("Unfinished = %q, %v; want %q", ids, err, unfinished)
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

func timeControlOf(r game.Record) string {
	if r.Clock == nil {
		return ""
	}
	return TimeControl(r.Clock.InitialMs, r.Clock.IncrementMs)
}
