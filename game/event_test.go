package game

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// fakeClock is a settable now for tests that need exact clock readings.
type fakeClock struct{ t time.Time }

func (f *fakeClock) now() time.Time            { return f.t }
func (f *fakeClock) advance(d time.Duration)   { f.t = f.t.Add(d) }
func newFakeClock() *fakeClock                 { return &fakeClock{t: time.Unix(1_700_000_000, 0)} }
func (f *fakeClock) options(o Options) Options { o.Now = f.now; return o }

// recorder runs commands on a game and keeps every event, as the server's
// store would.
type recorder struct {
	t      *testing.T
	g      *Game
	events []Event
}

func (r *recorder) do(evs []Event, err error) {
	r.t.Helper()
	if err != nil {
		r.t.Fatalf("command refused: %v", err)
	}
	r.events = append(r.events, evs...)
}

// reload encodes the header and events as the store keeps them (JSON) and
// loads them back.
func (r *recorder) reload(now func() time.Time) *Game {
	r.t.Helper()
	header, err := json.Marshal(r.g.Header())
	if err != nil {
		r.t.Fatal(err)
	}
	stored := make([]Event, len(r.events))
	for i, e := range r.events {
		data, err := json.Marshal(e)
		if err != nil {
			r.t.Fatal(err)
		}
		if err := json.Unmarshal(data, &stored[i]); err != nil {
			r.t.Fatal(err)
		}
	}
	g, err := Load(header, stored, now)
	if err != nil {
		r.t.Fatalf("load: %v", err)
	}
	return g
}

// sameGame compares everything a viewer or the next command can tell apart;
// clocks are compared with the banks the live game had at its last event
// (wantTimes), since a reloaded game's clock runs again from the load.
func sameGame(t *testing.T, got, want *Game, wantTimes [2]time.Duration) {
	t.Helper()
	if got.fen() != want.fen() || got.Status() != want.Status() || got.Result() != want.Result() ||
		got.Version() != want.Version() || got.Ply() != want.Ply() || got.Outcome() != want.Outcome() {
		t.Errorf("reloaded %s %v %s v%d ply %d %+v\nwant     %s %v %s v%d ply %d %+v", got.fen(), got.Status(), got.Result(),
			got.Version(), got.Ply(), got.Outcome(), want.fen(), want.Status(), want.Result(), want.Version(), want.Ply(), want.Outcome())
	}
	if got.offers != want.offers || got.seats != want.seats || !slices.Equal(got.movers, want.movers) {
		t.Errorf("reloaded offers %v seats %v movers %v, want %v %v %v", got.offers, got.seats, got.movers, want.offers, want.seats, want.movers)
	}
	if !reflect.DeepEqual(got.history(), want.history()) {
		t.Errorf("reloaded history differs")
	}
	if (got.clock == nil) != (want.clock == nil) {
		t.Fatalf("clock lost or gained on reload")
	}
	if got.clock != nil {
		for _, c := range []chess.Color{chess.White, chess.Black} {
			if got.clock.Remaining(c) != wantTimes[c] {
				t.Errorf("%s clock %v after reload, want %v", ColorName(c), got.clock.Remaining(c), wantTimes[c])
			}
		}
		wantRunning := want.Status() == Started && want.BothMoved() // a loaded game in play runs again, even one paused
		if _, running := got.clock.Running(); running != wantRunning {
			t.Errorf("clock running %v after reload, want %v", running, wantRunning)
		}
	}
}

