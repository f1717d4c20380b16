package game_test

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// A hidden game in play gives no whole record to anyone: View gives each
// viewer its sight, and the legal moves go to the side to move alone. Once
// over, the whole record is everyone's.
func TestWholeOnlyWhereEveryoneMaySeeAll(t *testing.T) {
	g, err := game.New(game.Options{ID: "w", Variant: "fogofwar"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Move(chess.White, "e2e4"); err != nil {
		t.Fatal(err)
	}
	if _, ok := g.Whole(); ok {
		t.Fatal("a fog game in play gave its whole record")
	}
	white, black := game.Viewer{Seats: [2]bool{true, false}}, game.Viewer{Seats: [2]bool{false, true}}
	for _, v := range []game.Viewer{game.Spectator, white, black} {
		if got, want := g.View(v).FEN(), g.Sight(v, true).FEN; got != want {
			t.Errorf("%+v: View's FEN %q, its sight's %q", v, got, want)
		}
	}
	if pgn, err := g.View(game.Spectator).PGN(); err != nil || strings.Contains(pgn, "e4") {
		t.Errorf("the public PGN in play: %q, %v", pgn, err)
	}
	if len(g.DestsFor(white)) != 0 || len(g.DestsFor(game.Spectator)) != 0 || len(g.DestsFor(black)) == 0 {
		t.Errorf("dests: white %d, spectator %d, black (to move) %d", len(g.DestsFor(white)), len(g.DestsFor(game.Spectator)), len(g.DestsFor(black)))
	}
	if _, err := g.Resign(chess.Black); err != nil {
		t.Fatal(err)
	}
	w, ok := g.Whole()
	if !ok || len(w.History()) != 1 || w.History()[0].UCI != "e2e4" {
		t.Fatalf("over: whole %v, history %+v", ok, w)
	}
}

// TestPGNEvent: the Event names the mode and a variant other than chess,
// and a game made with no mode (a puzzle's record) reads "Gambit game".
func TestPGNEvent(t *testing.T) {
	for _, tt := range []struct {
		mode    game.Mode
		variant game.Variant
		want    string
	}{
		{game.ModeOnline, "", `[Event "Gambit online game"]`},
		{game.ModeLocal, "xiangqi", `[Event "Gambit local xiangqi game"]`},
		{"", "", `[Event "Gambit game"]`},
		{"", "chess960", `[Event "Gambit chess960 game"]`},
	} {
		g, err := game.New(game.Options{Mode: tt.mode, Variant: tt.variant})
		if err != nil {
			t.Fatal(err)
		}
		w, _ := g.Whole()
		if pgn, err := w.PGN(); err != nil || !strings.Contains(pgn, tt.want+"\n") {
			t.Errorf("%q %q: %q, %v; want %s", tt.mode, tt.variant, pgn, err, tt.want)
		}
	}
}
