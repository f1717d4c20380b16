package guards

import (
	"errors"
	"fmt"
	"time"
)

// ErrRateLimited is a client over one of its limits (429, or a WebSocket
// error event that leaves the connection open).
var ErrRateLimited = errors.New("server: too many requests")

// rateLimitError is ErrRateLimited with how long to wait: an HTTP answer
// carries it in Retry-After, a WebSocket error event as retryAfter (both in
// whole seconds, rounded up).
type rateLimitError struct {
	reason string
	after  time.Duration
}

func (e *rateLimitError) Error() string { return ErrRateLimited.Error() + ": " + e.reason }

// Unwrap makes errors.Is(err, ErrRateLimited) hold.
func (e *rateLimitError) Unwrap() error { return ErrRateLimited }

// RateLimited is the error of a client over a limit, who may try again
// after the given time.
func RateLimited(after time.Duration, format string, args ...any) error {
	return &rateLimitError{reason: fmt.Sprintf(format, args...), after: after}
}

// RetryAfter is how long the client over the limit err reports must wait,
// when err carries it (ok false: err is no rate limit of this package, or
// wraps none with a wait).
func RetryAfter(err error) (after time.Duration, ok bool) {
	var rl *rateLimitError
	if !errors.As(err, &rl) {
		return 0, false
	}
	return rl.after, true
}
