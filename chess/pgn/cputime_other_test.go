//go:build !unix

package pgn

import "time"

// cpuTime is not available here; benchmarks then report wall-clock rates only.
func cpuTime() time.Duration { return 0 }
