// Package guards keeps hostile clients from costing the server more than
// a fair share: it holds the pieces that bound a connection or an address
// before any game code sees the request, so that they can be read and
// tested apart from the games they protect. It knows nothing of games.
//
// Limits (server's conn.go and limits.go; here connlimit.go, limit.go,
// ratelimit.go, proxy.go, wsframe.go): the server's Run
// bounds every connection in time (ReadHeaderTimeout 10 s, ReadTimeout 30 s
// for a whole request, 408 after it, WriteTimeout 40 s, IdleTimeout 60 s
// for a keep-alive; a WebSocket, exempt from these once upgraded, is
// dropped when a ping, sent every PingPeriod, goes unanswered for
// PongWait: 10 s each) and in number: MaxConnsPerAddr (256) from one address and MaxConns in all
// (three quarters of the open-file limit, which Run raises to its hard
// limit), a connection over either answered 503 with Retry-After and
// closed. Per address, as token buckets: CreatePerMinute new games (30),
// ChallengePerMinute lobby challenges and pairings (10), chat lines (2 a
// second after 6) and WebSocket messages (30 a second after 90) over all
// its connections, besides each connection's own limits (10 messages a
// second after 30; chat below). Over a rate limit, HTTP answers 429
// rate_limited with Retry-After, and a WebSocket gets one error event
// (code rate_limited, retryAfter in seconds) and stays open, the excess
// dropped, until 100 of its messages have gone over its own limit: then
// it is closed with 1008 (policy violation), since even dropped messages
// are read. A WebSocket message over 2 KiB closes the connection with
// 1009 (message too big); a frame declaring more is refused from its
// header, before its payload is read, and a connection sending more than
// 64 frames a second after 256, or a message of more than 16 frames, is
// closed with 1008 (wsframe.go); a binary message, with 1003. The address is the
// peer's (an IPv6 /64), or from X-Forwarded-For when the peer is one of
// the TrustedProxies.
//
// Safety: every response carries a Content-Security-Policy with no inline
// script, X-Content-Type-Options, Referrer-Policy and frame denial; a POST
// must be JSON from this origin (no cross-site form or simple request gets
// through; Sec-Fetch-Site, when sent, must be same-origin or none, and a
// request with neither it nor Origin comes from a program, not a page, and
// passes); a WebSocket upgrade from a foreign Origin is refused; a body
// over its limit gets 413; a game id that could not be one is never echoed
// back; a time control under MinClock (15 s) is refused, never read as none.
package guards
