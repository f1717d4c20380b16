package game

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/gambitchess/gambit/chess"
)

func newLocal(t *testing.T, clock ClockConfig) *Game {
	t.Helper()
	g, err := New(Options{ID: "t1", Mode: ModeLocal, Seats: [2]Seat{{Kind: SeatHuman}, {Kind: SeatHuman}},
		Clock: clock, Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func play(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, u := range moves {
		if _, err := g.Move(g.Turn(), u); err != nil {
			t.Fatalf("move %s: %v", u, err)
		}
	}
}

func TestStatusOrder(t *testing.T) {
	for s := Created; s <= Forfeit; s++ {
		want := s != Created && s != Started
		if s.Finished() != want {
			t.Errorf("%v.Finished() = %v, want %v", s, s.Finished(), want)
		}
		if got, ok := ParseStatus(s.String()); !ok || got != s {
			t.Errorf("ParseStatus(%q) = %v, %v", s.String(), got, ok)
		}
	}
}

func TestFoolsMate(t *testing.T) {
	g := newLocal(t, ClockConfig{})
	play(t, g, "f2f3", "e7e5", "g2g4", "d8h4")
	if g.Status() != Mate || g.Result() != "0-1" {
		t.Fatalf("status %v result %s, want mate 0-1", g.Status(), g.Result())
	}
	if len(g.DestsFor(Viewer{Seats: [2]bool{true, true}})) != 0 {
		t.Errorf("dests after mate: %v", g.DestsFor(Viewer{Seats: [2]bool{true, true}}))
	}
	if _, err := g.Move(chess.White, "e2e4"); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after mate: got %v, want ErrGameOver", err)
	}
	if _, err := g.TakeBack(chess.Black); !errors.Is(err, ErrGameOver) || g.Status() != Mate || g.Ply() != 4 {
		t.Errorf("takeback after mate: %v, status %v ply %d; want ErrGameOver and the mate standing", err, g.Status(), g.Ply())
	}
}

func TestBadMoves(t *testing.T) {
	g := newLocal(t, ClockConfig{})
	tests := []struct {
		c    chess.Color
		u    string
		want error
	}{
		{chess.Black, "e7e5", ErrNotYourTurn},
		{chess.White, "e2e5", ErrIllegalMove},
		{chess.White, "zz", ErrInvalidMove},
		{chess.White, "e7e5", ErrIllegalMove},
	}
	for _, tt := range tests {
		if _, err := g.Move(tt.c, tt.u); !errors.Is(err, tt.want) {
			t.Errorf("Move(%v, %q) = %v, want %v", tt.c, tt.u, err, tt.want)
		}
	}
	if g.Ply() != 0 || g.Version() != 0 {
		t.Errorf("bad moves changed the game: ply %d version %d", g.Ply(), g.Version())
	}
}

func TestDests(t *testing.T) {
	g := newLocal(t, ClockConfig{})
	d := g.DestsFor(Viewer{Seats: [2]bool{true, true}})
	if len(d) != 10 || strings.Join(d["g1"], ",") != "f3,h3" {
		t.Errorf("start dests %v", d)
	}
	play(t, g, "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6")
	if !strings.Contains(strings.Join(g.DestsFor(Viewer{Seats: [2]bool{true, true}})["e1"], ","), "g1") {
		t.Errorf("castling missing from e1 dests %v", g.DestsFor(Viewer{Seats: [2]bool{true, true}})["e1"])
	}
}

func TestDrawOffers(t *testing.T) {
	g := newLocal(t, ClockConfig{})
	play(t, g, "e2e4", "e7e5") // both sides moved: an agreed draw is a draw, not an abort
	if _, err := g.Answer(chess.White, OfferDraw, true); !errors.Is(err, ErrNoOffer) {
		t.Fatalf("accept without offer: %v", err)
	}
	if _, err := g.Offer(chess.White, OfferDraw); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Offer(chess.White, OfferDraw); !errors.Is(err, ErrAlreadyOffered) {
		t.Fatalf("second offer: %v", err)
	}
	if _, err := g.Answer(chess.White, OfferDraw, true); !errors.Is(err, ErrNoOffer) {
		t.Fatalf("accepting one's own offer: %v", err)
	}
	evs, err := g.Answer(chess.Black, OfferDraw, true)
	if err != nil || g.Status() != DrawAgreed || g.Result() != "1/2-1/2" {
		t.Fatalf("accept: %v, %v %s", err, g.Status(), g.Result())
	}
	if len(evs) != 2 || evs[0].Type != EventAnswer || evs[1].Type != EventEnd || evs[1].End != ByAgreement {
		t.Errorf("accepting gave events %+v, want an answer and an end", evs)
	}
}

func TestOfferAnswersAndMovesOn(t *testing.T) {
	g := newLocal(t, ClockConfig{})
	play(t, g, "e2e4")
	mustEmit(t)(g.Offer(chess.Black, OfferDraw))
	play(t, g, "e7e5") // Black moves on: its own offer stands
	if c, ok := g.DrawOffer(); !ok || c != chess.Black {
		t.Fatalf("black's offer gone after black's own move")
	}
	play(t, g, "g1f3") // White moves instead of answering: declined
	if _, ok := g.DrawOffer(); ok {
		t.Fatal("moving on did not decline the offer")
	}
	mustEmit(t)(g.Offer(chess.White, OfferDraw))
	mustEmit(t)(g.Answer(chess.White, OfferDraw, false)) // withdrawn
	if _, ok := g.DrawOffer(); ok {
		t.Fatal("withdrawn offer still pending")
	}
	mustEmit(t)(g.Offer(chess.White, OfferDraw))
	if _, err := g.Offer(chess.Black, OfferDraw); err != nil || g.Status() != DrawAgreed {
		t.Fatalf("offering back did not agree the draw: %v %v", err, g.Status())
	}
}

// mustEmit fails the test when a command was refused or emitted nothing.
func mustEmit(t *testing.T) func([]Event, error) []Event {
	return func(evs []Event, err error) []Event {
		t.Helper()
		if err != nil || len(evs) == 0 {
			t.Fatalf("command: %v, %d events", err, len(evs))
		}
		return evs
	}
}

func TestClaimThreefold(t *testing.T) {
	g := newLocal(t, ClockConfig{})
	play(t, g, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1")
	if !g.CanClaimDraw() {
		t.Fatal("black should be able to claim (f6g8 repeats a third time)")
	}
	if _, err := g.ClaimDraw(chess.White); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("claim by white: %v", err)
	}
	if _, err := g.ClaimDraw(chess.Black); err != nil || g.Status() != Draw {
		t.Fatalf("claim: %v %v", err, g.Status())
	}
	r := legacyRecord(g)
	g2, err := loadRecord(r, nil, time.Now)
	if err != nil || g2.Status() != Draw || g2.Outcome().Termination != chess.ThreefoldRepetition.String() {
		t.Fatalf("reload: %v %v %v", err, g2.Status(), g2.Outcome())
	}
}

// TestStandingDraw: the third occurrence stands on the board only once it
// is played, where a claim may be announced a move before; the 50-move
// rule likewise; xiangqi judges its own repetitions and stands none.
func TestStandingDraw(t *testing.T) {
	g := newLocal(t, ClockConfig{})
	play(t, g, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1")
	if _, ok := g.StandingDraw(); ok || !g.CanClaimDraw() {
		t.Fatalf("before f6g8: standing %v, claimable %v; want a claim only", ok, g.CanClaimDraw())
	}
	play(t, g, "f6g8")
	if name, ok := g.StandingDraw(); !ok || name != chess.ThreefoldRepetition.String() {
		t.Fatalf("after f6g8: %q %v", name, ok)
	}
	mustEmit(t)(g.ClaimDraw(chess.White))
	if _, ok := g.StandingDraw(); ok {
		t.Error("a draw stands in a game that is over")
	}
	fifty, err := New(Options{ID: "t50", StartFEN: "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := fifty.StandingDraw(); ok {
		t.Error("the 50-move rule stands at 99 halfmoves")
	}
	play(t, fifty, "a1a2")
	if name, ok := fifty.StandingDraw(); !ok || name != chess.FiftyMoves.String() {
		t.Errorf("at 100 halfmoves: %q %v", name, ok)
	}
	x := newXiangqi(t, "", ClockConfig{})
	play(t, x, "b0c2", "b9c7", "c2b0", "c7b9", "b0c2", "b9c7", "c2b0", "c7b9")
	if name, ok := x.StandingDraw(); ok {
		t.Errorf("xiangqi stands a claimable draw: %q", name)
	}
}

// TestCanMate: a lone king cannot mate, a queen can; in xiangqi a flag
// loses whatever is left.
func TestCanMate(t *testing.T) {
	g, err := New(Options{ID: "t", StartFEN: "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"})
	if err != nil {
		t.Fatal(err)
	}
	if !g.CanMate(chess.White) || g.CanMate(chess.Black) {
		t.Errorf("queen against a lone king: White %v, Black %v", g.CanMate(chess.White), g.CanMate(chess.Black))
	}
	if x := newXiangqi(t, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", ClockConfig{}); !x.CanMate(chess.White) {
		t.Error("xiangqi: a bare general's flag fall is a draw")
	}
}

func TestClockIncrementAndFlag(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newLocal(t, ClockConfig{Initial: time.Minute, Increment: 2 * time.Second})
		play(t, g, "e2e4") // no clock runs until both sides have moved
		time.Sleep(10 * time.Second)
		play(t, g, "e7e5") // starts White's clock; both first moves are free
		if got := g.Clock().Remaining(chess.Black); got != time.Minute {
			t.Errorf("black has %v after a free first move, want 1m", got)
		}
		time.Sleep(5 * time.Second)
		play(t, g, "g1f3")
		if got := g.Clock().Remaining(chess.White); got != 57*time.Second {
			t.Errorf("white has %v, want 57s (60 - 5 + 2)", got)
		}
		time.Sleep(59 * time.Second)
		if len(g.Flag()) > 0 {
			t.Fatal("flag fell early")
		}
		time.Sleep(2 * time.Second)
		if evs := g.Flag(); len(evs) != 1 || evs[0].End != ByTimeout || g.Status() != Timeout || g.Result() != "1-0" {
			t.Fatalf("status %v result %s, want timeout 1-0", g.Status(), g.Result())
		}
		if _, err := g.Move(chess.Black, "b8c6"); !errors.Is(err, ErrGameOver) {
			t.Errorf("move after flag: %v", err)
		}
	})
}

func TestRecordRoundTrip(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newLocal(t, ClockConfig{Initial: 5 * time.Minute, Increment: 0})
		play(t, g, "e2e4", "c7c5")
		time.Sleep(7 * time.Second)
		mustEmit(t)(g.Offer(chess.White, OfferDraw))
		r := legacyRecord(g)
		time.Sleep(time.Hour) // the server is down
		g2, err := loadRecord(r, nil, time.Now)
		if err != nil {
			t.Fatal(err)
		}
		if g2.fen() != g.fen() || g2.Version() != g.Version() || g2.Status() != Started {
			t.Fatalf("reload differs: %s v%d %v", g2.fen(), g2.Version(), g2.Status())
		}
		if got := g2.Clock().Remaining(chess.White); got != 5*time.Minute-7*time.Second {
			t.Errorf("white has %v after reload", got)
		}
		if c, ok := g2.DrawOffer(); !ok || c != chess.White {
			t.Errorf("draw offer lost")
		}
		time.Sleep(3 * time.Second)
		if got := g2.Clock().Remaining(chess.White); got != 5*time.Minute-10*time.Second {
			t.Errorf("white's clock not running after reload: %v", got)
		}
	})
}

