//go:build linux

package tt

import (
	"testing"
	"unsafe"
)

// TestAllocBucketsHugePages: a table of several huge pages starts on a
// huge-page boundary, has the length asked for and is zeroed; a small one
// is allocated as it is.
func TestAllocBucketsHugePages(t *testing.T) {
	for _, n := range []int{1, 100, hugePage / 64, 16 << 20 / 64, 16<<20/64 + 3} {
		b := allocBuckets(n)
		if len(b) != n || cap(b) != n {
			t.Errorf("%d buckets: len %d, cap %d", n, len(b), cap(b))
		}
		addr := uintptr(unsafe.Pointer(&b[0]))
		if n*64 >= hugePage && addr%hugePage != 0 {
			t.Errorf("%d buckets at %#x: not on a huge-page boundary", n, addr)
		}
		for i := range b {
			if b[i][0].data.Load() != 0 || b[i][3].check.Load() != 0 {
				t.Fatalf("%d buckets: bucket %d not zeroed", n, i)
			}
		}
	}
}
