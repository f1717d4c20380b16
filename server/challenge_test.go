package server

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// TestClockShow: a clock as lichess shows it, minutes (with its
// fractions) and the increment in seconds.
func TestClockShow(t *testing.T) {
	for _, tt := range []struct {
		limit, inc int
		want       string
	}{
		{15, 0, "¼+0"},
		{30, 0, "½+0"},
		{45, 0, "¾+0"},
		{60, 0, "1+0"},
		{90, 1, "1.5+1"},
		{300, 0, "5+0"},
		{600, 5, "10+5"},
		{20, 0, "0.33+0"},
		{75, 2, "1.25+2"},
		{100, 0, "1.67+0"},
		{10800, 180, "180+180"},
	} {
		if got := clockShow(tt.limit, tt.inc); got != tt.want {
			t.Errorf("clockShow(%d, %d) = %q, want %q", tt.limit, tt.inc, got, tt.want)
		}
	}
}

// TestChallengeTimeControl: a challenge's timeControl is lichess's shape
// for each kind: a clock always has limit, increment (0 too: lichess-bot
// declined every x+0 challenge without it) and show; correspondence has
// daysPerTurn; unlimited its type alone.
func TestChallengeTimeControl(t *testing.T) {
	for _, tt := range []struct {
		name  string
		clock game.ClockConfig
		want  string
	}{
		{"5+0", game.ClockConfig{Initial: 5 * time.Minute}, `{"type":"clock","limit":300,"increment":0,"show":"5+0"}`},
		{"½+0", game.ClockConfig{Initial: 30 * time.Second}, `{"type":"clock","limit":30,"increment":0,"show":"½+0"}`},
		{"3+2", game.ClockConfig{Initial: 3 * time.Minute, Increment: 2 * time.Second}, `{"type":"clock","limit":180,"increment":2,"show":"3+2"}`},
		{"3 days", game.ClockConfig{Initial: 3 * 24 * time.Hour, PerMove: true}, `{"type":"correspondence","daysPerTurn":3}`},
		{"unlimited", game.ClockConfig{}, `{"type":"unlimited"}`},
	} {
		c := &challenge{ID: "x", Color: chess.White, Asked: "white", Variant: game.Chess, Clock: tt.clock}
		data, err := json.Marshal(c.json())
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got struct{ TimeControl json.RawMessage }
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if string(got.TimeControl) != tt.want {
			t.Errorf("%s: timeControl = %s, want %s", tt.name, got.TimeControl, tt.want)
		}
	}
}
