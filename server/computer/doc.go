// Package computer is the server's computer player: its named levels
// (Levels, LevelsFor), the Bot that plays a computer seat (EngineBot:
// package engine in chess and Chess960, engine/xq in xiangqi, at the same
// named levels; a variant with a computer player of its own brings its
// levels in game.Spec.Computer), and the count of live games against the
// computer that keeps the machine within what it can think for (Games).
// The hubs ask a Bot for moves through the fair scheduler of package
// sched.
//
// Sharing the machine (the fields named are the server's Config): moves
// are thought one per game at a time, on Workers goroutines, serving the addresses with a game waiting in turn (one
// address's flood waits behind itself), and a long think is hurried to
// play its best move so far once it has had ThinkSlice while others wait.
// One address may have ComputerGamesPerClient live games against the
// computer (429 after that) and the machine ComputerGames (503 "the
// computer is busy, try again in a minute"); a game with no move for
// ComputerIdle stops counting until its next move, so players who stay
// connected without playing hold no place.
//
//	bot := computer.NewEngineBot(seed)
//	level, err := computer.LevelFor(game.Chess, "club")
//	uci, err := bot.Move(ctx, g.Clone(), level)
package computer
