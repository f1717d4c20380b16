package server

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gambitchess/gambit/server/round"
)

// presenceCount counts the presence messages c has read so far.
func presenceCount(t *testing.T, c *wsClient) int {
	t.Helper()
	n := 0
	for _, data := range c.recorded() {
		var m inMsg
		if json.Unmarshal(data, &m) == nil && m.T == "presence" {
			n++
		}
	}
	return n
}

// lastPresence reads c's presence messages until one satisfies ok,
// however many come first (await stops after twenty).
func lastPresence(t *testing.T, c *wsClient, ok func(round.PresenceJSON) bool) {
	t.Helper()
	for {
		var p round.PresenceJSON
		mustDecode(t, c.next("presence"), &p)
		if ok(p) {
			return
		}
	}
}

// TestPresenceCoalesced: spectators arriving one after another do not
// each send the watching count to everyone: a client already there gets
// a few presence messages per PresenceEvery, the last with the final
// count; a newcomer is told the count as it joins; and a player leaving
// still reaches the opponent.
func TestPresenceCoalesced(t *testing.T) {
	const every = 250 * time.Millisecond
	const n = 200
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Hub: round.Settings{PresenceEvery: every}})
	white, black, g, _ := onlinePair(t, s, srv, `{"mode":"online","color":"white"}`)
	first := dial(t, srv, g.ID, "")
	first.presence(func(p round.PresenceJSON) bool { return p.Watching == 1 })
	white.presence(func(p round.PresenceJSON) bool { return p.Watching == 1 && p.Black.Online })
	before := map[*wsClient]int{white: presenceCount(t, white), first: presenceCount(t, first)}

	start := time.Now()
	for range n {
		dial(t, srv, g.ID, "")
	}
	elapsed := time.Since(start)
	for c := range before {
		lastPresence(t, c, func(p round.PresenceJSON) bool { return p.Watching == n+1 }) // the last change does arrive
	}
	// One message at the first arrival, then one per interval at most,
	// and the last one, late by up to an interval.
	limit := int(elapsed/every) + 3
	for c, had := range before {
		if got := presenceCount(t, c) - had; got > limit {
			t.Errorf("%d spectators joining in %v sent a client %d presence messages, want at most %d (one per %v)",
				n, elapsed.Round(time.Millisecond), got, limit, every)
		}
	}

	// A newcomer is told at once: its greeting, the state, then the
	// presence, all sent by its join (an interval's message comes later).
	late := dial(t, srv, g.ID, "")
	var m inMsg
	for i, want := range []string{"hello", "state", "presence"} {
		data, err := late.read(10 * time.Second)
		if err != nil {
			t.Fatalf("a late spectator's message %d: %v", i+1, err)
		}
		if mustDecode(t, data, &m); m.T != want {
			t.Fatalf("a late spectator's message %d is %s, want %s: presence at once", i+1, m.T, want)
		}
	}
	var p round.PresenceJSON
	mustDecode(t, m.D, &p)
	if p.Watching != n+2 || !p.White.Online || !p.Black.Online {
		t.Errorf("a late spectator was told %+v, want %d watching and both players online", p, n+2)
	}

	black.conn.Close(websocket.StatusNormalClosure, "")
	lastPresence(t, white, func(p round.PresenceJSON) bool { return !p.Black.Online })
	lastPresence(t, first, func(p round.PresenceJSON) bool { return !p.Black.Online })
}
