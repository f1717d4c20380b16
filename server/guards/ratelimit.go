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
	limit  string // which limit, for the person's words: "chat_burst"; "" for one the browser words generally
	most   int    // the limit's number ("at most 5 lines at once"), with limit
}

func (e *rateLimitError) Error() string { return ErrRateLimited.Error() + ": " + e.reason }

// Unwrap makes errors.Is(err, ErrRateLimited) hold.
func (e *rateLimitError) Unwrap() error { return ErrRateLimited }

// RateLimited is the error of a client over a limit, who may try again
// after the given time.
func RateLimited(after time.Duration, format string, args ...any) error {
	return &rateLimitError{reason: fmt.Sprintf(format, args...), after: after}
}

// LimitedAt is RateLimited for a limit the browser words itself: limit
// names it ("chat_burst") and most is its number ("at most 5 lines"),
// both carried on the wire beside the code (Limit).
func LimitedAt(after time.Duration, limit string, most int, format string, args ...any) error {
	return &rateLimitError{reason: fmt.Sprintf(format, args...), after: after, limit: limit, most: most}
}

// Limit is which limit err reports and its number, when it names one
// (LimitedAt); ok false otherwise.
func Limit(err error) (limit string, most int, ok bool) {
	var rl *rateLimitError
	if !errors.As(err, &rl) || rl.limit == "" {
		return "", 0, false
	}
	return rl.limit, rl.most, true
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
