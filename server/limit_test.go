package server

import (
	"testing"
	"time"
)

// TestMessageFlood: a connection sending faster than the limit has the
// excess dropped, with one error event, and the game changes only by what
// got through.
func TestMessageFlood(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"local"}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	for range messageBurst + 20 {
		p.send(`{"t":"draw-offer"}`) // every one after the first is refused by the game: cheap to check
	}
	codes := map[string]int{}
	for {
		data, err := p.read(500 * time.Millisecond)
		if err != nil {
			break
		}
		var m struct {
			T string
			D struct{ Code string }
		}
		mustDecode(t, data, &m)
		if m.T == "error" {
			codes[m.D.Code]++
		}
	}
	if codes["rate_limited"] != 1 || codes["offer"] != messageBurst-1 {
		t.Fatalf("errors %v, want one rate_limited and %d offer", codes, messageBurst-1)
	}
}

// TestLagCredit: the credit follows half the measured round trip, smoothed,
// and never exceeds maxLagCredit however slow the pongs.
func TestLagCredit(t *testing.T) {
	var c client
	if c.lagCredit() != 0 {
		t.Fatal("credit before any measurement")
	}
	c.noteRoundTrip(200 * time.Millisecond)
	if got := c.lagCredit(); got != 100*time.Millisecond {
		t.Fatalf("credit %v after one 200 ms round trip, want 100ms", got)
	}
	c.noteRoundTrip(600 * time.Millisecond) // one slow ping moves it a quarter of the way
	if got := c.lagCredit(); got != 150*time.Millisecond {
		t.Fatalf("credit %v, want 150ms", got)
	}
	for range 50 {
		c.noteRoundTrip(10 * time.Second)
	}
	if got := c.lagCredit(); got != maxLagCredit {
		t.Fatalf("credit %v after very slow pongs, want the cap %v", got, maxLagCredit)
	}
}
