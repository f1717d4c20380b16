package store

import "testing"

// TestVisibleTo: who sees a game in another person's list.
func TestVisibleTo(t *testing.T) {
	for _, tt := range []struct {
		name                      string
		public, finished, applied bool
		viewer                    string
		want                      bool
	}{
		{"a public game over", true, true, false, "", true},
		{"a public game in play", true, false, false, "", false},
		{"a public game in play, to a player of it", true, false, false, "p2", true},
		{"a rated invite over", false, true, true, "", true},
		{"a rated invite in play", false, false, false, "p9", false},
		{"a casual invite over", false, true, false, "p9", false},
		{"a casual invite over, to a player of it", false, true, false, "p2", true},
		{"a stranger is no player", false, true, false, "", false},
	} {
		sum := Summary{Public: tt.public, Finished: tt.finished, Players: []string{"p1", "p2"}}
		if got := sum.VisibleTo(tt.viewer, tt.applied); got != tt.want {
			t.Errorf("%s: VisibleTo = %v, want %v", tt.name, got, tt.want)
		}
	}
}
