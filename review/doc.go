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
//	ev := review.NewBuiltin()
//	g, _ := review.ChessFromPGN(text, 1)
//	r, err := review.Run(ctx, g, ev, review.Options{Budget: review.DefaultBudget})
//	fmt.Println(r.White.Accuracy, r.Black.ACPL)
package review
