package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

func TestSQLiteXiangqiSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "gambit.db")
	st, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(game.Options{ID: "xq", Mode: game.ModeLocal, Variant: game.Xiangqi})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"h2e2", "h9g7", "h0g2"} {
		if _, err := g.Move(g.Turn(), u); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Save(ctx, g.Record()); err != nil {
		t.Fatal(err)
	}
	st.Close()

	st, err = OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r, err := st.LoadRecord(ctx, "xq")
	if err != nil {
		t.Fatal(err)
	}
	g2, err := game.FromRecord(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g2.Variant() != game.Xiangqi || g2.FEN() != g.FEN() || g2.Ply() != 3 || g2.Turn() != chess.Black {
		t.Errorf("reloaded %s %s ply %d, want xiangqi %s ply 3", g2.Variant(), g2.FEN(), g2.Ply(), g.FEN())
	}
	var variant string
	if err := st.db.QueryRowContext(ctx, `SELECT variant FROM games WHERE id = 'xq'`).Scan(&variant); err != nil || variant != "xiangqi" {
		t.Errorf("variant column = %q, %v", variant, err)
	}
}

// TestSQLiteMigratesOldDatabase opens a database written before games had
// a variant: its rows read as chess games and new xiangqi games fit beside them.
func TestSQLiteMigratesOldDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	old := newGame(t, "old", "e2e4", "e7e5")
	rec := old.Record()
	rec.Variant = "" // as the old code wrote it
	data, _ := json.Marshal(rec)
	if _, err := db.ExecContext(ctx, schema); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO games (id, finished, updated_at, record) VALUES ('old', 0, 1, ?)`, string(data)); err != nil {
		t.Fatal(err)
	}
	db.Close()

	st, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r, err := st.LoadRecord(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.FromRecord(r, nil)
	if err != nil || g.Variant() != game.Chess || g.FEN() != old.FEN() {
		t.Fatalf("old game: %v %v", err, r)
	}
	x, _ := game.New(game.Options{ID: "new", Variant: game.Xiangqi})
	if err := st.Save(ctx, x.Record()); err != nil {
		t.Fatal(err)
	}
	all, err := st.ListRecords(ctx, 10)
	if err != nil || len(all) != 2 {
		t.Errorf("List = %d, %v", len(all), err)
	}
	st.Close()
	again, err := OpenSQLite(ctx, path) // migrations run once
	if err != nil {
		t.Fatalf("reopen after migration: %v", err)
	}
	again.Close()
}
