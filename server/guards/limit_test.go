package guards

import (
	"fmt"
	"testing"
	"time"
)

// TestBucket: a burst is allowed, then one per refill interval.
func TestBucket(t *testing.T) {
	now := time.Unix(0, 0)
	l := NewLimiter(60, 3, func() time.Time { return now }) // one a second, three at once
	for i := range 3 {
		if !l.Allow("a") {
			t.Fatalf("burst: refused %d", i+1)
		}
	}
	if l.Allow("a") {
		t.Fatal("the fourth at once was allowed")
	}
	if !l.Allow("b") {
		t.Fatal("another address was refused")
	}
	now = now.Add(999 * time.Millisecond)
	if l.Allow("a") {
		t.Fatal("allowed before a token refilled")
	}
	now = now.Add(2 * time.Millisecond)
	if !l.Allow("a") || l.Allow("a") {
		t.Fatal("not exactly one after a second")
	}
	now = now.Add(time.Hour)
	for range 3 {
		if !l.Allow("a") {
			t.Fatal("the Bucket did not refill to its burst")
		}
	}
	if l.Allow("a") {
		t.Fatal("refilled past the burst")
	}
}

// TestTakeN: a cost of n takes n tokens or none, says how long until n
// are there again, and a cost over the burst waits for a full bucket.
func TestTakeN(t *testing.T) {
	now := time.Unix(0, 0)
	l := NewLimiter(60, 10, func() time.Time { return now }) // one a second, ten at once
	tests := []struct {
		after     time.Duration // since the previous step
		n         int
		ok        bool
		wantRetry time.Duration // when refused
	}{
		{0, 4, true, 0},
		{0, 6, true, 0},                          // the burst spent exactly
		{0, 1, false, time.Second},               // none left
		{2 * time.Second, 3, false, time.Second}, // two back, three asked: none taken
		{time.Second, 3, true, 0},                // three back
		{0, 0, false, time.Second},               // a cost of 0 counts as 1
		{time.Hour, 25, true, 0},                 // over the burst: the whole bucket
		{0, 25, false, 10 * time.Second},
	}
	for i, tt := range tests {
		now = now.Add(tt.after)
		retry, ok := l.TakeN("a", tt.n)
		if ok != tt.ok || !ok && retry != tt.wantRetry {
			t.Errorf("step %d: TakeN(%d) = %v, %v; want %v, %v", i, tt.n, retry, ok, tt.ok, tt.wantRetry)
		}
	}
}

// TestLimiterForgetsIdleAddresses: memory follows the active addresses.
func TestLimiterForgetsIdleAddresses(t *testing.T) {
	now := time.Unix(0, 0)
	l := NewLimiter(60, 2, func() time.Time { return now })
	for i := range maxBuckets {
		l.Allow(fmt.Sprint(i))
	}
	now = now.Add(time.Minute)
	l.Allow("late")
	if len(l.buckets) != 1 {
		t.Errorf("%d buckets remembered, want 1", len(l.buckets))
	}
}
