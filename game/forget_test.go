package game

import (
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// TestForgetName: only the seats of the player lose their name (and
// their account's title), in the game and its header; the player stays.
func TestForgetName(t *testing.T) {
	g, err := New(Options{ID: "g1", Mode: ModeOnline, Now: time.Now,
		Seats: [2]Seat{{Kind: SeatHuman, Name: "ann", Player: "p-ann", Title: "BOT"}, {Kind: SeatHuman, Name: "bob", Player: "p-bob", Title: "BOT"}}})
	if err != nil {
		t.Fatal(err)
	}
	if g.ForgetName("") || g.ForgetName("p-cat") {
		t.Error("ForgetName of no one's seat reported a change")
	}
	if !g.ForgetName("p-ann") {
		t.Error("ForgetName(p-ann) = false")
	}
	w, b, h := g.Seat(chess.White), g.Seat(chess.Black), g.Header().Seats
	if w.Name != "" || w.Title != "" || w.Player != "p-ann" || b.Name != "bob" || b.Title != "BOT" ||
		h[chess.White].Name != "" || h[chess.White].Title != "" || h[chess.Black].Name != "bob" || h[chess.Black].Title != "BOT" {
		t.Errorf("seats after ForgetName(p-ann): %+v %+v, header %+v", w, b, h)
	}
}
