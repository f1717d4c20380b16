// Package games serves Gambit's own API of games: making one (POST
// /api/games: on one screen, against the computer, an online invite or a
// lobby challenge), taking its seats (join: the open seat, or one's own
// again; adopt: the seats an older release's secret holds), the lobby's
// list (GET /api/lobby), quick pairing (POST /api/pair, casual or in the
// rated pool, by rating in a widening range) and rated games (who may
// play one, its rating record taken with the seat, GET
// /api/games/{id}/rating, the ratings in its PGN).
//
// Seats: an online game ({"mode":"online"}) is an invite: the creator's
// seat and an open one, which the first caller of POST
// /api/games/{id}/join takes (409 seat_taken after that: one watches; a
// person already seated gets their seat back). Invite games are private:
// listed only for their players. The seat a challenge of the API for
// programs holds is its destination account's alone.
//
// Names: creating (computer and online games), joining and pairing take a
// display name, {"name": "王小明"} (game.ParseName: 1 to 20 characters,
// trimmed, no control character; 400 bad_name otherwise), which the seat
// keeps (the state's seats, the PGN's player tags); signed in, the
// account's name by default. GET /api/games sends a computer seat's
// level, and "you": true on the asker's own seat where it can tell
// (games against the computer and on one screen).
//
// Lobby: {"mode":"online","lobby":true} makes a public challenge, listed
// by GET /api/lobby while its creator is connected (see package lobby);
// accepting is joining. POST /api/pair {"variant","clock"} pairs with the
// next person asking for the same variant and time control.
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
