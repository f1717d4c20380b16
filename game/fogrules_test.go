package game

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

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
	if _, err := g.TakeBack(chess.White); !errors.Is(err, ErrNoTakeback) {
		t.Errorf("TakeBack = %v, want ErrNoTakeback", err)
	}
	if _, err := g.Offer(chess.White, OfferTakeback); !errors.Is(err, ErrNoTakeback) {
		t.Errorf("takeback offer = %v, want ErrNoTakeback", err)
	}
	play(t, g, "f8e8")
	o := g.Outcome()
	if o.Termination != "king captured" || o.Winner != chess.White || g.Status() != Mate || g.Result() != "1-0" {
		t.Errorf("outcome %+v, status %s", o, g.Status())
	}
	pgn := g.PGN()
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
	if pgn := g.PGN(); strings.Contains(pgn, "e4") || !strings.Contains(pgn, "\n*\n") {
		t.Errorf("PGN of a running fog game:\n%s", pgn)
	}
}

// TestHiddenVariantsReload: a fog, dice or bomb game stored as its header
// and events loads back as the same game, with the same secret seed (so
// the same mines and rolls) and the same view for each player.
func TestHiddenVariantsReload(t *testing.T) {
	for _, tt := range []struct {
		v     Variant
		moves []string
	}{
		{FogOfWar, []string{"e2e4", "e7e5", "g1f3"}},
		{Bomb, []string{"e2e4", "e7e5", "g1f3"}},
		{Dice, nil}, // played from the dice rolled
	} {
		g, err := New(Options{ID: "r", Mode: ModeLocal, Variant: tt.v, Seats: [2]Seat{{Kind: SeatHuman}, {Kind: SeatHuman}}})
		if err != nil {
			t.Fatal(err)
		}
		r := &recorder{t: t, g: g}
		for _, u := range tt.moves {
			r.do(g.Move(g.Turn(), u))
		}
		for i := 0; tt.moves == nil && i < 4; i++ {
			r.do(g.Move(g.Turn(), firstDest(g)))
		}
		back := r.reload(time.Now)
		if back.Header().Seed != g.Header().Seed || back.FEN() != g.FEN() || back.Ply() != g.Ply() {
			t.Errorf("%s: reloaded seed %q FEN %s ply %d; want %q %s %d", tt.v, back.Header().Seed, back.FEN(), back.Ply(),
				g.Header().Seed, g.FEN(), g.Ply())
		}
		for _, v := range []Viewer{SeatViewer(chess.White), SeatViewer(chess.Black), Spectator} {
			a, b := g.Sight(v, true), back.Sight(v, true)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s: viewer %+v sees another game after reloading:\n%+v\n%+v", tt.v, v, a, b)
			}
		}
	}
}

// firstDest returns the first move of the game's destinations, in order.
func firstDest(g *Game) string {
	var all []string
	for from, tos := range g.Dests() {
		for _, to := range tos {
			all = append(all, from+to)
		}
	}
	slices.Sort(all)
	return all[0]
}
