package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/variant/chessgame"
)

// castleMate960 is a Chess960 position where White's only mate in one is
// castling: the king on f1 castles with the g1 rook (f1g1), which lands on
// f1 and checks the boxed-in king on f8 down the open f-file.
const castleMate960 = "4rkr1/4p1p1/8/8/8/8/8/5KR1 w K - 0 1"

func chess960Game(t *testing.T, setup string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{ID: "c960", Variant: chessgame.Chess960, Setup: setup})
	if err != nil {
		t.Fatalf("chess960 %q: %v", setup, err)
	}
	return g
}

// TestEngineBotPlaysChess960: from start positions of several shapes (the
// king in a corner's neighbour, castling legal at once, the standard one,
// a drawn one), every level returns a legal move, and the engine finds the
// mate that is a Chess960 castling.
func TestEngineBotPlaysChess960(t *testing.T) {
	bot := computer.NewEngineBot(5)
	for _, setup := range []string{"0", "3", "518", "959", ""} {
		g := chess960Game(t, setup)
		for _, name := range []string{"greedy", "alphabeta", "beginner", "full"} {
			l, err := computer.LevelFor(chessgame.Chess960, name)
			if err != nil {
				t.Fatal(err)
			}
			l.MoveTime = min(l.MoveTime, 200*time.Millisecond)
			m, err := bot.Move(context.Background(), g, l)
			if err != nil {
				t.Fatalf("%s from %s: %v", name, g.View(game.Spectator).StartFEN(), err)
			}
			if !slices.Contains(g.DestsFor(game.Viewer{Seats: [2]bool{true, true}})[m[:2]], m[2:4]) {
				t.Errorf("%s from %s played illegal %s", name, g.View(game.Spectator).StartFEN(), m)
			}
		}
	}
	if d := chess960Game(t, "3").DestsFor(game.Viewer{Seats: [2]bool{true, true}})["f1"]; !slices.Contains(d, "g1") {
		t.Fatalf("position 3: castling f1g1 not among the king's dests %v", d)
	}
	for _, name := range []string{"greedy", "full"} {
		l, _ := computer.LevelFor(chessgame.Chess960, name)
		l.MoveTime = min(l.MoveTime, 300*time.Millisecond)
		g := chess960Game(t, castleMate960)
		m, err := bot.Move(context.Background(), g, l)
		if err != nil || m != "f1g1" {
			t.Fatalf("%s in the castling mate: %s %v, want f1g1", name, m, err)
		}
		if evs, err := g.Move(chess.White, m); err != nil || evs[0].Step.SAN != "O-O#" || g.Result() != "1-0" {
			t.Errorf("%s's %s: %v, result %s", name, m, err, g.Result())
		}
	}
	if bot.AcceptsDraw(context.Background(), chess960Game(t, "518"), chess.Black) {
		t.Error("Black accepted a draw at the start of position 518 (too early: computer/judge.go)")
	}
}

// TestChess960OverHTTP: levels for chess960; a game against the computer
// from a drawn start, where the computer opens as White; an invite game in
// which White castles over the WebSocket; the PGN names the variant.
func TestChess960OverHTTP(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	h := s.Handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/levels?variant=chess960", nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Greedy (grabs material, 1 ply)") {
		t.Errorf("chess960 levels: %d %s", rec.Code, rec.Body)
	}

	vsBot := create(t, h, `{"mode":"computer","variant":"chess960","color":"black","level":"greedy"}`)
	if vsBot.State.Variant != chessgame.Chess960 || vsBot.State.StartFEN == "" || !strings.HasSuffix(vsBot.State.StartFEN, " w KQkq - 0 1") {
		t.Fatalf("created %+v", vsBot.State)
	}
	p := dial(t, srv, vsBot.ID, vsBot.Token)
	first := p.position(1) // the computer opens
	if first.Ply != 1 || first.Turn != "black" {
		t.Fatalf("computer's first move: ply %d, %s to move", first.Ply, first.Turn)
	}

	inv := create(t, h, `{"mode":"online","variant":"chess960","color":"black","setup":"3"}`)
	guest := join(t, h, inv.ID, http.StatusOK)
	if d := guest.State.Dests["f1"]; guest.Color != "white" || !slices.Contains(d, "g1") {
		t.Fatalf("guest %s with king's dests %v", guest.Color, d)
	}
	white := dial(t, srv, inv.ID, guest.Token)
	white.state("state")
	white.send(`{"t":"move","d":{"u":"f1g1"}}`)
	if m := white.state("move"); m.Last == nil || m.Last.UCI != "f1g1" || m.Last.SAN != "O-O" ||
		!strings.HasSuffix(strings.Fields(m.FEN)[0], "/BQNNRRKB") {
		t.Fatalf("castling: %+v", m)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/"+inv.ID+"/pgn", nil))
	for _, want := range []string{`[Variant "Chess960"]`, `[FEN "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1"]`, "1. O-O *"} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("PGN lacks %s:\n%s", want, rec.Body)
		}
	}
}
