package review

import "testing"

// TestOpeningBook: a game's moves are book up to the last position
// lichess's table names (the Closed Ruy Lopez, C84, after 5...Be7, though
// the position after 4.Ba4 on the way is unnamed), and judged from the
// first move after it; xiangqi has no table.
func TestOpeningBook(t *testing.T) {
	g := openGame(t, "chess", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. h4 b5")
	book := OpeningBook(g)
	for ply := range 12 {
		if want := ply < 10; book(ply) != want {
			t.Errorf("ply %d: book %v, want %v", ply, book(ply), want)
		}
	}
	x := openGame(t, "xiangqi", "", "h2e2")
	if OpeningBook(x)(0) {
		t.Error("a xiangqi move is book; want every xiangqi move judged")
	}
}
