// Package review judges the moves of a finished game the way lichess's
// game review does: every position is evaluated by an engine at a fixed
// budget (Evaluator: Gambit's own engines in process, or any UCI engine),
// each evaluation is turned into a winning percentage, each move gets an
// accuracy and, when it lost enough, a class (inaccuracy, mistake,
// blunder) with the engine's better move, and each side gets lichess's
// game accuracy and its average centipawn loss.
//
// The formulas are lichess's (lila, modules/analyse: WinPercent.scala,
// AccuracyPercent.scala, Advice.scala, Accuracy.scala), rewritten here;
// every function says which one it follows.
//
// The review reads a game through its variant's engines' interface
// (game.Engine, opened by Open on a *game.Game): its positions, its moves
// in the board's notation, Gambit's own search for the board, and how a
// UCI engine is set up for it. It names no rules library, but for writing
// a review into a game's PGN text (AnnotatePGN), which reads and writes the
// board's own PGN (chess/pgn, xiangqi/pgn).
//
//	rg, err := review.Open(g) // g a *game.Game of a variant the engines read
//	ev := review.NewBuiltin()
//	r, err := review.Run(ctx, rg, ev, review.Options{Budget: review.DefaultBudget, Book: review.OpeningBook(rg)})
//	fmt.Println(r.White.Accuracy, r.Black.ACPL)
package review
