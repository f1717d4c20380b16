// Package tournaments runs the arenas: lichess's tournament API in its
// shapes (GET and POST /api/tournament, GET /api/tournament/{id}, /join,
// /withdraw, /results, /games), a live page's socket that pushes the
// standings whenever they change, and the director that starts, pairs and
// ends each arena.
//
// An arena belongs to the store (store.Tournaments), not to a process. On
// each tick every node asks for the lease of each arena under way
// (store.DirectTournament); the one that holds it pairs the arena's free
// players (package tournament's rules) and starts their games through the
// server. A pairing is written before its game is created, with the
// game's id chosen first, and only under the lease; so when a director
// dies between the two, the next one finds the pairing whose game does not
// exist and creates it, and no pairing is lost or made twice. A game's
// result is written by the node whose game ended (NoteSaved), once
// (store.FinishPairing); points are computed from the pairings, never
// added up, so no result counts twice.
package tournaments
