// Package lichess holds the shapes in which Gambit's API for programs
// answers where it overlaps lichess's (https://lichess.org/api and the
// types of @lichess-org/types): a game's status, variant, speed and perf
// in lichess's words, the Board and Bot APIs' gameFull and gameState
// lines, a player as those lines name it, and the registry of the
// accounts online that GET /api/users/status and GET /api/bot/online
// read. It depends on the rules (game) and the store's accounts only:
// the handlers that serve these shapes are the server's (board.go,
// bot.go, challenge.go, events.go), which issue 42 moves here in turn.
package lichess
