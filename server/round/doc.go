// Package round runs the live games: one goroutine (a hub) per game,
// wired to the server that runs it by Env, and the WebSockets of its
// clients (Serve: the reader, the writer and the pings of a connection
// the server has upgraded and joined to its game).
//
// Each live game is owned by one goroutine (a hub) that takes commands from
// a channel. A command returns the events it caused (package game); the hub
// appends them to the game's log in the store, expecting the version before
// them (a second writer gets store.ErrConflict and nothing is overwritten),
// and only then sends them out, encoded once per kind of viewer (a seat,
// both seats, a spectator) through the variant's projection. A move goes
// out as a "move" message carrying the position, the clocks, the status and,
// for the seat to move only, the legal destinations per square (dests), so
// the browser needs no rules of its own; any other event as a full "state".
// A client that sees a gap in the numbers asks to sync and gets the missed
// events (as they were sent), nothing if it missed none, or a full state,
// at most once per Settings.FullStateEvery (10 s) per connection: a sync
// refused one gets a rate_limited error event (see hub_sync.go).
//
// Online play: neither clock runs until both sides have made a first move,
// and a side that does not make it within Settings.FirstMoveTime has the game
// aborted. A move is credited the connection's measured lag (half a ping's
// round trip, smoothed, at most 500 ms). Presence ("presence" messages:
// each seat online or not, how many watch) goes to everyone at most once
// per Settings.PresenceEvery (1 s), the changes within an interval together;
// a newcomer is told it as it joins, and a seat going online or offline
// reaches the players at once; a player away for Settings.ClaimAfter from a game in play lets the opponent
// claim the win or call it a draw (claim-victory). After an online game
// both players may agree a rematch, colours swapped: everyone connected is
// sent its id ("rematch" {"next"}).
//
// Chat: an online game has two rooms, the players' (the two seat holders)
// and the spectators' (everyone else), which never read each other. A line
// goes to the sender's room; it is trimmed, 1 to 140 characters with no
// control characters, and a connection may send 3 at once, then one a
// second. Chat is deliberately not a game event: it is not numbered, not
// in the game's log and never stored. The hub keeps each room's last 50
// lines in memory and sends them to a client after its hello, so a
// reconnecting browser gets them again; a server restart (or the hub
// retiring when no one watches the game) clears them. On one screen and
// against the computer there is no chat, and a line is refused.
//
// Wire format: a JSON envelope {"t": type, "d": data}.
//
//	client → server: move {"u":"e2e4"} (xiangqi: ICCS, {"u":"h2e2"}), takeback, resign, abort, draw-offer,
//	                 draw-accept, draw-decline, draw-claim (chess only), takeback-offer,
//	                 takeback-accept, takeback-decline, takeback-yes (accept or offer; online),
//	                 claim-victory [{"draw":true}],
//	                 rematch-offer, rematch-decline, sync {"v":12}, chat {"text":"good luck"} (online),
//	                 berserk (an arena's game, before one's first move)
//	server → client: hello {"you":["white"]}, state {...}, move {...} (with
//	                 "variant"; in xiangqi "white" is Red, san is Chinese, wxf WXF),
//	                 presence {"white":{"online":true},"black":{"online":false,"claimIn":12000},"watching":3},
//	                 rematch {"offer":"white","next":"id"}, error {"code","message"},
//	                 chat {"room":"players"|"spectators","from":"white"|"black"|"spectator",
//	                       "name":"Spectator 3f2a","text","at":RFC 3339},
//	                 chat-log {"room","lines":[chat...]} (after hello, online)
package round