// TestReplayRebuildsTheGame: for every kind of event, loading the header
// and the events gives back the same game, in chess and xiangqi.
func TestReplayRebuildsTheGame(t *testing.T) {
	timed := ClockConfig{Initial: 3 * time.Minute, Increment: 2 * time.Second}
	tests := []struct {
		name string
		opts Options
		run  func(r *recorder, k *fakeClock)
	}{
		{"moves with a clock", Options{Clock: timed}, func(r *recorder, k *fakeClock) {
			for _, u := range []string{"e2e4", "e7e5", "g1f3"} {
				k.advance(5 * time.Second)
				r.do(r.g.Move(r.g.Turn(), u))
			}
		}},
		{"offers declined and withdrawn", Options{}, func(r *recorder, _ *fakeClock) {
			r.do(r.g.Move(chess.White, "d2d4"))
			r.do(r.g.Offer(chess.White, OfferDraw))
			r.do(r.g.Answer(chess.Black, OfferDraw, false))
			r.do(r.g.Offer(chess.Black, OfferDraw))
		}},
		{"takeback asked and accepted", Options{Clock: timed}, func(r *recorder, k *fakeClock) {
			r.do(r.g.Move(chess.White, "e2e4"))
			k.advance(time.Second)
			r.do(r.g.Move(chess.Black, "c7c5"))
			r.do(r.g.Offer(chess.White, OfferTakeback))
			k.advance(3 * time.Second)
			r.do(r.g.Answer(chess.Black, OfferTakeback, true))
		}},
		{"a mate taken back, as older releases stored it", Options{}, func(r *recorder, _ *fakeClock) {
			for _, u := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
				r.do(r.g.Move(r.g.Turn(), u))
			}
			r.do(r.g.emit(Event{Type: EventTakeback, Color: chess.Black, N: 1})) // TakeBack now refuses it
		}},
		{"a resignation at the first move, as older releases stored it", Options{Clock: timed}, func(r *recorder, k *fakeClock) {
			r.do(r.g.Move(chess.White, "e2e4"))
			k.advance(4 * time.Second)
			r.do(r.g.emit(Event{Type: EventEnd, End: ByResignation, Color: chess.Black})) // Resign now aborts
		}},
		{"claimed threefold", Options{}, func(r *recorder, _ *fakeClock) {
			for _, u := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"} {
				r.do(r.g.Move(r.g.Turn(), u))
			}
			r.do(r.g.ClaimDraw(chess.Black))
		}},
		{"flag fall", Options{Clock: timed}, func(r *recorder, k *fakeClock) {
			r.do(r.g.Move(chess.White, "e2e4"))
			r.do(r.g.Move(chess.Black, "e7e5"))
			k.advance(4 * time.Minute)
			r.events = append(r.events, r.g.Flag()...)
		}},
		{"takeback to the start with a clock", Options{Clock: timed}, func(r *recorder, k *fakeClock) {
			r.do(r.g.Move(chess.White, "e2e4"))
			k.advance(5 * time.Second)
			r.do(r.g.Move(chess.Black, "e7e5"))
			k.advance(2 * time.Second)
			r.do(r.g.TakeBack(chess.White))
		}},
		{"resignation on the clock", Options{Clock: timed}, func(r *recorder, k *fakeClock) {
			r.do(r.g.Move(chess.White, "e2e4"))
			k.advance(4 * time.Second)
			r.do(r.g.Move(chess.Black, "e7e5"))
			k.advance(3 * time.Second)
			r.do(r.g.Resign(chess.Black))
		}},
		{"both sides ask, one declines", Options{}, func(r *recorder, _ *fakeClock) {
			r.do(r.g.Move(chess.White, "e2e4"))
			r.do(r.g.Move(chess.Black, "e7e5"))
			r.do(r.g.Offer(chess.White, OfferTakeback))
			r.do(r.g.Offer(chess.Black, OfferTakeback))
			r.do(r.g.Offer(chess.Black, OfferDraw))
			r.do(r.g.Answer(chess.Black, OfferTakeback, false)) // declines White's request
		}},
		{"resignation", Options{}, func(r *recorder, _ *fakeClock) {
			r.do(r.g.Move(chess.White, "e2e4"))
			r.do(r.g.Move(chess.Black, "e7e5"))
			r.do(r.g.Resign(chess.Black))
		}},
		{"resignation before both moved: aborted", Options{}, func(r *recorder, _ *fakeClock) {
			r.do(r.g.Move(chess.White, "e2e4"))
			r.do(r.g.Resign(chess.Black))
		}},
		{"abort", Options{}, func(r *recorder, _ *fakeClock) {
			r.do(r.g.Abort(chess.White))
		}},
		{"seat taken, clock paused", Options{Mode: ModeOnline, Clock: timed,
			Seats: [2]Seat{{Kind: SeatHuman, Token: "w"}, {Kind: SeatOpen}}}, func(r *recorder, k *fakeClock) {
			r.do(r.g.Sit(chess.Black, Seat{Kind: SeatHuman, Token: "b", Player: "p2"}))
			r.do(r.g.Move(chess.White, "e2e4"))
			k.advance(10 * time.Second)
			r.events = append(r.events, r.g.PauseClock()...)
		}},
		{"xiangqi moves and a resignation", Options{Variant: Xiangqi, Clock: timed}, func(r *recorder, k *fakeClock) {
			for _, u := range []string{"h2e2", "h9g7", "h0g2"} {
				k.advance(time.Second)
				r.do(r.g.Move(r.g.Turn(), u))
			}
			r.do(r.g.Resign(chess.Black))
		}},
		{"pasted PGN then play", Options{Setup: "1. e4 e5 2. Nf3 *"}, func(r *recorder, _ *fakeClock) {
			r.do(r.g.Move(chess.Black, "b8c6"))
			r.do(r.g.TakeBack(chess.Black))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := newFakeClock()
			opts := k.options(tt.opts)
			opts.ID = "replay"
			g, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			r := &recorder{t: t, g: g}
			tt.run(r, k)
			for i, e := range r.events {
				if e.V != int64(i+1) {
					t.Fatalf("event %d numbered %d", i+1, e.V)
				}
			}
			if g.Version() != int64(len(r.events)) {
				t.Fatalf("version %d after %d events", g.Version(), len(r.events))
			}
			// The banks at the last event: what a reload must show, however
			// long the game then waits in the store (here an hour).
			var times [2]time.Duration
			if g.clock != nil {
				last := r.events[len(r.events)-1].At
				for _, c := range []chess.Color{chess.White, chess.Black} {
					times[c] = g.clock.Remaining(c)
					if turn, running := g.clock.Running(); running && turn == c {
						times[c] += k.now().Sub(last) // not yet charged when the event was saved
					}
				}
			}
			k.advance(time.Hour)
			sameGame(t, r.reload(k.now), g, times)
		})
	}
}

