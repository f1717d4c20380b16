//go:build !linux

package tt

// allocBuckets returns n zeroed buckets.
func allocBuckets(n int) []bucket { return make([]bucket, n) }
