package lobby

import (
	"testing"
	"time"
)

// TestWindow: ±100 at once, widening linearly to ±500 at 30 s, no wider.
func TestWindow(t *testing.T) {
	tests := []struct {
		wait time.Duration
		want int
	}{
		{-time.Second, 100}, {0, 100}, {7500 * time.Millisecond, 200}, {15 * time.Second, 300},
		{29 * time.Second, 486}, {30 * time.Second, 500}, {time.Hour, 500},
	}
	for _, tt := range tests {
		if got := Window(tt.wait); got != tt.want {
			t.Errorf("Window(%v) = %d, want %d", tt.wait, got, tt.want)
		}
	}
}

// TestBestRated: the closest rating within the range of the longer wait,
// the oldest on a tie; never oneself (by player or by account), never a
// casual seek or one without an account, never another pool; the range
// widens as the clock moves on.
func TestBestRated(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	seek := func(rating int) Challenge {
		return Challenge{Variant: "chess", TimeControl: "3+2", Rated: true, CreatedAt: t0, Rating: rating}
	}
	with := func(c Challenge, id, player, account string, at time.Duration) Challenge {
		c.ID, c.creator, c.account, c.CreatedAt = id, player, account, t0.Add(at)
		return c
	}
	me := Seek{Variant: "chess", TimeControl: "3+2", Player: "p-me", Seeker: Seeker{Account: "a-me", Rating: 1500}}
	tests := []struct {
		name  string
		list  []Challenge
		since time.Duration // when me began to wait, after t0
		now   time.Duration // after t0
		want  string        // "" for none
	}{
		{"the closest of three within range", []Challenge{with(seek(1580), "far", "p1", "a1", 0), with(seek(1460), "near", "p2", "a2", 0), with(seek(1700), "out", "p3", "a3", 0)}, 0, 0, "near"},
		{"the oldest on a tie", []Challenge{with(seek(1450), "old", "p1", "a1", 0), with(seek(1550), "new", "p2", "a2", time.Second)}, 2 * time.Second, 2 * time.Second, "old"},
		{"out of range at once", []Challenge{with(seek(1750), "x", "p1", "a1", 0)}, 0, 0, ""},
		{"still out of range after 10 s (±233)", []Challenge{with(seek(1750), "x", "p1", "a1", 0)}, 10 * time.Second, 10 * time.Second, ""},
		{"in range once it waited 20 s (±366)", []Challenge{with(seek(1750), "x", "p1", "a1", 0)}, 20 * time.Second, 20 * time.Second, "x"},
		{"my own wait widens it too", []Challenge{with(seek(1750), "x", "p1", "a1", 19*time.Second)}, 0, 20 * time.Second, "x"},
		{"never wider than 500", []Challenge{with(seek(2001), "x", "p1", "a1", 0)}, 0, time.Hour, ""},
		{"exactly 500 after 30 s", []Challenge{with(seek(2000), "x", "p1", "a1", 0)}, 0, 30 * time.Second, "x"},
		{"not my own player", []Challenge{with(seek(1500), "mine", "p-me", "a1", 0)}, 0, 0, ""},
		{"not my own account", []Challenge{with(seek(1500), "mine", "p-other-browser", "a-me", 0)}, 0, 0, ""},
		{"not an anonymous seek", []Challenge{with(seek(1500), "anon", "p1", "", 0)}, 0, 0, ""},
		{"not a casual seek", []Challenge{func() Challenge { c := with(seek(1500), "casual", "p1", "a1", 0); c.Rated = false; return c }()}, 0, 0, ""},
		{"not another time control", []Challenge{func() Challenge { c := with(seek(1500), "x", "p1", "a1", 0); c.TimeControl = "5+3"; return c }()}, 0, 0, ""},
		{"not another variant", []Challenge{func() Challenge { c := with(seek(1500), "x", "p1", "a1", 0); c.Variant = "xiangqi"; return c }()}, 0, 0, ""},
		{"the closest skips my own", []Challenge{with(seek(1500), "mine", "p-me", "a-me", 0), with(seek(1590), "other", "p1", "a1", 0)}, 0, 0, "other"},
	}
	for _, tt := range tests {
		s := me
		s.Since = t0.Add(tt.since)
		got, ok := BestRated(tt.list, s, t0.Add(tt.now))
		if ok != (tt.want != "") || ok && got.ID != tt.want {
			t.Errorf("%s: BestRated = %q %v, want %q", tt.name, got.ID, ok, tt.want)
		}
	}
}
