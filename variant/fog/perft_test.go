package fog

import "testing"

func TestPerftStart(t *testing.T) {
	for depth, want := range []uint64{1, 20, 400, 8902, 197742} {
		if got := Perft(StartPosition(), depth); got != want {
			t.Errorf("depth %d: got %d, want %d", depth, got, want)
		}
	}
}
