package game

import (
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

func TestActive(t *testing.T) {
	human, bot := Seat{Kind: SeatHuman, Player: "p"}, Seat{Kind: SeatBot, Level: "greedy"}
	timed := ClockConfig{Initial: time.Minute}
	tests := []struct {
		name  string
		seats [2]Seat
		clock ClockConfig
		moves []string
		draw  bool // White offers a draw after the moves
		want  bool
	}{
		{"untimed, people only", [2]Seat{human, human}, ClockConfig{}, []string{"e2e4", "e7e5"}, false, false},
		{"timed, before the clock starts", [2]Seat{human, human}, timed, nil, false, false},
		{"timed, clock running", [2]Seat{human, human}, timed, []string{"e2e4", "e7e5"}, false, true},
		{"correspondence clock running", [2]Seat{human, human}, ClockConfig{Initial: 24 * time.Hour, PerMove: true}, []string{"e2e4", "e7e5"}, false, false},
		{"the computer to move", [2]Seat{human, bot}, ClockConfig{}, []string{"e2e4"}, false, true},
		{"a person to move against the computer", [2]Seat{bot, human}, ClockConfig{}, []string{"e2e4"}, false, false},
		{"a draw offer to the computer", [2]Seat{human, bot}, ClockConfig{}, []string{"e2e4", "e7e5"}, true, true},
	}
	for _, tt := range tests {
		g, err := New(Options{ID: "a", Mode: ModeLocal, Seats: tt.seats, Clock: tt.clock, Now: time.Now})
		if err != nil {
			t.Fatal(err)
		}
		play(t, g, tt.moves...)
		if tt.draw {
			if _, err := g.Offer(chess.White, OfferDraw); err != nil {
				t.Fatal(err)
			}
		}
		if got := g.Active(); got != tt.want {
			t.Errorf("%s: Active = %v, want %v", tt.name, got, tt.want)
		}
		g.PauseClock() // as at a shutdown: the clock runs again when the game is loaded
		if got := g.Active(); got != tt.want {
			t.Errorf("%s: after PauseClock, Active = %v, want %v", tt.name, got, tt.want)
		}
		if _, err := g.Resign(chess.White); err != nil {
			t.Fatal(err)
		}
		if g.Active() {
			t.Errorf("%s: a finished game is Active", tt.name)
		}
	}
}

func TestExpired(t *testing.T) {
	t0 := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	now := t0
	clock := func() time.Time { return now }
	tests := []struct {
		name  string
		clock ClockConfig
		moves []string
		after time.Duration
		want  bool
	}{
		{"untouched for a day", ClockConfig{}, nil, UntouchedFor, true},
		{"untouched for less", ClockConfig{}, nil, UntouchedFor - time.Second, false},
		{"one move made", ClockConfig{}, []string{"e2e4"}, 30 * 24 * time.Hour, false},
		{"correspondence, within its days", ClockConfig{Initial: 3 * 24 * time.Hour, PerMove: true}, nil, 2 * 24 * time.Hour, false},
		{"correspondence, past its days", ClockConfig{Initial: 3 * 24 * time.Hour, PerMove: true}, nil, 3 * 24 * time.Hour, true},
	}
	for _, tt := range tests {
		now = t0
		g, err := New(Options{ID: "e", Mode: ModeLocal, Seats: [2]Seat{{Kind: SeatHuman}, {Kind: SeatHuman}}, Clock: tt.clock, Now: clock})
		if err != nil {
			t.Fatal(err)
		}
		play(t, g, tt.moves...)
		if got := g.Expired(t0.Add(tt.after)); got != tt.want {
			t.Errorf("%s: Expired after %v = %v, want %v", tt.name, tt.after, got, tt.want)
		}
	}
}
