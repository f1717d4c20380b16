package server

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
)

// nextMsg reads c's next message other than presence (which comes when it
// will), failing after d.
func nextMsg(t *testing.T, c *wsClient, d time.Duration) inMsg {
	t.Helper()
	for {
		data, err := c.read(d)
		if err != nil {
			t.Fatalf("waiting for a message: %v", err)
		}
		var m inMsg
		mustDecode(t, data, &m)
		if m.T != "presence" {
			return m
		}
	}
}

// wantNothingBefore sends a spectator's command, which is refused, and
// checks that the refusal is the next thing c reads: whatever came before
// it was sent in answer to what c sent earlier.
func wantNothingBefore(t *testing.T, c *wsClient, what string) {
	t.Helper()
	c.send(`{"t":"resign"}`)
	if m := nextMsg(t, c, 5*time.Second); m.T != "error" || !strings.Contains(string(m.D), "not_your_seat") {
		t.Fatalf("%s was answered %s %s, want nothing", what, m.T, m.D)
	}
}

// TestSyncAnswersWithTheMissedEvents: a sync for version v gets the events
// after v as a client connected all along got them, byte for byte, even
// while a clock runs; a sync for the current version gets nothing; a
// whole state (v -1) once per FullStateEvery, then a rate_limited error
// with retryAfter and nothing else; and a hundred syncs cost at most one
// state.
func TestSyncAnswersWithTheMissedEvents(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Hub: round.Settings{FullStateEvery: time.Minute}})
	g := create(t, s.Handler(), `{"mode":"local","clock":{"minutes":5,"increment":0}}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	live := dial(t, srv, g.ID, "")
	live.state("state")
	lagger := dial(t, srv, g.ID, "")
	lagger.state("state")

	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"}
	for _, u := range moves {
		p.send(`{"t":"move","d":{"u":"` + u + `"}}`)
		p.state("move")
		live.state("move")
		lagger.state("move")
	}
	var sent [][]byte // what the live spectator was sent for the moves, in order
	for _, data := range live.recorded() {
		if bytes.HasPrefix(data, []byte(`{"t":"move"`)) {
			sent = append(sent, data)
		}
	}
	cur := int64(len(moves))
	const k = 3
	lagger.send(fmt.Sprintf(`{"t":"sync","d":{"v":%d}}`, cur-k))
	for i := range k {
		data, err := lagger.read(5 * time.Second)
		for err == nil && bytes.HasPrefix(data, []byte(`{"t":"presence"`)) {
			data, err = lagger.read(5 * time.Second)
		}
		if err != nil {
			t.Fatalf("missed event %d of %d: %v", i+1, k, err)
		}
		if want := sent[len(sent)-k+i]; !bytes.Equal(data, want) {
			t.Fatalf("missed event %d of %d:\n got %.200s\nwant %.200s", i+1, k, data, want)
		}
	}
	wantNothingBefore(t, lagger, "a sync for the missed events")

	lagger.send(fmt.Sprintf(`{"t":"sync","d":{"v":%d}}`, cur))
	wantNothingBefore(t, lagger, "a sync for the current version")

	lagger.send(`{"t":"sync","d":{"v":-1}}`)
	full := nextMsg(t, lagger, 5*time.Second)
	var st round.StateJSON
	if mustDecode(t, full.D, &st); full.T != "state" || st.V != cur || len(st.Moves) != len(moves) {
		t.Fatalf("a sync for everything was answered %s %.200s, want the whole state", full.T, full.D)
	}
	lagger.send(`{"t":"sync","d":{"v":-1}}`)
	m := nextMsg(t, lagger, 5*time.Second)
	var e wire.ErrorJSON
	if mustDecode(t, m.D, &e); m.T != "error" || e.Code != "rate_limited" || e.RetryAfter < 1 || e.RetryAfter > 60 {
		t.Fatalf("a second sync for everything within the minute was answered %s %s, want rate_limited with retryAfter", m.T, m.D)
	}
	wantNothingBefore(t, lagger, "a refused sync")

	// A flood: a new connection, past its greeting, asks for everything a
	// hundred times at once.
	greedy := dial(t, srv, g.ID, "")
	greedy.state("state")
	for range 100 {
		greedy.send(`{"t":"sync","d":{"v":-1}}`)
	}
	total, states := 0, 0
	for {
		data, err := greedy.read(time.Second)
		if err != nil {
			break // quiet for a second: all answered
		}
		total += len(data)
		if bytes.HasPrefix(data, []byte(`{"t":"state"`)) {
			states++
		}
	}
	t.Logf("100 syncs: %d states, %d bytes (a whole state: %d bytes)", states, total, len(full.D))
	if limit := len(full.D) + 100*300; states > 1 || total > limit {
		t.Errorf("100 syncs were answered with %d states, %d bytes; want at most one state and %d bytes", states, total, limit)
	}
}

// TestSyncReplaysNoWholeState: the events after a version may include one
// sent as a whole state (an offer, a resignation); a sync reaching back
// over it is a sync for a state, answered once per FullStateEvery, not
// replayed each time it is asked (the review's finding: 25 syncs for the
// version before a resignation got 25 whole states).
func TestSyncReplaysNoWholeState(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Hub: round.Settings{FullStateEvery: time.Hour}})
	g := create(t, s.Handler(), `{"mode":"local"}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	for _, u := range []string{"e2e4", "e7e5", "g1f3", "b8c6"} {
		p.send(`{"t":"move","d":{"u":"` + u + `"}}`)
		p.state("move")
	}
	p.send(`{"t":"resign"}`) // logged as a whole state
	p.state("state")
	w := dial(t, srv, g.ID, "")
	w.state("state") // the greeting
	for range 25 {
		w.send(`{"t":"sync","d":{"v":4}}`)
	}
	states := 0
	for {
		data, err := w.read(time.Second)
		if err != nil {
			break // quiet for a second: all answered
		}
		if bytes.HasPrefix(data, []byte(`{"t":"state"`)) {
			states++
		}
	}
	if states != 1 {
		t.Errorf("25 syncs over a resignation were answered with %d whole states, want 1", states)
	}
}
