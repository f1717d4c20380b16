package cputime

import "testing"

// TestProcessGrows: work done shows in the process's CPU time.
func TestProcessGrows(t *testing.T) {
	start := Process()
	if start == 0 {
		t.Skip("no CPU time on this system")
	}
	x := 0
	for i := range 50_000_000 {
		x ^= i
	}
	if Process() <= start {
		t.Errorf("CPU time did not grow over a loop (%d)", x)
	}
}
