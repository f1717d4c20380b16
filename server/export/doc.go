// Package export serves lichess's game exports: GET
// /api/games/user/{name}, a player's games newest first, streamed a page
// of the store at a time, and POST /api/games/export/_ids, up to 300 games
// by id. Both answer PGN (the default) or NDJSON (Accept:
// application/x-ndjson) as lichess writes them: each PGN game followed by
// two blank lines (berserk splits a stream there), Site the game's
// address, the players named as the API names them (an account's seat by
// its username, any other by the name given or Anonymous), Termination in
// the PGN standard's words; lichess's game shape in JSON. lichess's
// parameters choose the games (finished, ongoing, vs, color, rated,
// perfType, analysed, since, until, max) and what is written of each
// (moves, tags, clocks from the moves' recorded clocks, evals from the
// stored review, opening, pgnInJson, accuracy, lastFen); one it does not
// know is ignored, as lichess ignores it, and a value it cannot read is a
// 400 that names it.
//
// Another person sees a player's games as the profile shows them
// (store.Summary.VisibleTo: those they sat in, those over that are public or
// rated); anyone with a game's id sees it, as its page shows it. A game
// of hidden information is exported only once it is over.
//
// It reads the server through Server: its games, the account named in
// the path with the store of its games, the seats' names, ratings and
// reviews, and a game's facts in lichess's words (status, variant key,
// speed, perf), which the server names for all its answers in lichess's
// shapes:
//
//	ex := export.New(srv, logger)
//	ex.Games(w, r) // r's path value "name" is the player
//	ex.ByIDs(w, r) // r's body lists the ids
package export
