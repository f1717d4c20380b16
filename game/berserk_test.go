package game

import (
	"errors"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// berserkGame is an online game of two seated players with the clock
// given, berserkable or not, on fake time k.
func berserkGame(t *testing.T, k *fakeClock, clock ClockConfig, berserkable bool) *Game {
	t.Helper()
	g, err := New(k.options(Options{ID: "arena", Mode: ModeOnline, Clock: clock, Berserkable: berserkable,
		Seats: [2]Seat{{Kind: SeatHuman, Player: "ann"}, {Kind: SeatHuman, Player: "bob"}}}))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestBerserkAllowed: who may go berserk when, and what refuses it.
func TestBerserkAllowed(t *testing.T) {
	blitz := ClockConfig{Initial: 3 * time.Minute, Increment: 2 * time.Second}
	tests := []struct {
		name        string
		clock       ClockConfig
		berserkable bool
		before      func(g *Game) // what happens before side by asks
		by          chess.Color
		want        error // nil: allowed
	}{
		{"white before any move", blitz, true, nil, chess.White, nil},
		{"black after white's first move", blitz, true, func(g *Game) { g.Move(chess.White, "e2e4") }, chess.Black, nil},
		{"both, one after the other", blitz, true, func(g *Game) { g.Berserk(chess.White) }, chess.Black, nil},
		{"not berserkable", blitz, false, nil, chess.White, ErrCannotBerserk},
		{"untimed", ClockConfig{}, true, nil, chess.White, ErrCannotBerserk},
		{"correspondence", ClockConfig{Initial: 24 * time.Hour, PerMove: true}, true, nil, chess.White, ErrCannotBerserk},
		{"after its own move", blitz, true, func(g *Game) { g.Move(chess.White, "e2e4") }, chess.White, ErrCannotBerserk},
		{"twice", blitz, true, func(g *Game) { g.Berserk(chess.White) }, chess.White, ErrCannotBerserk},
		{"over", blitz, true, func(g *Game) { g.Abort(chess.Black) }, chess.White, ErrGameOver},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := newFakeClock()
			g := berserkGame(t, k, tt.clock, tt.berserkable)
			if tt.before != nil {
				tt.before(g)
			}
			v := g.Version()
			if can := g.CanBerserk(tt.by); can != (tt.want == nil) {
				t.Errorf("CanBerserk(%s) = %v, want %v", ColorName(tt.by), can, tt.want == nil)
			}
			evs, err := g.Berserk(tt.by)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Berserk(%s): %v, want %v", ColorName(tt.by), err, tt.want)
			}
			if tt.want != nil {
				if len(evs) != 0 || g.Version() != v {
					t.Errorf("refused berserk emitted %v, version %d → %d", evs, v, g.Version())
				}
				return
			}
			if len(evs) != 1 || evs[0].Type != EventBerserk || evs[0].Color != tt.by || !g.Berserked(tt.by) {
				t.Errorf("berserk emitted %+v, Berserked %v", evs, g.Berserked(tt.by))
			}
			if g.CanBerserk(tt.by) {
				t.Errorf("%s may go berserk again", ColorName(tt.by))
			}
		})
	}
}

// TestBerserkClock: the berserker's time is halved (none taken at 1+2, as
// lichess's) and it gets no increment from then on, while the other side
// keeps its own; a reloaded game has the same clock and berserk marks.
func TestBerserkClock(t *testing.T) {
	tests := []struct {
		name                 string
		clock                ClockConfig
		wantStart            time.Duration // the berserker's bank after going berserk
		wantWhite, wantBlack time.Duration // after the moves below
	}{
		// White berserks: 90 s; each side uses 5 s a move once both moved
		// (the first two moves are free), black gets +2 s.
		{"3+2", ClockConfig{Initial: 3 * time.Minute, Increment: 2 * time.Second},
			90 * time.Second, 90*time.Second - 5*time.Second, 3*time.Minute - 5*time.Second + 2*time.Second},
		{"1+2 gives 1+0", ClockConfig{Initial: time.Minute, Increment: 2 * time.Second},
			time.Minute, time.Minute - 5*time.Second, time.Minute - 5*time.Second + 2*time.Second},
		{"5+0", ClockConfig{Initial: 5 * time.Minute},
			150 * time.Second, 150*time.Second - 5*time.Second, 5*time.Minute - 5*time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := newFakeClock()
			g := berserkGame(t, k, tt.clock, true)
			r := &recorder{t: t, g: g}
			r.do(g.Berserk(chess.White))
			if got := g.Clock().Remaining(chess.White); got != tt.wantStart {
				t.Errorf("white has %v after berserk, want %v", got, tt.wantStart)
			}
			if got := g.Clock().Remaining(chess.Black); got != tt.clock.Initial {
				t.Errorf("black has %v, want its whole %v", got, tt.clock.Initial)
			}
			for _, u := range []string{"e2e4", "e7e5", "g1f3", "b8c6"} {
				k.advance(5 * time.Second)
				r.do(g.Move(g.Turn(), u))
			}
			if w, b := g.Clock().Remaining(chess.White), g.Clock().Remaining(chess.Black); w != tt.wantWhite || b != tt.wantBlack {
				t.Errorf("after four moves white %v black %v, want %v %v", w, b, tt.wantWhite, tt.wantBlack)
			}
			k.advance(time.Hour)
			back := r.reload(k.now)
			sameGame(t, back, g, [2]time.Duration{tt.wantWhite, tt.wantBlack})
			if !back.Berserked(chess.White) || back.Berserked(chess.Black) || back.CanBerserk(chess.Black) {
				t.Errorf("reloaded berserk marks white %v black %v", back.Berserked(chess.White), back.Berserked(chess.Black))
			}
			// The reloaded clock, white's running from the load, gives the
			// berserker no increment either.
			back.Clock().Press(chess.White)
			if got := back.Clock().Remaining(chess.White); got != tt.wantWhite {
				t.Errorf("reloaded white pressed at once has %v, want %v", got, tt.wantWhite)
			}
		})
	}
}

// TestBerserkableHeader: the header keeps Berserkable, and a record from
// before berserk reads false.
func TestBerserkableHeader(t *testing.T) {
	k := newFakeClock()
	g := berserkGame(t, k, ClockConfig{Initial: time.Minute}, true)
	r := &recorder{t: t, g: g}
	if !r.reload(k.now).Berserkable() {
		t.Error("a berserkable game loads as not berserkable")
	}
	old, err := Load([]byte(`{"format":2,"id":"old","mode":"online","seats":[{"kind":"human"},{"kind":"human"}],"startFen":"","moves":null,"clock":{"initialMs":60000,"incrementMs":0,"whiteMs":60000,"blackMs":60000},"createdAt":"2024-01-01T00:00:00Z"}`), nil, k.now)
	if err != nil {
		t.Fatal(err)
	}
	if old.Berserkable() || old.CanBerserk(chess.White) {
		t.Error("an old record is berserkable")
	}
}