// TestRefusedCommandsChangeNothing: a refused command emits no event and
// keeps the version, whatever it is.
func TestRefusedCommandsChangeNothing(t *testing.T) {
	g, err := New(Options{ID: "x", Mode: ModeOnline, Seats: [2]Seat{{Kind: SeatHuman}, {Kind: SeatHuman}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Move(chess.White, "e2e4"); err != nil {
		t.Fatal(err)
	}
	refused := []struct {
		name string
		run  func() ([]Event, error)
		want error
	}{
		{"move out of turn", func() ([]Event, error) { return g.Move(chess.White, "d2d4") }, ErrNotYourTurn},
		{"illegal move", func() ([]Event, error) { return g.Move(chess.Black, "e8e6") }, ErrIllegalMove},
		{"nonsense move", func() ([]Event, error) { return g.Move(chess.Black, "<script>") }, ErrInvalidMove},
		{"answer without offer", func() ([]Event, error) { return g.Answer(chess.Black, OfferDraw, true) }, ErrNoOffer},
		{"unknown offer", func() ([]Event, error) { return g.Offer(chess.Black, "rematch?") }, ErrBadOffer},
		{"takeback with no move", func() ([]Event, error) { return g.Offer(chess.Black, OfferTakeback) }, ErrNoTakeback},
		{"claim with nothing to claim", func() ([]Event, error) { return g.ClaimDraw(chess.Black) }, ErrCannotClaim},
		{"sit in a taken seat", func() ([]Event, error) { return g.Sit(chess.Black, Seat{Kind: SeatHuman}) }, ErrSeatTaken},
	}
	for _, tt := range refused {
		before, fen := g.Version(), g.fen()
		evs, err := tt.run()
		if !errors.Is(err, tt.want) || len(evs) != 0 || g.Version() != before || g.fen() != fen {
			t.Errorf("%s: %v, %d events, version %d -> %d; want %v and no change", tt.name, err, len(evs), before, g.Version(), tt.want)
		}
	}
	mustEmit(t)(g.Resign(chess.Black))
	if _, err := g.Move(chess.Black, "e7e5"); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after resignation: %v", err)
	}
}

// TestTurnsComeFromTheRules: a game set up with Black to move takes back by
// who moved, not by ply parity, and never takes back imported moves.
func TestTurnsComeFromTheRules(t *testing.T) {
	g, err := New(Options{ID: "b", Mode: ModeComputer, Setup: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.TakeBack(chess.Black); !errors.Is(err, ErrNoTakeback) {
		t.Fatalf("takeback before black moved: %v", err)
	}
	play(t, g, "e7e5", "g1f3")
	evs, err := g.TakeBack(chess.Black)
	if err != nil || len(evs) != 1 || evs[0].N != 2 || g.Turn() != chess.Black || g.Ply() != 0 {
		t.Fatalf("takeback: %v %+v, turn %v ply %d; want black's move and white's reply undone", err, evs, g.Turn(), g.Ply())
	}

	g, err = New(Options{ID: "pgn", Setup: "1. e4 e5 *"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.TakeBack(chess.Black); !errors.Is(err, ErrNoTakeback) {
		t.Errorf("took back an imported move: %v", err)
	}
	if _, err := g.Abort(chess.White); err != nil {
		t.Errorf("no move played yet, abort refused: %v", err)
	}
}

func TestRegistry(t *testing.T) {
	// The registry holds what the registering packages linked into this
	// test binary registered (registry_test.go): every variant, each
	// from its own package, chess, Chess960 and xiangqi as the others.
	for _, v := range []Variant{Chess, Chess960, Xiangqi} {
		if !slices.Contains(Variants(), v) {
			t.Errorf("Variants() = %v, without %s", Variants(), v)
		}
	}
	for _, v := range Variants() {
		s, err := Lookup(v)
		if err != nil || s.Name != v || s.Setup == nil || s.Rules == nil || s.Label == "" || s.Sides[0] == "" || s.Sides[1] == "" {
			t.Errorf("Lookup(%s) = %+v, %v: incomplete", v, s, err)
		}
		if s.Board == "" {
			t.Errorf("%s is played on no board", v)
		}
	}
	if s, err := Lookup(""); err != nil || s.Name != Chess {
		t.Errorf(`Lookup("") = %v, %v; want chess`, s, err)
	}
	if _, err := Lookup("shogi"); !errors.Is(err, ErrBadSetup) {
		t.Errorf("Lookup(shogi) = %v", err)
	}
	if _, err := New(Options{Variant: "shogi"}); !errors.Is(err, ErrBadSetup) {
		t.Errorf("New(shogi) = %v", err)
	}
}

// TestLegacyRecordLoads: a record as the server stored it before the event
// log loads, with its ending, offer and clock, and takes events after it.
func TestLegacyRecordLoads(t *testing.T) {
	old := `{"id":"old1","mode":"local","variant":"chess","seats":[{"kind":"human","token":"t"},{"kind":"human","token":"t"}],
	"startFen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["e2e4","e7e5"],"status":"started",
	"drawOffer":"black","clock":{"initialMs":60000,"incrementMs":0,"whiteMs":55000,"blackMs":50000},"result":"*","version":3,
	"createdAt":"2026-11-01T10:00:00Z","updatedAt":"2026-11-01T10:01:00Z"}`
	k := newFakeClock()
	g, err := Load([]byte(old), nil, k.now)
	if err != nil {
		t.Fatal(err)
	}
	if g.Ply() != 2 || g.Version() != 3 || g.Status() != Started || g.Clock().Remaining(chess.White) != 55*time.Second {
		t.Fatalf("legacy game: ply %d v%d %v white %v", g.Ply(), g.Version(), g.Status(), g.Clock().Remaining(chess.White))
	}
	if c, ok := g.DrawOffer(); !ok || c != chess.Black {
		t.Error("legacy draw offer lost")
	}
	next := mustEmit(t)(g.Move(chess.White, "g1f3"))
	if next[0].V != 4 {
		t.Errorf("first event after a legacy record numbered %d, want 4", next[0].V)
	}
	again, err := Load([]byte(old), next, k.now)
	if err != nil {
		t.Fatalf("legacy record plus events: %v", err)
	}
	sameGame(t, again, g, [2]time.Duration{g.Clock().Remaining(chess.White), g.Clock().Remaining(chess.Black)})
	if _, err := g.TakeBack(chess.White); err != nil {
		t.Errorf("a legacy game's moves are played moves, to take back: %v", err)
	}
}

// randomGame plays n plies of seeded random moves that do not end the game.
func randomGame(tb testing.TB, g *Game, n int, seed uint64) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 0))
	for g.Ply() < n {
		cg, _ := chessGameOf(g)
		moves := cg.LegalMoves()
		rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		played := false
		for _, m := range moves {
			p := cg.Position()
			if _, err := g.Move(g.Turn(), p.UCI(m)); err != nil {
				tb.Fatal(err)
			}
			if !g.Status().Finished() {
				played = true
				break
			}
			if _, err := g.TakeBack(g.rules.Turn().Other()); err != nil {
				tb.Fatal(err)
			}
		}
		if !played {
			tb.Fatalf("no move keeps the game going at ply %d", g.Ply())
		}
	}
}

// BenchmarkMove: one move (and taking it back, to stay at the same ply)
// costs the same at ply 10 as at ply 300: nothing replays the history.
func BenchmarkMove(b *testing.B) {
	for _, ply := range []int{10, 300} {
		b.Run("ply="+strconv.Itoa(ply), func(b *testing.B) {
			g, err := New(Options{ID: "bench", Mode: ModeLocal, Clock: ClockConfig{Initial: time.Hour}})
			if err != nil {
				b.Fatal(err)
			}
			randomGame(b, g, ply, 7)
			cg, _ := chessGameOf(g)
			p := cg.Position()
			u := p.UCI(cg.LegalMoves()[0])
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.Move(g.Turn(), u); err != nil {
					b.Fatal(err)
				}
				if _, err := g.TakeBack(g.rules.Turn().Other()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestOffersOfBothKinds: a side's draw offer and takeback request stand
// side by side, and declining answers the opponent's request, not one's own.
func TestOffersOfBothKinds(t *testing.T) {
	g := newLocal(t, ClockConfig{})
	play(t, g, "e2e4", "e7e5")
	mustEmit(t)(g.Offer(chess.White, OfferDraw))
	mustEmit(t)(g.Offer(chess.White, OfferTakeback))
	mustEmit(t)(g.Offer(chess.Black, OfferTakeback))
	if c, ok := g.DrawOffer(); !ok || c != chess.White {
		t.Fatal("a takeback request replaced the draw offer")
	}
	mustEmit(t)(g.Answer(chess.Black, OfferTakeback, false))
	if !g.offers[chess.Black].has(OfferTakeback) || g.offers[chess.White].has(OfferTakeback) {
		t.Fatalf("declining answered the wrong request: offers %v", g.offers)
	}
}

// TestAddSpecRefuses: a twin, or a Spec missing what every variant needs,
// is refused with the reason (Register panics with it at start-up).
func TestAddSpecRefuses(t *testing.T) {
	r := map[Variant]*Spec{}
	ok := *mustSpec(t, Chess)
	ok.Name = "twin"
	if err := addSpec(r, &ok); err != nil {
		t.Fatal(err)
	}
	noLabel, seeded := ok, ok
	noLabel.Name, noLabel.Label = "x", ""
	seeded.Name, seeded.Seeded = "y", true
	for _, tt := range []struct {
		s    *Spec
		want string
	}{{&ok, "registered twice"}, {&noLabel, "a label"}, {&seeded, "needs Verify"}} {
		if err := addSpec(r, tt.s); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("addSpec(%s) = %v, want %q", tt.s.Name, err, tt.want)
		}
	}
}

// TestMoveClocks: each move keeps what its mover had left after it (the
// increment added; both first moves free), a takeback drops the moves'
// times, a reload from the stored events has the same, and a game without
// a clock has none (issue 41: lichess's [%clk] in the game export).
func TestMoveClocks(t *testing.T) {
	k := newFakeClock()
	g, err := New(k.options(Options{ID: "clocks", Mode: ModeLocal, Seats: [2]Seat{{Kind: SeatHuman}, {Kind: SeatHuman}},
		Clock: ClockConfig{Initial: time.Minute, Increment: 2 * time.Second}}))
	if err != nil {
		t.Fatal(err)
	}
	r := &recorder{t: t, g: g}
	for _, m := range []struct {
		uci  string
		wait time.Duration
	}{{"e2e4", 3 * time.Second}, {"e7e5", 4 * time.Second}, {"g1f3", 5 * time.Second}, {"b8c6", 10 * time.Second}, {"f1c4", time.Second}} {
		k.advance(m.wait)
		r.do(g.Move(g.Turn(), m.uci))
	}
	want := []time.Duration{time.Minute, time.Minute, 57 * time.Second, 52 * time.Second, 58 * time.Second}
	if got := g.MoveClocks(); !slices.Equal(got, want) {
		t.Fatalf("MoveClocks = %v, want %v", got, want)
	}
	if got := r.reload(k.now).MoveClocks(); !slices.Equal(got, want) {
		t.Errorf("reloaded MoveClocks = %v, want %v", got, want)
	}
	r.do(g.TakeBack(chess.White))
	if got := g.MoveClocks(); !slices.Equal(got, want[:4]) {
		t.Errorf("after a takeback MoveClocks = %v, want %v", got, want[:4])
	}
	if got := g.Clone().MoveClocks(); !slices.Equal(got, want[:4]) {
		t.Errorf("a clone's MoveClocks = %v", got)
	}
	if got := r.reload(k.now).MoveClocks(); !slices.Equal(got, want[:4]) {
		t.Errorf("reloaded after a takeback MoveClocks = %v, want %v", got, want[:4])
	}
	untimed := newLocal(t, ClockConfig{})
	play(t, untimed, "e2e4")
	if got := untimed.MoveClocks(); got != nil {
		t.Errorf("an untimed game's MoveClocks = %v, want nil", got)
	}
}
