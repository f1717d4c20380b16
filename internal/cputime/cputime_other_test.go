//go:build !unix

package cputime

import "testing"

// TestProcessUnknown: where the system does not say, Process reports 0, as
// documented, and callers fall back on the wall clock.
func TestProcessUnknown(t *testing.T) {
	if got := Process(); got != 0 {
		t.Errorf("Process() = %v, want 0 on this system", got)
	}
}
