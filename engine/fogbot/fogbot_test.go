package fogbot

import (
	"context"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fog"
)

// inputOf is the bot's input in game g for colour c: its views of every
// position, its own moves, and its fog now.
func inputOf(t *testing.T, g *fog.Game, c chess.Color) Input {
	t.Helper()
	in := Input{Color: c}
	positions := g.Positions()
	for i, p := range positions {
		v := p.View(c)
		in.Views = append(in.Views, v.FEN())
		if i < len(g.Moves()) {
			u := ""
			if p.SideToMove() == c {
				u = p.UCI(g.Moves()[i])
			}
			in.Moves = append(in.Moves, u)
		}
	}
	last := positions[len(positions)-1]
	in.Fog = ^last.Visible(c)
	return in
}

func gameFrom(t *testing.T, fen string, moves ...string) *fog.Game {
	t.Helper()
	p := fog.StartPosition()
	if fen != "" {
		var err error
		if p, err = fog.ParseFEN(fen); err != nil {
			t.Fatal(err)
		}
	}
	g := fog.NewGame(p)
	for _, u := range moves {
		if err := g.PushUCI(u); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestTakesTheKing(t *testing.T) {
	for _, level := range []Level{Easy, Hard} {
		g := gameFrom(t, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1")
		got, err := Choose(context.Background(), inputOf(t, g, chess.White), level)
		if err != nil || got != "e1e8" {
			t.Errorf("level %+v: Choose = %q, %v; want e1e8", level, got, err)
		}
	}
}

func TestPlaysAMoveOfTheRules(t *testing.T) {
	g := gameFrom(t, "", "e2e4", "e7e5", "g1f3")
	in := inputOf(t, g, chess.Black)
	got, err := Choose(context.Background(), in, Hard)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PushUCI(got); err != nil {
		t.Fatalf("Choose = %s: %v", got, err)
	}
	again, _ := Choose(context.Background(), in, Hard)
	if again != got {
		t.Errorf("same view, different moves: %s then %s", got, again)
	}
}

// TestBlindToTheFog: two games that differ only in what Black cannot see
// give Black the same input, so the same move.
func TestBlindToTheFog(t *testing.T) {
	// White's queen on d1 or on a hidden square far away: from Black's
	// view on its own back ranks, both boards look alike.
	a := gameFrom(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
	b := gameFrom(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1")
	ia, ib := inputOf(t, a, chess.Black), inputOf(t, b, chess.Black)
	if ia.Views[0] != ib.Views[0] || ia.Fog != ib.Fog {
		t.Fatalf("views differ: %s / %s", ia.Views[0], ib.Views[0])
	}
	ma, _ := Choose(context.Background(), ia, Hard)
	mb, _ := Choose(context.Background(), ib, Hard)
	if ma != mb {
		t.Errorf("moves differ with the hidden queen: %s / %s", ma, mb)
	}
}

func TestBadInput(t *testing.T) {
	if _, err := Choose(context.Background(), Input{}, Easy); err == nil {
		t.Error("no views accepted")
	}
	if _, err := Choose(context.Background(), Input{Color: chess.White, Views: []string{"x/y w"}}, Easy); err == nil {
		t.Error("bad view accepted")
	}
}

// TestBadView: a view that does not parse is refused, saying which and why.
func TestBadView(t *testing.T) {
	for _, tt := range []struct{ view, want string }{
		{"x7/8/8/8/8/8/8/4K3 w - - 0 1", `fogbot: view 0: placement: rank 8: unexpected "x"`},
		{"8/8/8/8/8/8/8/4K3", `fogbot: view 0: no side to move in "8/8/8/8/8/8/8/4K3"`},
		{"8/8/8/8/8/8/8/4K3 x", `fogbot: view 0: side to move "x", want w or b`},
	} {
		_, err := Choose(context.Background(), Input{Color: chess.White, Views: []string{tt.view}}, Easy)
		if err == nil || err.Error() != tt.want {
			t.Errorf("view %q: err %v, want %q", tt.view, err, tt.want)
		}
	}
}
