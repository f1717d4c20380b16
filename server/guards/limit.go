package guards

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Bucket is a token bucket: it holds up to burst tokens, refilled at rate
// per second; each thing allowed takes one.
type Bucket struct {
	tokens float64
	last   time.Time
}

// Allow takes a token at now if there is one.
func (b *Bucket) Allow(now time.Time, rate, burst float64) bool { return b.AllowN(now, rate, burst, 1) }

// AllowN takes n tokens at now if there are as many, none otherwise (a
// thing that costs n: lookups a request asks for). n must be at most
// burst, or it is never allowed.
func (b *Bucket) AllowN(now time.Time, rate, burst, n float64) bool {
	if b.last.IsZero() {
		b.tokens = burst
	} else if d := now.Sub(b.last).Seconds(); d > 0 {
		b.tokens = min(burst, b.tokens+d*rate)
	}
	b.last = now
	if b.tokens < n {
		return false
	}
	b.tokens -= n
	return true
}

// Wait is how long after its last take b holds a whole token again.
func (b *Bucket) Wait(rate float64) time.Duration { return b.WaitN(rate, 1) }

// WaitN is how long after its last take b holds n tokens again.
func (b *Bucket) WaitN(rate, n float64) time.Duration {
	if b.tokens >= n {
		return 0
	}
	return time.Duration((n - b.tokens) / rate * float64(time.Second))
}

// Full reports whether b would be full at now: nothing to remember.
func (b *Bucket) Full(now time.Time, rate, burst float64) bool {
	return b.tokens+now.Sub(b.last).Seconds()*rate >= burst
}

// Limiter keeps a bucket per key (a client's address), safe for concurrent
// use; buckets that have refilled are forgotten, so memory follows the
// clients active lately, not every client ever seen.
type Limiter struct {
	rate, burst float64
	now         func() time.Time

	mu      sync.Mutex
	buckets map[string]*Bucket
}

// maxBuckets is how many addresses a limiter remembers before it sweeps.
const maxBuckets = 10_000

func NewLimiter(perMinute, burst int, now func() time.Time) *Limiter {
	return &Limiter{rate: float64(perMinute) / 60, burst: float64(burst), now: now, buckets: map[string]*Bucket{}}
}

// Allow reports whether key may do one more thing now.
func (l *Limiter) Allow(key string) bool {
	_, ok := l.Take(key)
	return ok
}

// Take takes a token from key's bucket if it has one; if not, it says how
// long until it will (what a Retry-After tells the client).
func (l *Limiter) Take(key string) (retry time.Duration, ok bool) { return l.TakeN(key, 1) }

// TakeN takes n tokens from key's bucket if it has as many, none if not,
// and then says how long until it will. n is clamped to the burst, so
// that a cost above it waits for a full bucket instead of forever: a
// caller bounds its costs by the burst.
func (l *Limiter) TakeN(key string, n int) (retry time.Duration, ok bool) {
	cost := min(float64(max(n, 1)), l.burst)
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= maxBuckets {
			l.sweep(now)
		}
		b = &Bucket{}
		l.buckets[key] = b
	}
	if b.AllowN(now, l.rate, l.burst, cost) {
		return 0, true
	}
	return b.WaitN(l.rate, cost), false
}

// sweep forgets the buckets that have refilled.
func (l *Limiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		if b.Full(now, l.rate, l.burst) {
			delete(l.buckets, k)
		}
	}
}

// ClientAddress is the address a request came from, without its port: the
// key of per-address limits. Behind a trusted reverse proxy it is the
// client's address from X-Forwarded-For (Server.forwarded has put it in
// RemoteAddr); from anyone else the header is ignored. An IPv6 client is
// keyed by its /64, which one household or server gets whole.
func ClientAddress(r *http.Request) string {
	return AddressKey(r.RemoteAddr)
}

// AddressKey is the limit key of a remote address ("host:port").
func AddressKey(remote string) string {
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