func TestResignRecord(t *testing.T) {
	g := newLocal(t, ClockConfig{})
	play(t, g, "e2e4", "e7e5")
	if _, err := g.Resign(chess.White); err != nil {
		t.Fatal(err)
	}
	g2, err := reloadLegacy(g, nil)
	if err != nil || g2.Status() != Resigned || g2.Result() != "0-1" {
		t.Fatalf("reload: %v %v %s", err, g2.Status(), g2.Result())
	}
	if _, err := g2.TakeBack(chess.White); !errors.Is(err, ErrGameOver) {
		t.Errorf("takeback after resignation: %v", err)
	}
}

func TestPGN(t *testing.T) {
	g := newLocal(t, ClockConfig{})
	play(t, g, "f2f3", "e7e5", "g2g4", "d8h4")
	out := pgnOf(t, g)
	if !strings.Contains(out, "1. f3 e5 2. g4 Qh4# 0-1") || !strings.Contains(out, `[Result "0-1"]`) {
		t.Fatalf("PGN:\n%s", out)
	}
	start, moves, err := setupOf(Chess, out)
	if err != nil || len(moves) != 4 || start != "" {
		t.Fatalf("Setup(PGN) = %q, %d moves, %v", start, len(moves), err)
	}
	if _, _, err := setupOf(Chess, "8/8/8/8/8/8/8/8 w - - 0 1"); !errors.Is(err, ErrBadSetup) {
		t.Errorf("kingless FEN accepted: %v", err)
	}
	fen, _, err := setupOf(Chess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if err != nil || fen != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" {
		t.Errorf("FEN setup: %q, %v", fen, err)
	}
}

