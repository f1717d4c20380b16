package banqi

import (
	"errors"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/variant/fair"
)

func newGame(t *testing.T, fen string, opts Options) *Game {
	t.Helper()
	g, err := NewGameFromFEN(fen, fair.Seed{5}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func play(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := g.PushText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

// TestEndings plays each rule's ending.
func TestEndings(t *testing.T) {
	chase := DefaultOptions()
	chase.ChaseLoses = true
	short := DefaultOptions()
	short.DrawPlies = 4
	// Red's chariot follows Black's horse up and down: every red move
	// threatens it, no black move threatens anything.
	chasing := []string{"a1b1", "c1c2", "b1b2", "c2c1", "b2b1", "c1c2", "b1b2", "c2c1", "b2b1"}
	tests := []struct {
		name  string
		fen   string
		opts  Options
		moves []string
		want  Outcome
		at    int // the ply the game ends at
	}{
		{"the last piece taken", "8/8/8/Kr6 w r 0 1", DefaultOptions(), []string{"Ka1xb1"}, win(NoPieces, First), 1},
		{"no legal move", "8/8/A7/p1A5 w r 0 1", DefaultOptions(), []string{"Ac1-b1"}, win(NoMoves, First), 1},
		{"threefold repetition", "8/8/8/K6k w r 0 1", DefaultOptions(), []string{"a1a2", "h1h2", "a2a1", "h2h1", "a1a2", "h1h2", "a2a1", "h2h1"}, draw(Repetition), 8},
		{"perpetual chase draws by default", "8/8/8/R1n5 w r 0 1", DefaultOptions(), chasing, draw(Repetition), 9},
		{"perpetual chase loses", "8/8/8/R1n5 w r 0 1", chase, chasing, win(PerpetualChase, Second), 9},
		{"move limit", "8/8/8/K6k w r 0 1", short, []string{"a1a2", "h1h2", "a2a1", "h2h1"}, draw(MoveLimit), 4},
	}
	for _, tt := range tests {
		g := newGame(t, tt.fen, tt.opts)
		for i, m := range tt.moves {
			if g.Outcome().Over() {
				t.Fatalf("%s: over at ply %d, before %s: %v", tt.name, i, m, g.Outcome())
			}
			play(t, g, m)
		}
		if got := g.Outcome(); got != tt.want || g.Ply() != tt.at {
			t.Errorf("%s: %v at ply %d, want %v at %d", tt.name, got, g.Ply(), tt.want, tt.at)
		}
		if _, err := g.PushText("a1a1"); !errors.Is(err, ErrGameOver) && !errors.Is(err, ErrIllegalMove) {
			t.Errorf("%s: a move after the end: %v", tt.name, err)
		}
	}
}

// TestFirstFlipGivesTheColour: the first player plays the colour of the
// piece it turns up first, whoever flips next.
func TestFirstFlipGivesTheColour(t *testing.T) {
	for seed := range byte(8) {
		g := NewGame(fair.Seed{seed}, DefaultOptions())
		pl, err := g.PushText("d2d2")
		if err != nil {
			t.Fatal(err)
		}
		p := g.Position()
		if p.ColorOf(First) != pl.Piece.Color() || p.ColorOf(Second) != pl.Piece.Color().Other() || p.ColorToMove() != p.ColorOf(Second) {
			t.Fatalf("seed %d: turned up %v; colours %v/%v", seed, pl.Piece, p.ColorOf(First), p.ColorOf(Second))
		}
		if want := " b " + string("rb"[pl.Piece.Color()]) + " 0 1"; !strings.HasSuffix(g.FEN(), want) {
			t.Errorf("seed %d: FEN %q, want it to end %q", seed, g.FEN(), want)
		}
		pl2, err := g.PushText("e3e3")
		if err != nil || pl2.Player != Second {
			t.Fatal(err)
		}
		if q := g.Position(); q.ColorOf(First) != pl.Piece.Color() {
			t.Errorf("seed %d: the second flip changed the colours", seed)
		}
	}
}

// TestPushTextChecksClaims: a move text that says something false of its
// move (the piece, a capture, what a flip turned up) is refused.
func TestPushTextChecksClaims(t *testing.T) {
	g := newGame(t, "8/8/8/Kr1p4 w r 0 1", DefaultOptions())
	for _, bad := range []string{"Ra1xb1", "Ka1-b1", "a1xa2", "Ka1-c1"} {
		if _, err := g.PushText(bad); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("PushText(%q) = %v, want ErrIllegalMove", bad, err)
		}
	}
	if _, err := g.PushText("zz"); !errors.Is(err, ErrInvalidMove) {
		t.Errorf("PushText(zz) = %v, want ErrInvalidMove", err)
	}
	d := NewGame(fair.Seed{1, 2, 3}, DefaultOptions())
	start := d.StartPosition()
	wrong := NewPiece(Black, King)
	if start.Identity(0) == wrong {
		wrong = NewPiece(Red, King)
	}
	if _, err := d.PushText("a1=" + wrong.String()); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("a flip claiming %v where the seed dealt %v: %v", wrong, start.Identity(0), err)
	}
	if _, err := d.PushText("a1=" + start.Identity(0).String()); err != nil {
		t.Errorf("the flip of a1 naming its piece: %v", err)
	}
}

func TestTakenAndSight(t *testing.T) {
	g := newGame(t, "8/8/1x6/KrP5 w r 0 1", DefaultOptions())
	play(t, g, "Ka1xb1", "b2b2")
	if got := g.TakenText(Black); got != "r" {
		t.Errorf("black pieces taken: %q", got)
	}
	p, err := SightOf(g.FEN(), [2]string{g.TakenText(Red), g.TakenText(Black)})
	if err != nil {
		t.Fatal(err)
	}
	if p.Pool(NewPiece(Black, Chariot)) != 1 || p.Pool(NewPiece(Red, King)) != 0 {
		t.Errorf("sight's pool: %d black chariots, %d red generals", p.Pool(NewPiece(Black, Chariot)), p.Pool(NewPiece(Red, King)))
	}
	for _, bad := range [][2]string{{"k", ""}, {"", "kk"}, {"x", ""}, {"KKKKKKK", ""}} {
		if _, err := SightOf(g.FEN(), bad); !errors.Is(err, ErrSight) {
			t.Errorf("SightOf(taken %q) = %v, want ErrSight", bad, err)
		}
	}
}

func TestOptionsText(t *testing.T) {
	o := Options{DrawPlies: 120, Repetitions: 0, CannonReach: 2, ChaseLoses: true}
	back, err := ParseOptions(o.String())
	if err != nil || back != o {
		t.Errorf("ParseOptions(%q) = %+v, %v", o.String(), back, err)
	}
	if d, err := ParseOptions(""); err != nil || d != DefaultOptions() {
		t.Errorf(`ParseOptions("") = %+v, %v; want the defaults`, d, err)
	}
	if _, err := ParseOptions("cannonreach=far"); err == nil {
		t.Error("a bad option was read")
	}
}
