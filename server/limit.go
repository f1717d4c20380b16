package server

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// bucket is a token bucket: it holds up to burst tokens, refilled at rate
// per second; each thing allowed takes one.
type bucket struct {
	tokens float64
	last   time.Time
}

// allow takes a token at now if there is one.
func (b *bucket) allow(now time.Time, rate, burst float64) bool {
	if b.last.IsZero() {
		b.tokens = burst
	} else if d := now.Sub(b.last).Seconds(); d > 0 {
		b.tokens = min(burst, b.tokens+d*rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// wait is how long after its last take b holds a whole token again.
func (b *bucket) wait(rate float64) time.Duration {
	if b.tokens >= 1 {
		return 0
	}
	return time.Duration((1 - b.tokens) / rate * float64(time.Second))
}

// full reports whether b would be full at now: nothing to remember.
func (b *bucket) full(now time.Time, rate, burst float64) bool {
	return b.tokens+now.Sub(b.last).Seconds()*rate >= burst
}

// limiter keeps a bucket per key (a client's address), safe for concurrent
// use; buckets that have refilled are forgotten, so memory follows the
// clients active lately, not every client ever seen.
type limiter struct {
	rate, burst float64
	now         func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

// maxBuckets is how many addresses a limiter remembers before it sweeps.
const maxBuckets = 10_000

func newLimiter(perMinute, burst int, now func() time.Time) *limiter {
	return &limiter{rate: float64(perMinute) / 60, burst: float64(burst), now: now, buckets: map[string]*bucket{}}
}

// allow reports whether key may do one more thing now.
func (l *limiter) allow(key string) bool {
	_, ok := l.take(key)
	return ok
}

// take takes a token from key's bucket if it has one; if not, it says how
// long until it will (what a Retry-After tells the client).
func (l *limiter) take(key string) (retry time.Duration, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= maxBuckets {
			l.sweep(now)
		}
		b = &bucket{}
		l.buckets[key] = b
	}
	if b.allow(now, l.rate, l.burst) {
		return 0, true
	}
	return b.wait(l.rate), false
}

// sweep forgets the buckets that have refilled.
func (l *limiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		if b.full(now, l.rate, l.burst) {
			delete(l.buckets, k)
		}
	}
}

// clientAddress is the address a request came from, without its port: the
// key of per-address limits. Behind a trusted reverse proxy it is the
// client's address from X-Forwarded-For (Server.forwarded has put it in
// RemoteAddr); from anyone else the header is ignored. An IPv6 client is
// keyed by its /64, which one household or server gets whole.
func clientAddress(r *http.Request) string {
	return addressKey(r.RemoteAddr)
}

// addressKey is the limit key of a remote address ("host:port").
func addressKey(remote string) string {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	ip := net.ParseIP(host)
	if ip == nil || ip.To4() != nil {
		return host
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}
