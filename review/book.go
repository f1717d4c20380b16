package review

// OpeningBook is the default Book hook: the game's moves are book up to
// the last position its board's opening table names (game.Engine's
// BookPlies: in chess, lichess's table, chess/opening, within the first
// 40 plies), so the opening's theory is not judged. The table names only
// some positions of a line (1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 is unnamed
// on the way to the named 4...Nf6), so a move is book when a later named
// position follows it, not only while every position is named. A board
// without a table (xiangqi here) has every move judged.
func OpeningBook(g *Game) func(ply int) bool { return BookPlies(g.engine.BookPlies()) }
