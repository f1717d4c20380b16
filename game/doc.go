// Package game is Gambit's live-game model: the seats, the clock, the
// server-level Status and the history of one game, built on the rules
// library's chess.Game. It knows nothing of HTTP or storage: the server
// drives it with commands and persists its Record.
//
//	g, _ := game.New(game.Options{ID: "abc", Now: time.Now})
//	g.Move(chess.White, "e2e4")
//	fmt.Println(g.Status(), g.FEN())
package game
