package xiangqigame_test

import (
	"context"
	"slices"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

func TestXiangqiEngineReadsTheRecord(t *testing.T) {
	g, err := game.New(game.Options{ID: "x", Variant: xiangqigame.Xiangqi})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"h2e2", "h9g7"} {
		if _, err := g.Move(g.Turn(), m); err != nil {
			t.Fatal(err)
		}
	}
	e, ok := g.Engine()
	if !ok {
		t.Fatal("no engine reads xiangqi")
	}
	if san, coord := e.Move(0); san != "炮二平五" || coord != "h2e2" {
		t.Errorf("move 0: %s %s", san, coord)
	}
	if got := e.Line(0, []string{"h2e2", "h9g7", "a0a5"}); !slices.Equal(got, []string{"炮二平五", "馬８進７"}) {
		t.Errorf("line: %v", got)
	}
	u := e.UCI(2)
	if u.Chess960 || !slices.Equal(u.Moves, []string{"h3e3", "h10g8"}) {
		t.Errorf("UCI: %+v (Fairy-Stockfish's ranks 1 to 10)", u)
	}
	if got, err := e.FromUCI(2, nil, "b1c3"); err != nil || got != "b0c2" {
		t.Errorf("FromUCI: %q %v", got, err)
	}
	if _, err := e.FromUCI(2, nil, "b1b9"); err == nil {
		t.Error("an illegal engine move was read")
	}
	if over, _ := e.Terminal(2); over || e.BookPlies() != 0 {
		t.Errorf("terminal at 2: %v; book plies %d", over, e.BookPlies())
	}
	if f := e.DrawFacts(2, chess.White); f.Material != 0 || f.Hopeless {
		t.Errorf("draw facts: %+v", f)
	}
	best, err := e.Search(context.Background(), 2, game.SearchOptions{Depth: 2, Hash: 1}, nil)
	if err != nil || len(best.Moves) != 1 {
		t.Fatalf("search: %+v %v", best, err)
	}
	if got := e.Line(2, best.Moves); len(got) != 1 {
		t.Errorf("the search's move %q is not legal", best.Moves[0])
	}
}