func TestAbort(t *testing.T) {
	g := newLocal(t, ClockConfig{Initial: time.Minute})
	play(t, g, "e2e4", "e7e5")
	if _, err := g.Abort(chess.White); !errors.Is(err, ErrCannotAbort) {
		t.Fatalf("abort after two moves: %v", err)
	}
	g = newLocal(t, ClockConfig{Initial: time.Minute})
	play(t, g, "e2e4")
	if _, err := g.Abort(chess.Black); err != nil || g.Status() != Aborted || g.Result() != "*" {
		t.Fatalf("abort: %v %v %s", err, g.Status(), g.Result())
	}
	g2, err := reloadLegacy(g, nil)
	if err != nil || g2.Status() != Aborted {
		t.Fatalf("reload aborted game: %v %v", err, g2.Status())
	}
}

// TestStepWire: a step on the wire says which side made it, as a colour
// name, so the browser never counts plies; a variant's extension is its own
// object under "ext" and reads back as the variant's type.
func TestStepWire(t *testing.T) {
	b, err := json.Marshal(Step{UCI: "e7e5", SAN: "e5", FEN: "x", Color: SideOf(chess.Black)})
	if err != nil || string(b) != `{"uci":"e7e5","san":"e5","fen":"x","color":"black"}` {
		t.Errorf("black's step: %s, %v", b, err)
	}
	b, _ = json.Marshal(Step{UCI: "e2e4", Ext: Ext{testExt{N: 3}}})
	if !strings.Contains(string(b), `"ext":{"n":3}`) || !strings.Contains(string(b), `"color":"white"`) {
		t.Errorf("white's step with an extension: %s", b)
	}
	var back struct{ Ext Ext }
	if err := json.Unmarshal([]byte(`{"ext":{"n":3}}`), &back); err != nil {
		t.Fatal(err)
	}
	if x, ok := ExtAs[testExt](back.Ext); !ok || x.N != 3 {
		t.Errorf("read back as %+v, %v", x, ok)
	}
	if _, ok := ExtAs[testExt](Ext{}); ok {
		t.Error("an empty extension read as a variant's")
	}
	if err := json.Unmarshal([]byte(`{"ext":{"fog":["a1"]}}`), &back); err != nil {
		t.Fatal(err)
	}
	if x, ok := ExtAs[testExt](back.Ext); ok {
		t.Errorf("another variant's extension read as this one's: %+v", x)
	}
}

// testExt is an extension of no registered variant.
type testExt struct {
	N int `json:"n"`
}

func (testExt) ExtendsVariant() Variant { return "test" }
