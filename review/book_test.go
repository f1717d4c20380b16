package review

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/xiangqi"
)

// TestOpeningBook: a game's moves are book up to the last position
// lichess's table names (the Closed Ruy Lopez, C84, after 5...Be7, though
// the position after 4.Ba4 on the way is unnamed), and judged from the
// first move after it; xiangqi has no table.
func TestOpeningBook(t *testing.T) {
	g := chess.NewGame()
	for _, s := range strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 h4 b5") {
		if _, err := g.PushSAN(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	book := OpeningBook(FromChess(g))
	for ply := range 12 {
		if want := ply < 10; book(ply) != want {
			t.Errorf("ply %d: book %v, want %v", ply, book(ply), want)
		}
	}
	x := xiangqi.NewGame()
	if _, err := x.PushUCI("h2e2"); err != nil {
		t.Fatal(err)
	}
	if OpeningBook(FromXiangqi(x))(0) {
		t.Error("a xiangqi move is book; want every xiangqi move judged")
	}
}
