package game

import (
	"errors"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// TestEarlyEndingsAbort: a resignation, a fallen flag or an agreed draw
// (accepted, or offered back) ends a game in which a side has not yet
// moved aborted, with no result, in every mode; once both sides have
// moved each is the ending it says.
func TestEarlyEndingsAbort(t *testing.T) {
	timed := ClockConfig{Initial: time.Minute}
	endings := []struct {
		name string
		end  func(g *Game, k *fakeClock) []Event
		// want is the status and result once both sides have moved (ply 2,
		// White to move).
		want   Status
		result string
	}{
		{"resignation", func(g *Game, _ *fakeClock) []Event { return mustEmit(t)(g.Resign(chess.White)) }, Resigned, "0-1"},
		{"draw accepted", func(g *Game, _ *fakeClock) []Event {
			mustEmit(t)(g.Offer(chess.White, OfferDraw))
			return mustEmit(t)(g.Answer(chess.Black, OfferDraw, true))
		}, DrawAgreed, "1/2-1/2"},
		{"draw offered back", func(g *Game, _ *fakeClock) []Event {
			mustEmit(t)(g.Offer(chess.Black, OfferDraw))
			return mustEmit(t)(g.Offer(chess.White, OfferDraw))
		}, DrawAgreed, "1/2-1/2"},
		{"flag", func(g *Game, k *fakeClock) []Event {
			// No clock runs before both sides have moved; one made to run
			// stands for any way a flag could fall that early.
			if _, running := g.clock.Running(); !running {
				g.clock.turn, g.clock.running, g.clock.since = g.Turn(), true, k.now()
			}
			k.advance(2 * time.Minute)
			return g.Flag()
		}, Timeout, "0-1"},
	}
	modes := []struct {
		mode  Mode
		seats [2]Seat
	}{
		{ModeLocal, [2]Seat{{Kind: SeatHuman}, {Kind: SeatHuman}}},
		{ModeComputer, [2]Seat{{Kind: SeatHuman}, {Kind: SeatBot}}},
		{ModeOnline, [2]Seat{{Kind: SeatHuman, Player: "w"}, {Kind: SeatHuman, Player: "b"}}},
	}
	for _, e := range endings {
		for _, m := range modes {
			for ply, moves := range [][]string{{}, {"e2e4"}, {"e2e4", "e7e5"}} {
				k := newFakeClock()
				g, err := New(k.options(Options{ID: "early", Mode: m.mode, Seats: m.seats, Clock: timed}))
				if err != nil {
					t.Fatal(err)
				}
				play(t, g, moves...)
				evs := e.end(g, k)
				last := evs[len(evs)-1]
				want, result, by := e.want, e.result, Declared(0)
				if ply < 2 {
					want, result, by = Aborted, "*", ByAbort
				}
				if g.Status() != want || g.Result() != result || last.Type != EventEnd || (by == ByAbort) != (last.End == ByAbort) {
					t.Errorf("%s in %s at ply %d: %v %s, last event %s/%v; want %v %s", e.name, m.mode, ply,
						g.Status(), g.Result(), last.Type, last.End, want, result)
				}
			}
		}
	}
}

// TestFinishedGameIsFinal: no takeback once a game has ended, however it
// ended, in the modes that take back without asking; nor may one be asked
// for or granted online.
func TestFinishedGameIsFinal(t *testing.T) {
	endings := []struct {
		name   string
		end    func(g *Game)
		status Status
	}{
		{"checkmate", func(g *Game) { play(t, g, "f2f3", "e7e5", "g2g4", "d8h4") }, Mate},
		{"resignation", func(g *Game) {
			play(t, g, "e2e4", "e7e5")
			mustEmit(t)(g.Resign(chess.White))
		}, Resigned},
		{"claimed threefold", func(g *Game) {
			play(t, g, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1")
			mustEmit(t)(g.ClaimDraw(chess.Black))
		}, Draw},
		{"abort", func(g *Game) {
			play(t, g, "e2e4")
			mustEmit(t)(g.Abort(chess.Black))
		}, Aborted},
	}
	for _, e := range endings {
		for _, mode := range []Mode{ModeLocal, ModeComputer} {
			seats := [2]Seat{{Kind: SeatHuman}, {Kind: SeatHuman}}
			if mode == ModeComputer {
				seats[chess.Black] = Seat{Kind: SeatBot}
			}
			g, err := New(Options{ID: "final", Mode: mode, Seats: seats})
			if err != nil {
				t.Fatal(err)
			}
			e.end(g)
			if g.Status() != e.status {
				t.Fatalf("%s in %s: status %v, want %v", e.name, mode, g.Status(), e.status)
			}
			v, fen := g.Version(), g.fen()
			for _, c := range []chess.Color{chess.White, chess.Black} {
				if evs, err := g.TakeBack(c); !errors.Is(err, ErrGameOver) || len(evs) != 0 {
					t.Errorf("%s in %s: TakeBack(%s) = %d events, %v; want ErrGameOver", e.name, mode, ColorName(c), len(evs), err)
				}
				if _, err := g.Offer(c, OfferTakeback); !errors.Is(err, ErrGameOver) {
					t.Errorf("%s in %s: takeback offer by %s = %v; want ErrGameOver", e.name, mode, ColorName(c), err)
				}
			}
			if g.Version() != v || g.fen() != fen || g.Status() != e.status {
				t.Errorf("%s in %s: the refused takebacks changed the game", e.name, mode)
			}
		}
	}
}

// TestStoredEndingsReplayAsRecorded: what older releases stored (a
// resignation or an agreed draw before both sides moved, a takeback that
// reopened a mate) loads as it was played: the rules above are the
// commands', never the replay's.
func TestStoredEndingsReplayAsRecorded(t *testing.T) {
	tests := []struct {
		name   string
		events []Event // after the moves
		moves  []string
		status Status
		result string
	}{
		{"resignation at ply 1", []Event{{Type: EventEnd, End: ByResignation, Color: chess.Black}}, []string{"e2e4"}, Resigned, "1-0"},
		{"draw agreed at ply 0", []Event{{Type: EventOffer, Color: chess.White, Offer: OfferDraw},
			{Type: EventAnswer, Color: chess.Black, Offer: OfferDraw, Accept: true},
			{Type: EventEnd, End: ByAgreement, Color: chess.Black}}, nil, DrawAgreed, "1/2-1/2"},
		{"a mate taken back", []Event{{Type: EventTakeback, Color: chess.Black, N: 1}},
			[]string{"f2f3", "e7e5", "g2g4", "d8h4"}, Started, "*"},
	}
	for _, tt := range tests {
		k := newFakeClock()
		g, err := New(k.options(Options{ID: "stored", Mode: ModeLocal, Seats: [2]Seat{{Kind: SeatHuman}, {Kind: SeatHuman}}}))
		if err != nil {
			t.Fatal(err)
		}
		r := &recorder{t: t, g: g}
		for _, u := range tt.moves {
			r.do(g.Move(g.Turn(), u))
		}
		for _, e := range tt.events {
			r.do(g.emit(e))
		}
		got := r.reload(k.now)
		if got.Status() != tt.status || got.Result() != tt.result || got.Version() != g.Version() {
			t.Errorf("%s: reloaded %v %s v%d, want %v %s v%d", tt.name, got.Status(), got.Result(), got.Version(),
				tt.status, tt.result, g.Version())
		}
	}
}
