package loadtest

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestHistogramBuckets: every value lands in a bucket whose floor is at most
// the value and within about 3% of it, and the buckets are in order.
func TestHistogramBuckets(t *testing.T) {
	for _, us := range []int64{0, 1, 63, 64, 65, 127, 128, 1000, 49_999, 1 << 20, 3_600_000_000} {
		i := bucketOf(us)
		floor := bucketFloor(i)
		if floor > us || float64(us-floor) > 0.032*float64(us)+1 {
			t.Errorf("%d µs: bucket %d, floor %d", us, i, floor)
		}
		if i > 0 && bucketFloor(i-1) >= floor {
			t.Errorf("bucket %d floor %d not above bucket %d's %d", i, floor, i-1, bucketFloor(i-1))
		}
	}
	if i := bucketOf(1 << 62); i != numBuckets-1 {
		t.Errorf("a huge value went to bucket %d, want the last", i)
	}
}

// TestHistogramQuantiles compares the quantiles with those of the sorted
// samples.
func TestHistogramQuantiles(t *testing.T) {
	var h Histogram
	r := rand.New(rand.NewPCG(1, 2))
	samples := make([]time.Duration, 10000)
	for i := range samples {
		samples[i] = time.Duration(r.ExpFloat64() * float64(5*time.Millisecond))
		h.Record(samples[i])
	}
	slices.Sort(samples)
	for _, q := range []float64{0.5, 0.95, 0.99} {
		want := samples[int(q*float64(len(samples)))-1]
		got := h.Quantile(q)
		if got > want || float64(want-got) > 0.04*float64(want)+float64(time.Microsecond) {
			t.Errorf("p%g: %v, want about %v", q*100, got, want)
		}
	}
	if h.Max() != samples[len(samples)-1].Truncate(time.Microsecond) {
		t.Errorf("max %v, want %v", h.Max(), samples[len(samples)-1])
	}
	if h.Count() != uint64(len(samples)) {
		t.Errorf("count %d", h.Count())
	}
	var empty Histogram
	if empty.Quantile(0.99) != 0 {
		t.Error("an empty histogram has a p99")
	}
}
