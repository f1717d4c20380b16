// Package swiss runs the Swiss tournaments on the server: lichess's Swiss
// API in its shapes (minus teams), and the director that pairs each round
// with package tournament/swiss (the FIDE Dutch system).
//
// A Swiss event is a store.Tournament of Kind "swiss", its Settings in
// its Data; its players are TournamentPlayers and its games
// TournamentPairings with their round (store.Swiss). The director works
// as the arenas' does (package server/tournaments): whichever node holds
// the event's lease pairs it. At the start, round 1 is paired over the
// active players (a paused or withdrawn player is left out of the next
// round, as lichess does); its games start at once. When every game of
// the round is over, the director waits the round interval and pairs the
// next; after the last round, or when no legal pairing is left, the event
// is finished. A round is written whole and once (store.Swiss.AddRound),
// so no round is paired twice; a director that takes over from a dead one
// creates the games of the round it wrote but did not start.
//
// Scores follow tournament/swiss: a win 1, a draw ½, the
// pairing-allocated bye 1 (at most once a player); a game aborted or never
// played counts as met but scores nothing.
package swiss
