//go:build linux

package tt

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the platforms Gambit
// runs on (x86-64, arm64 with 4 KB base pages).
const hugePage = 2 << 20

// allocBuckets returns n zeroed buckets. A table of at least one huge page
// is placed on a huge-page boundary and its memory marked for transparent
// huge pages (madvise MADV_HUGEPAGE, as Stockfish asks for its table):
// with 4 KB pages almost every probe of a table of many megabytes misses
// the TLB as well as the cache, and the walk of the page tables costs as
// much again. Where the kernel refuses (THP off, or "never"), or its huge
// pages are not 2 MB (arm64 with 16 or 64 KB base pages), the hint changes
// nothing and the table is as before. The alignment costs up to 2 MB more.
func allocBuckets(n int) []bucket {
	const size = int(unsafe.Sizeof(bucket{}))
	if n*size < hugePage {
		return make([]bucket, n)
	}
	raw := make([]bucket, n+hugePage/size)
	skip := (hugePage - int(uintptr(unsafe.Pointer(&raw[0]))%hugePage)) % hugePage / size
	b := raw[skip : skip+n : skip+n]
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), n*size), syscall.MADV_HUGEPAGE)
	return b
}
