package server

import (
	"github.com/gambitchess/gambit/server/guards"
	"testing"
)

// TestRetryAfterRoundsUp: a wait of a fraction of a second is one second,
// never zero (a client told 0 retries at once).
func TestRetryAfterRoundsUp(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want int
	}{
		{guards.RateLimited(0, "x"), 1},
		{guards.RateLimited(1, "x"), 1},
		{guards.RateLimited(1500e6, "x"), 2},
		{ErrRateLimited, 1},
		{ErrBusy, 0},
	} {
		if got := retryAfterSeconds(tt.err); got != tt.want {
			t.Errorf("%v: %d, want %d", tt.err, got, tt.want)
		}
	}
}
