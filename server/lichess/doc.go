// Package lichess serves Gambit's API for programs where it overlaps
// lichess's (https://lichess.org/api and the types of
// @lichess-org/types), in lichess's shapes: the event stream (GET
// /api/stream/event: challenges, games starting and finishing),
// challenges (POST /api/challenge/{name}, accept, decline, cancel, the
// list), the Board and Bot APIs (play one's seat of a game: move, resign,
// offers, chat, the game's stream), lichess's stream of a game's moves to
// anyone, the account's games under way, and who is online (an event
// stream open here).
//
// It holds the shapes (a game's status, variant, speed and perf in
// lichess's words, gameFull and gameState, a challenge, a player as
// those name them), the request parsers that fill them, and the handlers
// that serve them, on an API. The API reaches the server through
// Server, a small interface the server implements: its games (read,
// followed and acted on through their hubs, made and seated by the
// server's own rules) and who asks (an account, by token or session).
// It imports no other package of the server but its errors (wire) and
// its address limits (guards): the server routes to its handlers and
// tells it of each game stored and saved (NoteCreated, NoteSaved), which
// its event stream reports.
//
//	api := lichess.New(lichess.Config{Server: srv, Store: st, Now: time.Now, Log: log, Ctx: ctx})
//	mux.HandleFunc("GET /api/stream/event", api.EventStream)
package lichess
