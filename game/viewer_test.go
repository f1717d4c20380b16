package game

import (
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// TestViewerOf: a player holds the person's seats recorded with its id,
// both of a game on one screen; no one holds the computer's seat or an
// open one, and no id (a stranger) holds nothing.
func TestViewerOf(t *testing.T) {
	me := Seat{Kind: SeatHuman, Player: "p1"}
	tests := []struct {
		name   string
		seats  [2]Seat
		player string
		want   Viewer
	}{
		{"one screen", [2]Seat{me, me}, "p1", Viewer{Seats: [2]bool{true, true}}},
		{"online, black", [2]Seat{{Kind: SeatHuman, Player: "p2"}, me}, "p1", SeatViewer(chess.Black)},
		{"someone else", [2]Seat{me, {Kind: SeatOpen}}, "p2", Spectator},
		{"a stranger", [2]Seat{{Kind: SeatHuman}, {Kind: SeatOpen}}, "", Spectator},
		{"the computer's seat", [2]Seat{me, {Kind: SeatBot, Player: "p2", Level: "casual"}}, "p2", Spectator},
	}
	for _, tt := range tests {
		g, err := New(Options{ID: "g", Mode: ModeOnline, Seats: tt.seats})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := g.ViewerOf(tt.player); got != tt.want {
			t.Errorf("%s: ViewerOf(%q) = %v, want %v", tt.name, tt.player, got, tt.want)
		}
	}
}
