package game

import (
	"errors"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// TestLagCredit: a move is charged its time less the network credit, never
// less than nothing, and a move that arrives after the flag fell but within
// the credit counts; without enough credit the flag falls.
func TestLagCredit(t *testing.T) {
	tests := []struct {
		name     string
		think    time.Duration
		credit   time.Duration
		wantLeft time.Duration // White's time after its move (plus the increment)
		flagged  bool
	}{
		{"charged less the credit", 4 * time.Second, 300 * time.Millisecond, 56*time.Second + 300*time.Millisecond + time.Second, false},
		{"never gains time", 100 * time.Millisecond, time.Second, time.Minute + time.Second, false},
		{"no credit", 4 * time.Second, 0, 57 * time.Second, false},
		{"late but within the credit", time.Minute + 200*time.Millisecond, 500 * time.Millisecond, 300*time.Millisecond + time.Second, false},
		{"too late even so", time.Minute + 600*time.Millisecond, 500 * time.Millisecond, 0, true},
		{"a negative credit is none", time.Minute + 1, -time.Hour, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fc := newFakeClock()
			g, err := New(fc.options(Options{ID: "lag", Mode: ModeOnline, Clock: ClockConfig{Initial: time.Minute, Increment: time.Second}}))
			if err != nil {
				t.Fatal(err)
			}
			play(t, g, "e2e4", "e7e5") // White's clock runs from here
			fc.advance(tc.think)
			evs, err := g.MoveCredited(chess.White, "g1f3", tc.credit)
			if tc.flagged {
				if !errors.Is(err, ErrGameOver) || g.Status() != Timeout || len(evs) != 1 || evs[0].End != ByTimeout {
					t.Fatalf("late move: %v, status %v, events %+v", err, g.Status(), evs)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Clock().Remaining(chess.White); got != tc.wantLeft {
				t.Errorf("white has %v, want %v", got, tc.wantLeft)
			}
			if evs[0].Clock == nil || evs[0].Clock.White != tc.wantLeft.Milliseconds() {
				t.Errorf("event clock %+v", evs[0].Clock)
			}
		})
	}
}

// TestNoClockUntilBothMoved: neither first move is charged, whatever it
// takes; the clock runs from the second side's first move, also after a
// setup with imported moves and after a takeback to before it.
func TestNoClockUntilBothMoved(t *testing.T) {
	fc := newFakeClock()
	g, err := New(fc.options(Options{ID: "c", Mode: ModeLocal, Setup: "1. e4 e5", Clock: ClockConfig{Initial: time.Minute}}))
	if err != nil {
		t.Fatal(err)
	}
	if _, running := g.Clock().Running(); running {
		t.Fatal("the clock runs before anyone moved here")
	}
	fc.advance(time.Hour)
	r := &recorder{t: t, g: g}
	r.do(g.Move(chess.White, "g1f3"))
	fc.advance(time.Hour)
	if _, running := g.Clock().Running(); running || g.Clock().Remaining(chess.Black) != time.Minute {
		t.Fatal("the clock runs after one side's first move")
	}
	if _, running := r.reload(fc.now).Clock().Running(); running {
		t.Fatal("the clock runs after reloading a game with one side's first move")
	}
	play(t, g, "b8c6")
	if c, running := g.Clock().Running(); !running || c != chess.White {
		t.Fatal("White's clock does not run after both first moves")
	}
	mustEmit(t)(g.TakeBack(chess.Black))
	fc.advance(time.Hour)
	if _, running := g.Clock().Running(); running || g.Clock().Remaining(chess.White) != time.Minute {
		t.Fatalf("after taking back Black's first move the clock runs or charged: %v", g.Clock().Remaining(chess.White))
	}
}

// TestClaimAbandoned: a player whose opponent left wins or calls it a draw;
// before both sides moved there is nothing to claim (abort instead); the
// ending replays.
func TestClaimAbandoned(t *testing.T) {
	for _, win := range []bool{true, false} {
		fc := newFakeClock()
		g, err := New(fc.options(Options{ID: "a", Mode: ModeOnline}))
		if err != nil {
			t.Fatal(err)
		}
		r := &recorder{t: t, g: g}
		r.do(g.Move(chess.White, "e2e4"))
		if _, err := g.ClaimAbandoned(chess.White, win); !errors.Is(err, ErrCannotClaim) {
			t.Fatalf("claim before both moved: %v", err)
		}
		r.do(g.Move(chess.Black, "e7e5"))
		r.do(g.ClaimAbandoned(chess.Black, win))
		want := "0-1"
		if !win {
			want = "1/2-1/2"
		}
		if g.Status() != Abandoned || g.Result() != want || g.Outcome().Termination != "abandonment" {
			t.Fatalf("win %v: status %v result %s %+v", win, g.Status(), g.Result(), g.Outcome())
		}
		if g2 := r.reload(fc.now); g2.Status() != Abandoned || g2.Result() != want {
			t.Errorf("reload: %v %s", g2.Status(), g2.Result())
		}
		if _, err := g.ClaimAbandoned(chess.Black, win); !errors.Is(err, ErrGameOver) {
			t.Errorf("second claim: %v", err)
		}
	}
}

// TestCorrespondenceClock: a correspondence clock gives each move its full
// time, however much the previous one used, and the flag falls when a
// move takes longer; the clock survives a reload.
func TestCorrespondenceClock(t *testing.T) {
	fc := newFakeClock()
	day := 24 * time.Hour
	g, err := New(fc.options(Options{ID: "corr", Mode: ModeOnline, Clock: ClockConfig{Initial: 2 * day, PerMove: true}}))
	if err != nil {
		t.Fatal(err)
	}
	r := &recorder{t: t, g: g}
	r.do(g.Move(chess.White, "e2e4"))
	r.do(g.Move(chess.Black, "e7e5"))
	fc.advance(47 * time.Hour)
	r.do(g.Move(chess.White, "g1f3"))
	if got := g.Clock().Remaining(chess.White); got != 2*day {
		t.Errorf("white has %v after its move, want the full 48h again", got)
	}
	if g2 := r.reload(fc.now); !g2.Clock().PerMove || g2.Clock().Remaining(chess.White) != 2*day {
		t.Errorf("reloaded clock: per move %v, white %v", g2.Clock().PerMove, g2.Clock().Remaining(chess.White))
	}
	fc.advance(2*day + time.Second)
	if evs := g.Flag(); len(evs) != 1 || g.Result() != "1-0" {
		t.Fatalf("black's flag after 2 days: %v %s", evs, g.Result())
	}
}
