// Package player knows a person by the player cookie their browser
// keeps: it issues the cookie, proves the player id it holds, and hands
// it to the handlers (Of, Ensure) through each request's context
// (Cookies.Middleware). An account's player, while a request is signed in
// to one, is the server's to read first (package account); a browser
// signed in to none is its cookie's player.
//
// A person is known by a secret their browser keeps in an httpOnly cookie:
// never in a URL, never readable by the page's scripts. A seat records the
// player id, a hash of that secret, so whoever holds the secret plays the
// seat in any tab, and the store (or a log) holding player ids gives no one
// a seat. One secret for all of a browser's games lets a rematch, a lobby
// challenge or a quick pairing seat a person with no secret handed over.
//
// An account has a player secret of its own, which never leaves the
// server: a browser signed in to the account (a live session) or a program
// with its token plays as the account's player id, and the moment the
// session or token ends, so does every seat of the account on that device
// (playerOf). The browser's cookie keeps the browser's own secret all the
// while, so the games it played before signing in stay its own: while
// signed in it is the account (and watches those games), and once signed
// out it plays them again. One id a request keeps the seats simple: a
// browser signing in in the middle of an anonymous game keeps the socket
// it has, and meets the game as a spectator when it reconnects. (Until schema 15 the account's secret was put in the cookie of
// every browser signed in to it, and a device signed out kept it: such
// secrets are refused, see store.Secrets.SharedSecret.)
//
// The server honours only secrets it issued, or a client could choose its
// own (or have one planted in a victim's browser, a sibling subdomain can
// set cookies) and play as whoever then uses it: cookie fixation. The
// cookie is "secret.mac": the secret (32 hex digits, 128 random bits) and
// an HMAC-SHA256 of it under the server's key (its first 16 bytes, in
// hex). The key is a store secret (store.Secrets): made once, the same
// for every node on one database and after every restart, so no operator
// has to hand it out. A cookie whose MAC does not check, or that is not a
// cookie at all, proves nothing: it holds no seat, and the next create or
// join replaces it with a fresh issued one (a plain read leaves it alone:
// a cacheable answer never sets a cookie).
//
// The cookies issued before schema 15 carry a MAC of another domain
// (sharedCookieMAC), since any of them may hold an account's secret: one
// is honoured when its secret is no account's shared secret (a look-up),
// and the next create or join gives the browser the same secret under the
// current MAC. The cookies from before the MAC (the bare secret) are
// honoured when a stored game seats them (they were issued by a server,
// as before the MAC the seats recorded only secrets a server had set, or
// that their holder chose for themselves and still holds) and they are no
// shared secret; the set of such secrets honoured can only shrink. Each
// request carrying an old cookie costs an indexed look-up or two until
// the browser has its current one.
//
//	cookies := player.New(st, log)
//	h := cookies.Middleware(mux) // then, in a handler:
//	id, err := player.Ensure(w, r)
package player
