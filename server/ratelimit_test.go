package server

import (
	"testing"
	"time"
)

// TestTokenBucket runs a bucket of 3 tokens refilled one per second through
// event times (offsets from a start) and checks each verdict.
func TestTokenBucket(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name   string
		at     []time.Duration
		allows []bool
	}{
		{"a burst of three, then refusal", []time.Duration{0, 0, 0, 0, 0}, []bool{true, true, true, false, false}},
		{"one a second forever", []time.Duration{0, 1000 * ms, 2000 * ms, 3000 * ms, 4000 * ms, 5000 * ms}, []bool{true, true, true, true, true, true}},
		{"a token comes back after a second", []time.Duration{0, 0, 0, 999 * ms, 1000 * ms, 1000 * ms}, []bool{true, true, true, false, true, false}},
		{"refusals take no token", []time.Duration{0, 0, 0, 100 * ms, 200 * ms, 300 * ms, 1000 * ms}, []bool{true, true, true, false, false, false, true}},
		{"a long pause refills only up to the burst", []time.Duration{0, time.Hour, time.Hour, time.Hour, time.Hour}, []bool{true, true, true, true, false}},
		{"two a second is too fast after the burst", []time.Duration{0, 500 * ms, 1000 * ms, 1500 * ms, 2000 * ms, 2500 * ms, 3000 * ms},
			[]bool{true, true, true, true, true, false, true}},
		{"a clock that steps back refuses until it catches up", []time.Duration{10 * time.Second, 10 * time.Second, 10 * time.Second, 0, 12 * time.Second},
			[]bool{true, true, true, false, true}},
	}
	start := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newTokenBucket(time.Second, 3)
			for i, d := range tt.at {
				if got := b.allow(start.Add(d)); got != tt.allows[i] {
					t.Fatalf("event %d at +%v: allow = %v, want %v", i, d, got, tt.allows[i])
				}
			}
		})
	}
}
