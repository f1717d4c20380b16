// Package game is Gambit's live-game model: the seats, the clock, the
// server-level Status and the history of one game of chess or xiangqi. The
// rules come from the chess and xiangqi libraries behind one small Rules
// interface (legal destinations, a move in coordinate text, outcome, FEN,
// notation, PGN), the only cross-game abstraction in Gambit. The package
// knows nothing of HTTP or storage: the server drives it with commands and
// persists its Record, which names the variant.
//
// Sides are chess.White and chess.Black in both games: in xiangqi White
// stands for Red, the side that moves first.
//
//	g, _ := game.New(game.Options{ID: "abc", Now: time.Now})
//	g.Move(chess.White, "e2e4")
//	x, _ := game.New(game.Options{ID: "xyz", Variant: game.Xiangqi})
//	x.Move(chess.White, "h2e2") // 炮二平五
//	fmt.Println(g.Status(), g.FEN(), x.FEN())
package game
