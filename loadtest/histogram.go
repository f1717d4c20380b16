package loadtest

import (
	"math/bits"
	"sync/atomic"
	"time"
)

// Histogram counts durations in fixed log-linear buckets, as HDR
// histograms do: exact to the microsecond below 64 µs, then 32 buckets per
// power of two, so any quantile is within about 3% of the truth. Its size
// is fixed (a few KiB) whatever the number of samples, and Record is safe
// for concurrent use without a lock.
type Histogram struct {
	counts [numBuckets]atomic.Uint64
	n      atomic.Uint64
	max    atomic.Int64 // microseconds
}

const (
	linearBuckets = 64 // one per microsecond below 64 µs
	subBuckets    = 32 // per power of two above
	maxExponent   = 42 // 2^42 µs is about 50 days: anything longer lands in the last bucket
	numBuckets    = linearBuckets + (maxExponent-6+1)*subBuckets
)

// bucketOf is the index of the bucket counting us microseconds.
func bucketOf(us int64) int {
	if us < linearBuckets {
		return int(max(us, 0))
	}
	k := bits.Len64(uint64(us)) - 1 // us is in [2^k, 2^(k+1)), k >= 6
	if k > maxExponent {
		return numBuckets - 1
	}
	shift := k - 5
	sub := int(us>>shift) - subBuckets
	return linearBuckets + (k-6)*subBuckets + sub
}

// bucketFloor is the smallest value, in microseconds, bucket i counts.
func bucketFloor(i int) int64 {
	if i < linearBuckets {
		return int64(i)
	}
	i -= linearBuckets
	k, sub := i/subBuckets+6, i%subBuckets
	return int64(sub+subBuckets) << (k - 5)
}

// Record counts one duration.
func (h *Histogram) Record(d time.Duration) {
	us := d.Microseconds()
	h.counts[bucketOf(us)].Add(1)
	h.n.Add(1)
	for {
		old := h.max.Load()
		if us <= old || h.max.CompareAndSwap(old, us) {
			return
		}
	}
}

// Count is how many durations were recorded.
func (h *Histogram) Count() uint64 { return h.n.Load() }

// Max is the longest duration recorded.
func (h *Histogram) Max() time.Duration { return time.Duration(h.max.Load()) * time.Microsecond }

// Quantile returns the duration below which the fraction q (0 to 1) of the
// samples fall, as the floor of its bucket (never above Max); 0 when
// there are none.
func (h *Histogram) Quantile(q float64) time.Duration {
	n := h.n.Load()
	if n == 0 {
		return 0
	}
	rank := uint64(q*float64(n) + 0.5)
	rank = min(max(rank, 1), n)
	var seen uint64
	for i := range h.counts {
		seen += h.counts[i].Load()
		if seen >= rank {
			return min(time.Duration(bucketFloor(i))*time.Microsecond, h.Max())
		}
	}
	return h.Max()
}
