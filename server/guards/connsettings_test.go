package guards

import "testing"

// TestDefaultMaxConns: the total cap leaves a quarter of the descriptors,
// and at least 64, to everything else; an unknown limit gives 1024.
func TestDefaultMaxConns(t *testing.T) {
	for _, fds := range []uint64{256, 1024, 65536, 1 << 20, 1 << 62} {
		got := DefaultMaxConns(fds)
		if got < 16 || uint64(got)+64 > fds || uint64(got) > fds/4*3+1 {
			t.Errorf("DefaultMaxConns(%d) = %d, want at most three quarters and 64 below", fds, got)
		}
	}
	if got := DefaultMaxConns(0); got != 1024 {
		t.Errorf("DefaultMaxConns with no known limit = %d, want 1024", got)
	}
}
