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
