// Package export serves lichess's game export, GET
// /api/games/user/{name}: a player's games, newest first, streamed a page
// of the store at a time as PGN (the default) or NDJSON (Accept:
// application/x-ndjson) in lichess's game shape, with lichess's filters
// max, since, until, rated and perfType. Another person gets the public
// games and those they sat in (store.Summary.SeenBy); a game of hidden
// information, only once it is over.
//
// It reads the server through Server: its games, the account named in
// the path with the store of its games, and a game's facts in lichess's
// words (status, variant key, speed, perf), which the server names for
// all its answers in lichess's shapes:
//
//	ex := export.New(srv, logger)
//	ex.Games(w, r) // r's path value "name" is the player
package export
