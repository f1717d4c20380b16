// Package media serves a game's files under GET /game/{file}: the game's
// page (the app with Open Graph tags), its images and its standalone
// viewer page, drawn in turn per address through package sched and kept
// by ETag. The server gives it how to read a game and who asks (Config);
// it knows no hub and reads no store itself.
//
// Images (images.go, og.go): GET /game/{id}.svg and /game/{id}.png draw
// the current position, or ?ply=N (0 the start; out of range: 400), with
// the last move and a check marked and coordinates, ?flip=1 for Black at
// the bottom and ?size=64..1024 pixels (400 by default); GET
// /game/{id}.gif animates the whole game (?size up to 400, 320 by
// default). Images and viewer pages share one scheduler (package sched,
// as the computer's moves do): two are drawn at once, the addresses
// asking served in turn, so one address's flood waits behind itself; an
// address may have 8 waiting (429 with Retry-After for more), and a
// request that goes away leaves the queue undrawn. An image shows what
// the asker may see (game.Sight): a seated player their seat's view, anyone
// else a spectator's, so no image of a hidden game in play shows a stranger
// what its rules keep from them. A xiangqi board's characters (pieces,
// river) are in the asker's script: ?lang=, then Accept-Language
// (internal/lang), simplified for zh-CN, traditional otherwise; its
// coordinates the asker's, as the app's board draws them: each side's file
// numbers in Chinese (九…一 along Red's side, 1…9 along Black's), ICCS's
// a–i and 0–9 in English. Each has a
// strong ETag, known before drawing (a hash of what is drawn, for whom in
// a hidden game, in which language, and the build), so If-None-Match gets
// 304 undrawn; one drawn by language says Vary: Accept-Language. A finished game's images are
// public and immutable for a year; a live game's are revalidated
// (no-cache), a hidden live game's never stored by the browser (no-store,
// Vary: Cookie). On the server the last 32 MB drawn are kept by ETag, a
// live game's newest version of each file replacing its last, so asking
// again costs a read of the game and a hash, not a drawing. ?download=1 makes one
// an attachment (gambit-{id}.gif). An SVG carries a CSP of its own (no
// loads, no script, sandboxed). The game's page, GET /game/{id}, is the
// app with Open Graph tags (players, variant, result, the stranger's PNG
// as an absolute URL: https only over TLS or from a trusted proxy's
// X-Forwarded-Proto); for no such game, the app as it is with 404 Not
// Found (the app says so). GET /game/{file} dispatches on the extension.
//
// The viewer (viewer.go): GET /game/{id}.html is the game as one
// standalone page (package render/viewer, with render's pieces in the
// reader's script, the tags Gambit writes worded in the reader's language)
// that replays it offline once saved (?download=1: gambit-{id}.html),
// under a CSP that runs only its inline script and style, by their hashes,
// and loads nothing. A chess or xiangqi game is read from its PGN; a game
// of a variant of its own rules (hidden pieces, several moves a turn, a
// board changed by an event), which the PGN readers cannot replay, is
// given to the viewer position by position as a spectator sees it
// (viewer.FromSteps), face-down pieces and all. A game of hidden
// information has none while it runs (409 "the viewer opens once the
// game is over"); a record the viewer cannot read is 422.
// Either refusal is, to a browser (Accept: text/html), a short page in the
// reader's language saying why, with a link to the game's page, never the
// API's JSON. Drawn in turn and cached like the images.
//
//	files := media.New(media.Config{Read: read, Asker: playerOf, Sight: viewerFor, Error: httpError, Assets: web.FS(), Done: ctx.Done()})
//	mux.Handle("GET /game/{file}", files)
package media
