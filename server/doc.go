// Package server serves Gambit in the browser: a JSON API to create and list
// games of chess, Chess960 or xiangqi ({"variant":"chess960"} in POST
// /api/games; a Chess960 game with no setup starts from a position the
// server draws), one WebSocket per open game, and the embedded web UI.
// Computer seats play with package engine in chess and Chess960 and
// engine/xq in xiangqi, at the same named levels.
//
// Each live game is owned by one goroutine, a hub, which saves its
// events and sends them out: see package round, which also describes
// online play (clocks, lag, presence, claims, rematches), the chat rooms
// and the wire format of the WebSocket messages.
//
// Seats: a person is known by a secret their browser keeps in an
// httpOnly cookie, its player cookie (package player), or by their
// account while signed in (package account); a seat records the player
// id. A WebSocket whose player holds a seat acts for it (both, in a
// one-screen game, and in every tab); any other connection watches as a
// spectator. Making games and taking their seats (invites, names, the
// lobby, quick pairing, rated games): see package games.
//
// Language: GET / (package app), a game's page (its Open Graph tags,
// <title>, <noscript>) and its viewer page are written in the language of
// ?lang=, else of Accept-Language (package internal/lang), with Vary:
// Accept-Language.
//
// Limits and safety against hostile clients: see package guards.
//
// Restarts and memory: every change is an event in the store. A hub
// retires when no one watches its game and nothing can change it by
// itself (no running clock, no computer to move); the next WebSocket loads
// the game again, and a plain read (GET, PGN) reads the store without
// bringing the game into memory. The store flags the games that run by
// themselves (store.Summary.Active); Start resumes only those, and their
// clocks run again from where they were saved (a shutdown reads a running
// clock into an event; downtime is not charged). An unfinished game no one
// has moved in is aborted after a day (a correspondence game after its
// days for the first move), by a sweep at start and every hour. Which
// games are live here, loaded one at a time, resumed and swept: package
// live.
//
// Several nodes (Config.Bus and Config.Leases; package cluster over NATS
// through the interfaces of package node,
// PostgreSQL for the games and the leases): each live game has one owner,
// the node holding its lease, which runs its hub; a WebSocket or a seat
// command reaching another node is relayed to the owner, which sends back
// each relayed client's messages already cut for its viewer (cluster.go).
// The owner renews its leases every few seconds (package live); a node that dies loses them within
// five, and the others take its games that run by themselves at once and
// the rest when a client reconnects (clocks resume from what was saved:
// the lost seconds are not charged). A save that conflicts with another
// writer's is run again on the game as stored. Open challenges are sent to
// every node each second, so the lobby and quick pairing span the cluster.
//
// The computer (its levels, its bots, its share of the machine): see
// package computer.
//
// A game's files (GET /game/{id} with Open Graph tags, its images
// .svg, .png and .gif, and the standalone viewer page .html): see package
// media.
//
// Other concerns have packages of their own, each reading the server
// through a small interface it defines (handlers.go, gamesapi.go and
// lichessapi.go wire them): Gambit's own API of games, to create, join
// and pair (package games), the player cookie (player), the analysis
// board's API (analysis), game reviews (reviews), the opening and book
// API (openings), profiles, players' games and leaderboards (profile),
// lichess's game export (export), and the API for programs in lichess's
// shapes: the event stream, challenges, the Board and Bot APIs, the game
// streams (lichess).
//
// Metrics (package metrics): Config.Metrics holds Prometheus series on a
// registry of their own: games live, sockets open by kind, moves, the
// move relay latency (a move read off its WebSocket to its publication,
// through the hub and the store's Append), store errors, the computer's
// queue and moves, refusals by limits, and the Go and process collectors.
// RunMetrics serves them at /metrics on a listener of its own (with pprof
// if asked), never on the public one.
//
//	srv := server.New(server.Config{Store: st, Assets: web.FS()}) // the engine plays
//	err := srv.Run(ctx, ":8080", nil) // until ctx ends
package server
