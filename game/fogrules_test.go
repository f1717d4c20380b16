package game

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

func newFog(t *testing.T, setup string) *Game {
	t.Helper()
	g, err := New(Options{ID: "f1", Mode: ModeOnline, Variant: FogOfWar, Setup: setup,
		Seats: [2]Seat{{Kind: SeatHuman, Player: "w"}, {Kind: SeatHuman, Player: "b"}}})
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
	white := g.Sight(SeatViewer(chess.White), true)
	if white.Moves[0].SAN != "e4" || white.Moves[1].SAN != "?" || white.Moves[1].UCI != "" {
		t.Errorf("White's history = %+v", white.Moves)
	}
	// White's e4 pawn sees d5 (it could take there): the black pawn shows,
	// but Black's back rank stays in the fog.
	if !strings.HasPrefix(white.FEN, "8/8/8/3p4/4P3/") {
		t.Errorf("White sees %s", white.FEN)
	}
	if !slices.Contains(white.Fog, "e8") || slices.Contains(white.Fog, "d5") || slices.Contains(white.Fog, "e4") {
		t.Errorf("White's fog = %v", white.Fog)
	}
	black := g.Sight(SeatViewer(chess.Black), false)
	if black.Last == nil || black.Last.SAN != "d5" || black.Last.UCI != "d7d5" {
		t.Errorf("Black's last move = %+v", black.Last)
	}
	spec := g.Sight(Spectator, true)
	if !strings.HasPrefix(spec.FEN, "8/8/8/8/8/8/8/8 w") || len(spec.Fog) != 64 || spec.Moves[0].SAN != "?" {
		t.Errorf("spectator sees %s, fog %d squares, moves %+v", spec.FEN, len(spec.Fog), spec.Moves)
	}
	if evs, err := g.Resign(chess.Black); err != nil || len(evs) != 1 {
		t.Fatalf("resign: %v", err)
	}
	after := g.Sight(Spectator, true)
	if after.FEN != g.FEN() || after.Fog != nil || after.Moves[1].UCI != "d7d5" {
		t.Errorf("after the end a spectator sees %s, fog %v, moves %+v", after.FEN, after.Fog, after.Moves)
	}
}

// TestFogRules: king capture wins, castling through an attacked square is
// allowed, there is no check, and takebacks are refused.
func TestFogRules(t *testing.T) {
	g := newFog(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if _, err := g.Move(chess.White, "e1g1"); err != nil {
		t.Fatalf("castling: %v", err)
	}
	if _, err := g.Move(chess.Black, "e8f8"); err != nil { // into the rook's file: no check in fog
		t.Fatalf("king into attack: %v", err)
	}
	if sq, ok := g.Check(); ok {
		t.Errorf("Check() = %s in fog", sq)
	}
	if _, err := g.TakeBack(chess.White); !errors.Is(err, ErrNoTakeback) {
		t.Errorf("TakeBack = %v, want ErrNoTakeback", err)
	}
	if _, err := g.Offer(chess.White, OfferTakeback); !errors.Is(err, ErrNoTakeback) {
		t.Errorf("takeback offer = %v, want ErrNoTakeback", err)
	}
	play(t, g, "f1f8")
	o := g.Outcome()
	if o.Termination != "king captured" || o.Winner != chess.White || g.Status() != Mate || g.Result() != "1-0" {
		t.Errorf("outcome %+v, status %s", o, g.Status())
	}
	pgn := g.PGN()
	for _, want := range []string{`[Variant "Fog of war"]`, `[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]`, "1. O-O Kf8 2. Rxf8 1-0"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
}

// TestFogPGNHidesMovesWhileRunning: the PGN of a game under way has no moves.
func TestFogPGNHidesMovesWhileRunning(t *testing.T) {
	g := newFog(t, "")
	play(t, g, "e2e4", "e7e5")
	if pgn := g.PGN(); strings.Contains(pgn, "e4") || !strings.Contains(pgn, "\n*\n") {
		t.Errorf("PGN of a running fog game:\n%s", pgn)
	}
}

// TestFogReload: a fog game replays from its events.
func TestFogReload(t *testing.T) {
	g := newFog(t, "")
	play(t, g, "e2e4", "e7e5", "g1f3")
	if c := g.Clone(); c.FEN() != g.FEN() || len(c.History()) != 3 {
		t.Errorf("clone %s, %d moves", c.FEN(), len(c.History()))
	}
}
