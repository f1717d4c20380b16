// Package computer is the server's computer player: its named levels
// (Levels, LevelsFor), the Bot that plays a computer seat (EngineBot: the
// engine a variant of full information declares, game.Spec.Engine —
// package engine in chess and Chess960, engine/xq in xiangqi — at the same
// named levels; a variant whose computer plays from a sight brings its
// levels in game.Spec.Computer), and the count of live games against the
// computer that keeps the machine within what it can think for (Games).
// The hubs ask a Bot for moves through the fair scheduler of package
// sched. External UCI engines (Engine: OpenEngine, a small pool of
// processes each; ParseEngineSpec reads serve's --engine, DetectEngines
// finds Debian's stockfish and fairy-stockfish) add lichess's levels 1 to
// 8 in the variants they play; Roster joins them with the built-in bot,
// lists every level and sends each move to its engine (roster.go), and an
// engine that fails (ErrEngineFailed) is taken over by a built-in level of
// about its strength. Every engine answers draw offers with the one
// judgement of judge.go.
//
// Sharing the machine (the fields named are the server's Config): moves
// are thought one per game at a time, on Workers goroutines, serving the addresses with a game waiting in turn (one
// address's flood waits behind itself), and a long think is hurried to
// play its best move so far once it has had ThinkSlice while others wait.
// One player (a browser, or an account while signed in) may have
// ComputerGamesPerPlayer live games against the computer, one address
// ComputerGamesPerClient among everyone behind it (429 after either), and
// the machine ComputerGames (503 "the computer is busy, try again in a
// minute"); a game with no move for
// ComputerIdle stops counting until its next move, so players who stay
// connected without playing hold no place, and so does one whose player
// has had no connection to it for ComputerAway; the refusal describes
// the asker's own games among those counted (Games.Of). A level has one
// name (names.go): its label, and on the computer's seat and in the PGN
// "Gambit " and its English label (BotName); the weak levels' errors are
// seeded per game (EngineBot).
//
//	sf, err := computer.OpenEngine(ctx, computer.EngineSpec{Name: "Stockfish", Path: "/usr/games/stockfish"}, 2)
//	roster := computer.NewRoster(computer.NewEngineBot(seed), sf)
//	level, err := roster.LevelFor("chess", "stockfish-3")
//	uci, err := roster.Move(ctx, g.Clone(), level)
package computer
