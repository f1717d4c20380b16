package chessgame_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/chessgame"
)

// openEngine starts a game of variant v from setup, plays moves and opens
// it for the engines.
func openEngine(t *testing.T, v game.Variant, setup string, moves ...string) game.Engine {
	t.Helper()
	g, err := game.New(game.Options{ID: "e", Variant: v, Setup: setup})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if _, err := g.Move(g.Turn(), m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	e, ok := g.Engine()
	if !ok {
		t.Fatalf("%s: no engine reads it", v)
	}
	return e
}

func TestChessEngineReadsTheRecord(t *testing.T) {
	e := openEngine(t, chessgame.Chess, "", "e2e4", "e7e5", "g1f3", "b8c6", "f1b5")
	if e.Plies() != 5 || e.WhiteToMove(5) || !e.WhiteToMove(4) {
		t.Fatalf("plies %d, white to move at 4, 5: %v %v", e.Plies(), e.WhiteToMove(4), e.WhiteToMove(5))
	}
	if san, coord := e.Move(2); san != "Nf3" || coord != "g1f3" {
		t.Errorf("move 2: %s %s", san, coord)
	}
	if got := e.Line(2, []string{"g1f3", "b8c6", "e1e8"}); !slices.Equal(got, []string{"Nf3", "Nc6"}) {
		t.Errorf("line from ply 2: %v, want it to stop at the illegal move", got)
	}
	if got := e.BookPlies(); got != 5 {
		t.Errorf("book plies of the Ruy Lopez: %d", got)
	}
	u := e.UCI(3)
	if u.FEN != chess.StartFEN || u.Chess960 || !slices.Equal(u.Moves, []string{"e2e4", "e7e5", "g1f3"}) {
		t.Errorf("UCI at 3: %+v", u)
	}
	for _, c := range []struct {
		ply        int
		line       []string
		text, want string
		ok         bool
	}{
		{5, nil, "a7a6", "a7a6", true},
		{5, nil, "a7a5a", "", false},
		{5, nil, "0000", "", false},
		{4, []string{"f1b5"}, "g8f6", "g8f6", true},
		{4, []string{"f1b6"}, "g8f6", "", false},
	} {
		got, err := e.FromUCI(c.ply, c.line, c.text)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("FromUCI(%d, %v, %q) = %q, %v", c.ply, c.line, c.text, got, err)
		}
	}
	if b, err := e.Branch(3, []string{"b8c6", "f1c4"}); err != nil || b.Plies() != 5 || b.FEN(5) == e.FEN(5) {
		t.Errorf("a branch at ply 3: %v", err)
	} else if san, _ := b.Move(4); san != "Bc4" {
		t.Errorf("the branch's move 4: %s", san)
	}
	if _, err := e.Branch(6, nil); err == nil {
		t.Error("a branch past the game's end")
	}
	if _, err := e.FromUCI(-1, nil, "e2e4"); err == nil {
		t.Error("an engine move at ply -1")
	}
	if _, err := e.Branch(2, []string{"e1e8"}); err == nil || !strings.Contains(err.Error(), `"e1e8"`) {
		t.Errorf("an illegal branch: %v", err)
	}
	if f := e.DrawFacts(5, chess.White); f.Material != 0 || f.MoveNumber != 3 || f.Hopeless {
		t.Errorf("draw facts: %+v", f)
	}
}

func TestChessEngineTerminalAndSearch(t *testing.T) {
	mate := openEngine(t, chessgame.Chess, "", "f2f3", "e7e5", "g2g4", "d8h4")
	if over, lost := mate.Terminal(4); !over || !lost {
		t.Errorf("fool's mate: over %v lost %v", over, lost)
	}
	if over, _ := mate.Terminal(3); over {
		t.Error("before the mate: over")
	}
	stale := openEngine(t, chessgame.Chess, "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
	if over, lost := stale.Terminal(0); !over || lost {
		t.Errorf("stalemate: over %v lost %v", over, lost)
	}
	// Mate in one: Qf8#, found and scored as a mate.
	e := openEngine(t, chessgame.Chess, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1")
	var lines int
	best, err := e.Search(context.Background(), 0, game.SearchOptions{Depth: 4, Hash: 1}, func(game.SearchLine) { lines++ })
	if err != nil || best.Mate != 1 || best.Moves[0] != "f1f8" {
		t.Errorf("mate in one: %+v, %v", best, err)
	}
	if lines == 0 {
		t.Error("no line reported")
	}
	if _, err := mate.Search(context.Background(), 4, game.SearchOptions{MoveTime: 10 * time.Millisecond}, nil); err == nil {
		t.Error("a search of a mated position found a move")
	}
}

func TestChess960EngineSpeaksShredderFEN(t *testing.T) {
	e := openEngine(t, chessgame.Chess960, "0", "e2e4")
	u := e.UCI(1)
	if !u.Chess960 || u.FEN != "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1" {
		t.Errorf("Chess960 start 0: %+v", u)
	}
}
