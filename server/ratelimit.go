package server

import "time"

// tokenBucket lets through bursts of up to burst events and, over time, one
// event per every: a bucket of burst tokens refilled one per every, which
// each event empties by one. It keeps the bucket as the one moment it is
// full again (the "theoretical arrival time" of GCRA) instead of a token
// count and a last refill, so it needs no fractions and no refill loop.
//
// The caller passes the time, so that tests drive it with a fake clock. The
// zero value is unusable: make one with newTokenBucket. It is not safe for
// concurrent use (a hub's own goroutine owns each one).
type tokenBucket struct {
	every time.Duration // the time one token takes to come back
	burst int           // how many tokens a full bucket holds
	full  time.Time     // when the bucket is full again; zero: full now
}

// newTokenBucket returns a full bucket of burst tokens, refilled one per
// every.
func newTokenBucket(every time.Duration, burst int) tokenBucket {
	return tokenBucket{every: every, burst: burst}
}

// allow reports whether an event at now may go through, and takes a token
// for it if so. A refused event takes nothing, so a client that keeps
// sending too fast is not locked out for longer than its own pace.
func (b *tokenBucket) allow(now time.Time) bool {
	full := b.full
	if full.Before(now) {
		full = now
	}
	// full-now is the time the spent tokens take to come back, so the
	// bucket holds burst - (full-now)/every tokens; an event needs one.
	if full.Sub(now) > time.Duration(b.burst-1)*b.every {
		return false
	}
	b.full = full.Add(b.every)
	return true
}
