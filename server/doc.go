// Package server serves Gambit in the browser: a JSON API to create and list
// games of chess or xiangqi ({"variant":"xiangqi"} in POST /api/games), one
// WebSocket per open game, and the embedded web UI. Computer seats play with
// package engine in chess and engine/xq in xiangqi, at the same named levels.
//
// Each live game is owned by one goroutine (a hub) that takes commands from
// a channel, checks every move with the rules library, saves the game before
// acknowledging, and publishes numbered events. Every event carries the
// position, the legal destinations per square (dests), the clocks and the
// status, so the browser needs no rules of its own. A client that sees a gap
// in the numbers asks to sync and gets the missed events or a full state.
//
// Seats: creating a game returns a secret token; a WebSocket that presents
// it acts for the seats holding it (both, in a one-screen game), any other
// connection watches as a spectator. Online play will give each seat its own
// token.
//
// Restarts: games are saved on every change; Start reloads the unfinished
// ones, and their clocks run again from where they were saved (downtime is
// not charged). A hub retires when no one watches its game and nothing can
// change it by itself (no running clock, no computer to move); the next
// request loads the game again.
//
// Wire format: a JSON envelope {"t": type, "d": data}.
//
//	client → server: move {"u":"e2e4"} (xiangqi: ICCS, {"u":"h2e2"}), takeback, resign, abort, draw-offer,
//	                 draw-accept, draw-decline, draw-claim (chess only), sync {"v":12}
//	server → client: hello {"you":["white"]}, state {...}, move {...} (with
//	                 "variant"; in xiangqi "white" is Red, san is Chinese, wxf WXF),
//	                 error {"code","message"}
//
//	srv := server.New(server.Config{Store: st, Assets: web.FS()}) // the engine plays
//	err := srv.Run(ctx, ":8080", nil) // until ctx ends
package server
