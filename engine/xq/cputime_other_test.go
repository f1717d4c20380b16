//go:build !unix

package xq

import "time"

// cpuTime is not available here; the timing tests fall back to the wall clock.
func cpuTime() time.Duration { return 0 }
