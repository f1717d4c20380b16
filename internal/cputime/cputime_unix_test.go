//go:build unix

package cputime

import "testing"

// TestProcessGrows: work done shows in the process's CPU time. Unix
// systems report it (getrusage), so a zero fails rather than skips.
func TestProcessGrows(t *testing.T) {
	start := Process()
	if start == 0 {
		t.Fatal("Process() = 0: getrusage gave no CPU time")
	}
	x := 0
	for i := range 50_000_000 {
		x ^= i
	}
	if Process() <= start {
		t.Errorf("CPU time did not grow over a loop (%d)", x)
	}
}
