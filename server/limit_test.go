package server

import (
	"fmt"
	"testing"
	"time"
)

// TestBucket: a burst is allowed, then one per refill interval.
func TestBucket(t *testing.T) {
	now := time.Unix(0, 0)
	l := newLimiter(60, 3, func() time.Time { return now }) // one a second, three at once
	for i := range 3 {
		if !l.allow("a") {
			t.Fatalf("burst: refused %d", i+1)
		}
	}
	if l.allow("a") {
		t.Fatal("the fourth at once was allowed")
	}
	if !l.allow("b") {
		t.Fatal("another address was refused")
	}
	now = now.Add(999 * time.Millisecond)
	if l.allow("a") {
		t.Fatal("allowed before a token refilled")
	}
	now = now.Add(2 * time.Millisecond)
	if !l.allow("a") || l.allow("a") {
		t.Fatal("not exactly one after a second")
	}
	now = now.Add(time.Hour)
	for range 3 {
		if !l.allow("a") {
			t.Fatal("the bucket did not refill to its burst")
		}
	}
	if l.allow("a") {
		t.Fatal("refilled past the burst")
	}
}

// TestLimiterForgetsIdleAddresses: memory follows the active addresses.
func TestLimiterForgetsIdleAddresses(t *testing.T) {
	now := time.Unix(0, 0)
	l := newLimiter(60, 2, func() time.Time { return now })
	for i := range maxBuckets {
		l.allow(fmt.Sprint(i))
	}
	now = now.Add(time.Minute)
	l.allow("late")
	if len(l.buckets) != 1 {
		t.Errorf("%d buckets remembered, want 1", len(l.buckets))
	}
}

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
