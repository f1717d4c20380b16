package foggame

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

func newFog(t *testing.T, setup string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{ID: "f1", Mode: game.ModeOnline, Variant: FogOfWar, Setup: setup,
		Seats: [2]game.Seat{{Kind: game.SeatHuman, Player: "w"}, {Kind: game.SeatHuman, Player: "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestFogSight: each player sees its own view; a spectator sees no piece;
// the opponent's moves are "?"; after the end all is shown.
func TestFogSight(t *testing.T) {
	g := newFog(t, "")
	play(t, g, "e2e4", "d7d5")
	white := g.Sight(game.SeatViewer(chess.White), true)
	if white.Moves[0].SAN != "e4" || white.Moves[1].SAN != "?" || white.Moves[1].UCI != "" {
		t.Errorf("White's history = %+v", white.Moves)
	}
	// White's e4 pawn sees d5 (it could take there): the black pawn shows,
	// but Black's back rank stays in the fog.
	if !strings.HasPrefix(white.FEN, "8/8/8/3p4/4P3/") {
		t.Errorf("White sees %s", white.FEN)
	}
	if !slices.Contains(fogOf(white), "e8") || slices.Contains(fogOf(white), "d5") || slices.Contains(fogOf(white), "e4") {
		t.Errorf("White's fog = %v", fogOf(white))
	}
	black := g.Sight(game.SeatViewer(chess.Black), false)
	if black.Last == nil || black.Last.SAN != "d5" || black.Last.UCI != "d7d5" {
		t.Errorf("Black's last move = %+v", black.Last)
	}
	spec := g.Sight(game.Spectator, true)
	if !strings.HasPrefix(spec.FEN, "8/8/8/8/8/8/8/8 w") || len(fogOf(spec)) != 64 || spec.Moves[0].SAN != "?" {
		t.Errorf("spectator sees %s, fog %d squares, moves %+v", spec.FEN, len(fogOf(spec)), spec.Moves)
	}
	if evs, err := g.Resign(chess.Black); err != nil || len(evs) != 1 {
		t.Fatalf("resign: %v", err)
	}
	after := g.Sight(game.Spectator, true)
	if after.FEN != g.View(game.Spectator).FEN() || fogOf(after) != nil || after.Moves[1].UCI != "d7d5" {
		t.Errorf("after the end a spectator sees %s, fog %v, moves %+v", after.FEN, fogOf(after), after.Moves)
	}
}

// TestFogRules: king capture wins, castling through an attacked square is
// allowed, there is no check, and takebacks are refused.
func TestFogRules(t *testing.T) {
	g := newFog(t, "4kr2/8/8/8/8/8/8/4K2R w K - 0 1")
	if _, err := g.Move(chess.White, "e1g1"); err != nil { // through f1, which the rook on f8 attacks
		t.Fatalf("castling through an attacked square: %v", err)
	}
	play(t, g, "e8d7", "f1f8")
	if _, err := g.Move(chess.Black, "d7e8"); err != nil { // beside the rook, on its rank: no check in fog
		t.Fatalf("king into attack: %v", err)
	}
	if sq, ok := g.Check(); ok {
		t.Errorf("Check() = %s in fog", sq)
	}
	if _, err := g.TakeBack(chess.White); !errors.Is(err, game.ErrNoTakeback) {
		t.Errorf("TakeBack = %v, want game.ErrNoTakeback", err)
	}
	if _, err := g.Offer(chess.White, game.OfferTakeback); !errors.Is(err, game.ErrNoTakeback) {
		t.Errorf("takeback offer = %v, want game.ErrNoTakeback", err)
	}
	play(t, g, "f8e8")
	o := g.Outcome()
	if o.Termination != "king captured" || o.Winner != chess.White || g.Status() != game.Mate || g.Result() != "1-0" {
		t.Errorf("outcome %+v, status %s", o, g.Status())
	}
	pgn, _ := g.View(game.Spectator).PGN()
	for _, want := range []string{`[Variant "Fog of war"]`, `[FEN "4kr2/8/8/8/8/8/8/4K2R w K - 0 1"]`, "1. O-O Kd7 2. Rxf8 Ke8 3. Rxe8 1-0"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
}

// TestFogPGNHidesMovesWhileRunning: the PGN of a game under way has no moves.
func TestFogPGNHidesMovesWhileRunning(t *testing.T) {
	g := newFog(t, "")
	play(t, g, "e2e4", "e7e5")
	if pgn, _ := g.View(game.Spectator).PGN(); strings.Contains(pgn, "e4") || !strings.Contains(pgn, "\n*\n") {
		t.Errorf("PGN of a running fog game:\n%s", pgn)
	}
}

// fogOf returns the squares a Sight has in the fog (nil for none).
func fogOf(s game.Sight) []string {
	if e, ok := game.ExtAs[Fog](s.Ext); ok {
		return e.Fog
	}
	return nil
}

// play plays moves, each by the side to move, failing the test on error.
func play(t *testing.T, g *game.Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := g.Move(g.Turn(), m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}
