package round

import (
	"testing"
	"time"
)

// TestLagCredit: the credit follows half the measured round trip, smoothed,
// and never exceeds MaxLagCredit however slow the pongs.
func TestLagCredit(t *testing.T) {
	var c Client
	if c.LagCredit() != 0 {
		t.Fatal("credit before any measurement")
	}
	c.NoteRoundTrip(200 * time.Millisecond)
	if got := c.LagCredit(); got != 100*time.Millisecond {
		t.Fatalf("credit %v after one 200 ms round trip, want 100ms", got)
	}
	c.NoteRoundTrip(600 * time.Millisecond) // one slow ping moves it a quarter of the way
	if got := c.LagCredit(); got != 150*time.Millisecond {
		t.Fatalf("credit %v, want 150ms", got)
	}
	for range 50 {
		c.NoteRoundTrip(10 * time.Second)
	}
	if got := c.LagCredit(); got != MaxLagCredit {
		t.Fatalf("credit %v after very slow pongs, want the cap %v", got, MaxLagCredit)
	}
}
