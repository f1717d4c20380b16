package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

func openTemp(t testing.TB) (*SQLite, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "gambit.db")
	st, err := OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return st, path
}

// logSummary is a summary of game id at version v, with nanosecond times.
func logSummary(id string, v int64) Summary {
	t0 := time.Date(2026, 5, 1, 10, 0, 0, 123456789, time.UTC)
	return Summary{ID: id, Variant: "xiangqi", Mode: "online", Status: "started", Result: "*", White: "Ann", Black: "Bob",
		Players: []string{"p1", "p2"}, Version: v, CreatedAt: t0, UpdatedAt: t0.Add(time.Duration(v) * time.Nanosecond)}
}

func logEvents(from, to int64) []Event {
	var es []Event
	for v := from + 1; v <= to; v++ {
		es = append(es, Event{V: v, Type: "move", Data: fmt.Appendf(nil, `{"u":"h2e2","v":%d}`, v)})
	}
	return es
}

// TestSQLiteLogSurvivesReopen: what Create and Append returned from is
// there after Close and a new open, times to the nanosecond, and the game
// goes on from its version.
func TestSQLiteLogSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	st, path := openTemp(t)
	if err := st.Create(ctx, logSummary("g", 2), []byte("header"), logEvents(0, 2)); err != nil {
		t.Fatal(err)
	}
	if err := st.Append(ctx, "g", 2, logEvents(2, 3), logSummary("g", 3)); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, err := st.Load(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	want := Stored{Summary: logSummary("g", 3), Header: []byte("header"), Events: logEvents(0, 3)}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("after reopen Load = %+v\nwant %+v", g, want)
	}
	if err := st.Append(ctx, "g", 2, logEvents(2, 3), logSummary("g", 3)); !errors.Is(err, ErrConflict) {
		t.Errorf("Append at the old version after reopen = %v, want ErrConflict", err)
	}
	if err := st.Append(ctx, "g", 3, logEvents(3, 4), logSummary("g", 4)); err != nil {
		t.Errorf("Append after reopen: %v", err)
	}
}

// TestSQLiteWriteRollsBack makes the database refuse an event half-way
// through a write: the whole Append (or Create) is undone, summary,
// players and the events before the refused one.
func TestSQLiteWriteRollsBack(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	defer st.Close()
	if _, err := st.db.Exec(`CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.type = 'refused'
		BEGIN SELECT RAISE(ABORT, 'refused by test'); END`); err != nil {
		t.Fatal(err)
	}
	if err := st.Create(ctx, logSummary("g", 2), []byte("h"), logEvents(0, 2)); err != nil {
		t.Fatal(err)
	}
	before, err := st.Load(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	es := logEvents(2, 4)
	es[1].Type = "refused"
	s := logSummary("g", 4)
	s.Status, s.Finished, s.Players = "mate", true, []string{"p3"}
	if err := st.Append(ctx, "g", 2, es, s); err == nil || !strings.Contains(err.Error(), "refused by test") {
		t.Fatalf("Append = %v, want the trigger's error", err)
	}
	after, err := st.Load(ctx, "g")
	if err != nil || !reflect.DeepEqual(after, before) {
		t.Errorf("after a failed Append: %+v, %v\nwant %+v", after, err, before)
	}

	refused := logEvents(0, 2)
	refused[1].Type = "refused"
	if err := st.Create(ctx, logSummary("h", 2), []byte("h"), refused); err == nil {
		t.Fatal("Create with a refused event succeeded")
	}
	if _, err := st.Load(ctx, "h"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Load after a failed Create = %v, want ErrNotFound", err)
	}
	var players int
	if err := st.db.QueryRow(`SELECT count(*) FROM game_players WHERE game_id = 'h'`).Scan(&players); err != nil || players != 0 {
		t.Errorf("%d players left by the failed Create, %v", players, err)
	}
}

// TestSQLiteListUsesIndexes checks List's query plans: the public games
// are read newest first from an index, with no sort and no scan of the
// table, and a player's own games start from that player's index entries.
func TestSQLiteListUsesIndexes(t *testing.T) {
	st, _ := openTemp(t)
	defer st.Close()
	yes := true
	tests := []struct {
		q    ListQuery
		want []string // in the plan, in order
	}{
		{ListQuery{}, []string{"SEARCH games USING INDEX games_public_updated (public=?)"}},
		{ListQuery{Finished: &yes}, []string{"SEARCH games USING INDEX games_public_finished_updated (public=? AND finished=?)"}},
		{ListQuery{Player: "p"}, []string{"SEARCH games USING INDEX games_public_updated (public=?)",
			"SEARCH gp USING COVERING INDEX game_players_created (player=?)", "USE TEMP B-TREE FOR ORDER BY"}},
		{ListQuery{Player: "p", Finished: &yes}, []string{"SEARCH games USING INDEX games_public_finished_updated (public=? AND finished=?)",
			"SEARCH gp USING COVERING INDEX game_players_created (player=?)", "USE TEMP B-TREE FOR ORDER BY"}},
	}
	for _, tt := range tests {
		q, args := listQuery(tt.q)
		rows, err := st.db.Query(`EXPLAIN QUERY PLAN `+q, args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		text := strings.Join(plan, "\n")
		rest := text
		for _, w := range tt.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("List(%+v) plan lacks %q (in order):\n%s", tt.q, w, text)
				break
			}
			rest = rest[i+len(w):]
		}
		if strings.Contains(text, "SCAN games") || strings.Count(text, "TEMP B-TREE") > strings.Count(strings.Join(tt.want, "\n"), "TEMP B-TREE") {
			t.Errorf("List(%+v) scans or sorts more than it should:\n%s", tt.q, text)
		}
	}
}

// TestSQLitePlayerGamesUsesIndex: a page of a player's games is read from
// game_players_created at the cursor, in its order: no sort, no scan.
func TestSQLitePlayerGamesUsesIndex(t *testing.T) {
	st, _ := openTemp(t)
	defer st.Close()
	yes := true
	for _, q := range []GamesQuery{{}, {After: Cursor{CreatedAt: time.Unix(5, 0), ID: "g"}}, {Variant: "chess", Rated: &yes, Result: "1-0"}} {
		filter, args := gamesFilter(q, "games", []any{"p"}, func(n int) string { return "?" + strconv.Itoa(n) })
		args = append(args, 10)
		rows, err := st.db.Query(`EXPLAIN QUERY PLAN SELECT games.id FROM game_players gp INDEXED BY game_players_created
			CROSS JOIN games ON games.id = gp.game_id LEFT JOIN rated_games r ON r.game_id = games.id
			WHERE gp.player = ?1`+filter+` ORDER BY gp.created_at DESC, gp.game_id DESC LIMIT ?`+strconv.Itoa(len(args)), args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		text := strings.Join(plan, "\n")
		if !strings.Contains(text, "SEARCH gp USING COVERING INDEX game_players_created (player=?") || strings.Contains(text, "TEMP B-TREE") {
			t.Errorf("PlayerGames(%+v) plan:\n%s", q, text)
		}
	}
}
