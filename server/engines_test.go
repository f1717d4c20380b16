package server

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// openEngine registers a real engine for a server test.
func openEngine(t *testing.T, spec computer.EngineSpec) *computer.Engine {
	t.Helper()
	e, err := computer.OpenEngine(context.Background(), spec, 1)
	if err != nil {
		t.Fatalf("open %s: %v", spec.Path, err)
	}
	return e // the server closes it
}

// legalMove returns a legal move of the side to move in s.
func legalMove(t *testing.T, s map[string][]string) string {
	t.Helper()
	for from, tos := range s {
		return from + tos[0]
	}
	t.Fatal("no legal move")
	return ""
}

// TestPlayDebianEngines: games against Stockfish (chess, Chess960) and
// Fairy-Stockfish (xiangqi) at their levels: the engines answer moves,
// decline a draw offered after the first moves, and the game ends by
// resignation.
func TestPlayDebianEngines(t *testing.T) {
	sf := openEngine(t, computer.EngineSpec{Name: "Stockfish", Path: "/usr/games/stockfish"})
	fairy := openEngine(t, computer.EngineSpec{Name: "Fairy-Stockfish", Path: "/usr/games/fairy-stockfish", Variants: []game.Variant{xiangqigame.Xiangqi}})
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Engines: []*computer.Engine{sf, fairy}})
	// Two quiet moves each, legal whatever the engine answers and losing
	// nothing (a random legal move could give a piece away, and an engine
	// clearly worse rightly takes the draw).
	tests := []struct {
		variant, level string
		moves          [2]string
	}{
		{"chess", "stockfish-1", [2]string{"a2a3", "h2h3"}},
		{"chess960", "stockfish-3", [2]string{"a2a3", "h2h3"}},
		{"xiangqi", "fairy-stockfish-1", [2]string{"a3a4", "i3i4"}},
	}
	for _, tt := range tests {
		g := create(t, s.Handler(), `{"mode":"computer","variant":"`+tt.variant+`","color":"white","level":"`+tt.level+`","clock":{"minutes":3,"increment":2}}`)
		if seat := g.State.Seats["black"]; seat.Level != tt.level || seat.Name == "" {
			t.Errorf("%s: the computer's seat %+v", tt.variant, seat)
		}
		p := dial(t, srv, g.ID, g.Token, "v=0")
		st := p.state("state")
		for i, m := range tt.moves {
			if !slices.Contains(st.Dests[m[:2]], m[2:]) {
				t.Fatalf("%s: %s is not legal in %s", tt.variant, m, st.FEN)
			}
			p.send(`{"t":"move","d":{"u":"` + m + `"}}`)
			st = p.position(2*i + 2) // the engine's reply
		}
		p.send(`{"t":"draw-offer"}`)
		if offered := p.state("state"); offered.DrawOffer != "white" {
			t.Fatalf("%s: the offer: %+v", tt.variant, offered)
		}
		if ans := p.state("state"); ans.DrawOffer != "" || ans.Status != "started" {
			t.Errorf("%s: the engine took a draw after two moves: %s, offer %q", tt.variant, ans.Status, ans.DrawOffer)
		}
		p.send(`{"t":"resign"}`)
		if end := p.state("state"); end.Status != "resigned" || end.Winner != "black" {
			t.Errorf("%s: after resigning: %s, winner %q", tt.variant, end.Status, end.Winner)
		}
	}
}

// TestCrashingEngineTakenOver: an engine process that dies when asked to
// think (a script in computer/testdata) is replaced by the built-in engine
// at its fallback level: the player is told (engine_failed) and the game
// goes on, move after move.
func TestCrashingEngineTakenOver(t *testing.T) {
	path, _ := filepath.Abs(filepath.Join("computer", "testdata", "crash-engine.sh"))
	crasher := openEngine(t, computer.EngineSpec{Name: "Crasher", Path: path})
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Engines: []*computer.Engine{crasher}})
	g := create(t, s.Handler(), `{"mode":"computer","color":"white","level":"crasher-2"}`)
	p := dial(t, srv, g.ID, g.Token, "v=0")
	p.state("state")
	p.send(`{"t":"move","d":{"u":"e2e4"}}`)
	p.wantError("engine_failed")
	st := p.position(2) // the built-in engine's reply
	p.send(`{"t":"move","d":{"u":"` + legalMove(t, st.Dests) + `"}}`)
	if st = p.position(4); st.Status != "started" {
		t.Errorf("after the takeover: %s", st.Status)
	}
	if n := crasher.Live(); n != 0 {
		t.Errorf("%d crashed processes left", n)
	}
}
