package store_test

import (
	"testing"

	"github.com/gambitchess/gambit/store"
)

// TestSeenBy: a public game is seen by anyone, a private one by the
// people seated in it only.
func TestSeenBy(t *testing.T) {
	tests := []struct {
		public  bool
		players []string
		viewer  string
		want    bool
	}{
		{true, []string{"a", "b"}, "", true},
		{true, []string{"a", "b"}, "c", true},
		{false, []string{"a", "b"}, "b", true},
		{false, []string{"a", "b"}, "c", false},
		{false, []string{"a", "b"}, "", false},
		{false, nil, "", false},
	}
	for _, tt := range tests {
		s := store.Summary{Public: tt.public, Players: tt.players}
		if got := s.SeenBy(tt.viewer); got != tt.want {
			t.Errorf("public %v, players %v, seen by %q: %v, want %v", tt.public, tt.players, tt.viewer, got, tt.want)
		}
	}
}
