package lichess

import (
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// lichessGame makes an online game between ann (white) and, unless
// open, bob, and plays moves in it (white first).
func lichessGame(t *testing.T, open bool, moves ...string) *game.Game {
	t.Helper()
	black := game.Seat{Kind: game.SeatHuman, Player: "p-bob", Name: "bob"}
	if open {
		black = game.Seat{Kind: game.SeatOpen}
	}
	g, err := game.New(game.Options{ID: "lichessgame", Mode: game.ModeOnline,
		Seats: [2]game.Seat{{Kind: game.SeatHuman, Player: "p-ann", Name: "ann"}, black}})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range moves {
		if _, err := g.Move(chess.Color(i%2), m); err != nil {
			t.Fatalf("move %s: %v", m, err)
		}
	}
	return g
}

// TestLichessStatus: a game both of whose players are there is "started"
// (status 20) before its first move, as lichess's is once a challenge is
// accepted (lichess-bot reads any other status as the end, and as White
// never moved); only a game with a seat still open is "created". Both
// keep the game streams going.
func TestLichessStatus(t *testing.T) {
	for _, tt := range []struct {
		name   string
		g      func(t *testing.T) *game.Game
		want   string
		wantID int
	}{
		{"both seated, no move", func(t *testing.T) *game.Game { return lichessGame(t, false) }, "started", 20},
		{"a seat open", func(t *testing.T) *game.Game { return lichessGame(t, true) }, "created", 10},
		{"a move played", func(t *testing.T) *game.Game { return lichessGame(t, false, "e2e4") }, "started", 20},
		{"aborted before a move", func(t *testing.T) *game.Game {
			g := lichessGame(t, false)
			if _, err := g.Abort(chess.White); err != nil {
				t.Fatal(err)
			}
			return g
		}, "aborted", 25},
		{"against the computer", func(t *testing.T) *game.Game {
			g, err := game.New(game.Options{ID: "vscomputer", Mode: game.ModeComputer,
				Seats: [2]game.Seat{{Kind: game.SeatHuman, Player: "p-ann"}, {Kind: game.SeatBot, Level: "1", Name: "Gambit level 1"}}})
			if err != nil {
				t.Fatal(err)
			}
			return g
		}, "started", 20},
		{"mate", func(t *testing.T) *game.Game { return lichessGame(t, false, "f2f3", "e7e5", "g2g4", "d8h4") }, "mate", 30},
	} {
		g := tt.g(t)
		name, id := Status(g)
		if name != tt.want || id != tt.wantID {
			t.Errorf("%s: lichessStatus = %q %d, want %q %d", tt.name, name, id, tt.want, tt.wantID)
		}
		if st := StateOf(g); st.Status != tt.want {
			t.Errorf("%s: gameState's status = %q, want %q", tt.name, st.Status, tt.want)
		}
		if live := Live(name); live != !g.Status().Finished() {
			t.Errorf("%s: liveStatus(%q) = %v for a game finished=%v", tt.name, name, live, g.Status().Finished())
		}
	}
}
