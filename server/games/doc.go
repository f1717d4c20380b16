// Package games serves Gambit's own API of games: making one (POST
// /api/games: on one screen, against the computer, an online invite or a
// lobby challenge), taking its seats (join: the open seat, or one's own
// again; adopt: the seats an older release's secret holds), the lobby's
// list (GET /api/lobby), quick pairing (POST /api/pair, casual or in the
// rated pool, by rating in a widening range) and rated games (who may
// play one, its rating record taken with the seat, GET
// /api/games/{id}/rating, the ratings in its PGN).
//
// The Handler reaches the server through Server, a small interface the
// server implements: its games (read, started and seated through their
// hubs, on whichever node runs each), who asks, the address's limits,
// the computer's seats and the ratings' perfs. It keeps no game of its
// own; the open challenges are package lobby's, the rating records the
// store's (store.Ratings).
//
//	h := games.New(games.Config{Server: srv, Store: st, Lobby: lobby.New(), Now: time.Now, Log: log, MinClock: 15 * time.Second, MaxDays: 14})
//	mux.HandleFunc("POST /api/games", h.Create)
package games
