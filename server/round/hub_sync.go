package round

import "github.com/gambitchess/gambit/server/guards"

// Sync: a client that sees a gap in the version numbers asks for what it
// missed ({"t":"sync","d":{"v":N}}, N the last version it has). A sync is
// 35 bytes and a whole state tens of kilobytes (54 KB for a game of 560
// plies), so the answer is what was missed and no more: the events after
// N from the hub's log, the bytes a client connected all along was sent;
// nothing when N is the current version; a whole state only when the log
// cannot answer (N -1, or older than the log, or more events than the
// client's queue takes), and that at most once per connection per
// Settings.FullStateEvery. A sync refused a state is answered one error
// event, rate_limited with retryAfter, and nothing else; the client asks
// again then. (A connection's first state, on joining, is not counted: it
// is the greeting, and a connection costs more to open than a sync.)
//
// The events are sent as they were even while a clock runs, though their
// clocks are of their time, unlike a fresh state's: the browser asks as
// soon as it sees the gap, in the move that revealed it, so the last
// event is a moment old, and the next move brings the clocks up to date.
// The server's clock, which decides a flag, is not affected.

// sync answers client c's sync for what came after version since.
func (h *Hub) sync(c *Client, since int64) {
	if since == h.g.Version() {
		return // up to date: nothing was missed
	}
	if h.replay(c, since) {
		return
	}
	now := h.env.Now()
	if next := c.fullAt.Add(h.env.FullStateEvery); !c.fullAt.IsZero() && now.Before(next) {
		h.deliver(c, ErrorEvent(guards.RateLimited(next.Sub(now),
			"a whole state at most every %v per connection; sync from your last version, or wait", h.env.FullStateEvery)))
		return
	}
	c.fullAt = now
	h.deliver(c, encode("state", Snapshot(h.g, c.viewer)))
}

// replay sends client c the logged events after version since, as they
// were first sent, and reports whether the log could: it holds every
// version after since up to the current one, they are few enough for the
// client's queue (more would fill it before its writer runs), and none of
// them is a whole state (an offer, a resignation, a seat taken: each was
// sent as a state, and replaying those would be a state for 35 bytes
// whenever asked; the caller answers with one, under its limit).
func (h *Hub) replay(c *Client, since int64) bool {
	cur := h.g.Version()
	if since < 0 || since >= cur || cur-since > SendBuffer/2 || len(h.log) == 0 ||
		h.log[0].v > since+1 || h.log[len(h.log)-1].v != cur {
		return false
	}
	for _, p := range h.log {
		if p.v > since && p.state {
			return false
		}
	}
	i := viewerIndex(c.viewer)
	for _, p := range h.log {
		if p.v > since && p.msgs[i] != nil {
			h.deliver(c, p.msgs[i])
		}
	}
	return true
}
