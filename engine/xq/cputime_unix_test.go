//go:build unix

package xq

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used. On a
// loaded machine it measures the work better than the wall clock does.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
