package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

func newGame(t *testing.T, id string, moves ...string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{ID: id, Mode: game.ModeLocal, Clock: game.ClockConfig{Initial: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range moves {
		if _, err := g.Move(g.Turn(), u); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestSQLiteSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "gambit.db")
	st, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	live := newGame(t, "live", "e2e4", "e7e5", "g1f3")
	over := newGame(t, "over", "f2f3", "e7e5", "g2g4", "d8h4")
	for _, g := range []*game.Game{live, over} {
		if err := st.Save(ctx, g.Record()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := live.Move(chess.Black, "b8c6"); err != nil {
		t.Fatal(err)
	}
	if err := st.Save(ctx, live.Record()); err != nil { // an update, not a second row
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
	r, err := st.LoadRecord(ctx, "live")
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.FromRecord(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.FEN() != live.FEN() || g.Ply() != 4 || g.Clock() == nil {
		t.Errorf("reloaded %s ply %d, want %s ply 4 with clock", g.FEN(), g.Ply(), live.FEN())
	}
	open, err := st.UnfinishedRecords(ctx)
	if err != nil || len(open) != 1 || open[0].ID != "live" {
		t.Errorf("Unfinished = %d games, %v; want [live]", len(open), err)
	}
	all, err := st.ListRecords(ctx, 10)
	if err != nil || len(all) != 2 || all[0].ID != "live" {
		t.Errorf("List = %d games, %v; want live first of 2", len(all), err)
	}
	if _, err := st.LoadRecord(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Load(nope) = %v, want ErrNotFound", err)
	}
}
