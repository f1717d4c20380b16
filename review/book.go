package review

import "github.com/gambitchess/gambit/chess/opening"

// OpeningBook is the default Book hook: a chess game's moves are book up
// to the last position lichess's opening table names (chess/opening, the
// game's opening as lichess classifies it, within its first 40 plies), so
// the opening's theory is not judged. The table names only some positions
// of a line (1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 is unnamed on the way to the
// named 4...Nf6), so a move is book when a later named position follows
// it, not only while every position is named. Xiangqi has no table here,
// so every xiangqi move is judged.
func OpeningBook(g *Game) func(ply int) bool {
	if g.Xiangqi() {
		return BookPlies(0)
	}
	o, ok := opening.Classify(g.chess)
	if !ok {
		return BookPlies(0)
	}
	return BookPlies(o.Ply)
}
