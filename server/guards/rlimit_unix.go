//go:build unix

package guards

import (
	"fmt"
	"syscall"
)

// RaiseFileLimit raises the soft limit on open files to the hard limit (a
// server's connections are files) and returns the limit now in force. The
// Go runtime does the same at start-up on most systems since Go 1.19; this
// makes sure of it, and learns the limit the connection cap derives from.
func RaiseFileLimit() (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, fmt.Errorf("server: read the open-file limit: %w", err)
	}
	if lim.Cur >= lim.Max {
		return uint64(lim.Cur), nil
	}
	raised := lim
	raised.Cur = lim.Max
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err != nil {
		return uint64(lim.Cur), fmt.Errorf("server: raise the open-file limit to %d: %w", lim.Max, err)
	}
	return uint64(raised.Cur), nil
}
