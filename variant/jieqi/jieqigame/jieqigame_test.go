package jieqigame

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

func newGame(t *testing.T, setup string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{ID: "j", Mode: game.ModeLocal, Variant: Jieqi, Setup: setup,
		Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatHuman}}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSightHidesTheLayout: every viewer gets the public board (X and x),
// the same for all; the seed's commitment, not the seed; and the computer
// player, given the side to move's sight, plays a legal move.
func TestSightHidesTheLayout(t *testing.T) {
	g := newGame(t, "")
	for _, v := range []game.Viewer{game.SeatViewer(chess.White), game.SeatViewer(chess.Black), game.Spectator} {
		s := g.Sight(v, true)
		if s.FEN != "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1" {
			t.Errorf("viewer %+v sees %s", v, s.FEN)
		}
		if s.Fair == nil || s.Fair.Seed != "" || s.Fair.Commitment == "" {
			t.Errorf("viewer %+v: fairness %+v", v, s.Fair)
		}
	}
	spec, _ := game.Lookup(Jieqi)
	move, err := spec.Computer.Play(t.Context(), g.Sight(game.SeatViewer(chess.White), true), chess.White, spec.Computer.Levels[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Move(chess.White, move); err != nil {
		t.Errorf("the computer's move %s: %v", move, err)
	}
}

// TestSetupRefusesAPieceOffItsPoint: a pasted FEN with a face-down piece
// off its side's starting points is refused, naming the square.
func TestSetupRefusesAPieceOffItsPoint(t *testing.T) {
	_, err := game.New(game.Options{ID: "j", Mode: game.ModeLocal, Variant: Jieqi,
		Setup: "xxxxkxxxx/9/1x5x1/x1x1x1x1x/4X4/9/X1X3X1X/1X5X1/9/XXXXKXXXX w - - 0 1",
		Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatHuman}}})
	if err == nil || !strings.Contains(err.Error(), "e5") {
		t.Errorf("New = %v; want the face-down piece on e5 refused", err)
	}
}

// TestPGNOnceOverVerifies: the PGN of a finished game carries the seed and
// the layout, and the registered verifier accepts it; while the game is
// played the seed stays out.
func TestPGNOnceOverVerifies(t *testing.T) {
	g := newGame(t, "")
	for _, u := range []string{"b2b9", "h9g7", "h2e2"} {
		if _, err := g.Move(g.Turn(), u); err != nil {
			t.Fatalf("%s: %v", u, err)
		}
	}
	if pgn, _ := g.View(game.Spectator).PGN(); strings.Contains(pgn, "[Seed ") || strings.Contains(pgn, "[Layout ") || strings.Contains(pgn, "[%take") || !strings.Contains(pgn, "[SeedHash ") {
		t.Fatalf("PGN in play:\n%s", pgn)
	}
	if _, err := g.Resign(chess.Black); err != nil {
		t.Fatal(err)
	}
	pgn, _ := g.View(game.Spectator).PGN()
	spec, _ := game.Lookup(Jieqi)
	summary, err := spec.Verify.Run(strings.NewReader(pgn))
	if err != nil || !strings.Contains(summary, "3 moves") {
		t.Errorf("verify: %q, %v\n%s", summary, err, pgn)
	}
	tampered := strings.Replace(pgn, "[%reveal", "[%reveal X", 1)
	if _, err := spec.Verify.Run(strings.NewReader(tampered)); err == nil {
		t.Errorf("a tampered reveal verified:\n%s", tampered)
	}
}

// TestOneScreenShowsWhatBothKnow: on one screen (both seats, no hand-over)
// a piece taken face down is shown to neither player, its captor
// included: its owner looks at the same screen. A seat alone sees what it
// took.
func TestOneScreenShowsWhatBothKnow(t *testing.T) {
	g := newGame(t, "")
	for _, u := range []string{"b2b9", "e9e8"} {
		if _, err := g.Move(g.Turn(), u); err != nil {
			t.Fatalf("%s: %v", u, err)
		}
	}
	both := game.Viewer{Seats: [2]bool{true, true}}
	s := g.Sight(both, true)
	taken, _ := game.ExtAs[Taken](s.Ext)
	turned, _ := game.ExtAs[Turned](s.Moves[0].Ext)
	if taken.Known[1] != "" || taken.Unknown[1] != 1 || turned.Took != "?" || !strings.HasSuffix(s.Moves[0].SAN, "吃暗子") || !strings.HasSuffix(s.Moves[0].WXF, "x?") {
		t.Errorf("one screen at Red's turn sees taken %+v, first move %+v %q", taken, turned, s.Moves[0].SAN)
	}
	red := g.Sight(game.SeatViewer(chess.White), true)
	if taken, _ := game.ExtAs[Taken](red.Ext); len(taken.Known[1]) != 1 {
		t.Errorf("Red's seat alone does not see what it took: %+v", taken)
	}
}

// TestStepsInChineseNotation: a move's SAN is Chinese notation with what it
// showed (traditional characters, as xiangqi's), its WXF the same in WXF,
// its UCI the ICCS; the captor of a piece taken face down reads what it
// was, the others 吃暗子 (x?).
func TestStepsInChineseNotation(t *testing.T) {
	g := newGame(t, "")
	evs, err := g.Move(chess.White, "b2b9")
	if err != nil {
		t.Fatal(err)
	}
	var played game.Step
	for _, e := range evs {
		if e.Step != nil {
			played = *e.Step
		}
	}
	turned, _ := game.ExtAs[Turned](played.Ext)
	reveal := map[string]string{"A": "仕", "B": "相", "N": "傌", "R": "俥", "C": "炮", "P": "兵"}[turned.Reveal]
	wxfReveal := map[string]string{"A": "A", "B": "E", "N": "H", "R": "R", "C": "C", "P": "P"}[turned.Reveal]
	if reveal == "" || played.UCI != "b2b9" || played.SAN != "炮八進七 翻"+reveal+" 吃暗子" || played.WXF != "C8+7="+wxfReveal+"x?" {
		t.Fatalf("the move as played: %+v (turned %+v)", played, turned)
	}
	red := g.Sight(game.SeatViewer(chess.White), true)
	took, _ := game.ExtAs[Turned](red.Moves[0].Ext)
	taken := map[string]string{"r": "車", "n": "馬", "b": "象", "a": "士", "c": "砲", "p": "卒"}[took.Took]
	if taken == "" || red.Moves[0].SAN != "炮八進七 翻"+reveal+" 吃"+taken || red.Last == nil || red.Last.SAN != red.Moves[0].SAN {
		t.Errorf("the captor reads %q (last %+v), took %+v", red.Moves[0].SAN, red.Last, took)
	}
	black := g.Sight(game.SeatViewer(chess.Black), true)
	if black.Moves[0].SAN != played.SAN || black.Last.SAN != played.SAN {
		t.Errorf("the other player reads %q / %q, want %q", black.Moves[0].SAN, black.Last.SAN, played.SAN)
	}
}
