package game

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// chariotMate is a xiangqi position where Red mates in two: a0a9, d9d8 (forced), b0d0.
const chariotMate = "3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1"

func newXiangqi(t *testing.T, start string, clock ClockConfig) *Game {
	t.Helper()
	g, err := New(Options{ID: "x1", Mode: ModeLocal, Variant: Xiangqi, StartFEN: start,
		Seats: [2]Seat{{Kind: SeatHuman}, {Kind: SeatHuman}}, Clock: clock, Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestXiangqiStart(t *testing.T) {
	g := newXiangqi(t, "", ClockConfig{})
	if g.Variant() != Xiangqi || g.Turn() != chess.White || !strings.HasPrefix(g.fen(), "rnbakabnr/") {
		t.Fatalf("variant %s turn %v fen %s", g.Variant(), g.Turn(), g.fen())
	}
	d := g.DestsFor(Viewer{Seats: [2]bool{true, true}})
	if n := len(d["h2"]); n != 12 {
		t.Errorf("cannon h2 has %d dests %v, want 12", n, d["h2"])
	}
	if !slices.Contains(d["b0"], "c2") || !slices.Contains(d["a3"], "a4") {
		t.Errorf("dests %v lack the horse b0c2 or the soldier a3a4", d)
	}
	evs, err := g.Move(chess.White, "h2e2")
	if err != nil {
		t.Fatal(err)
	}
	if p := evs[0].Step; len(evs) != 1 || p.SAN != "炮二平五" || p.WXF != "C2.5" || p.UCI != "h2e2" || p.Color.Color() != chess.White {
		t.Errorf("played %+v, want 炮二平五 C2.5 h2e2 by Red", p)
	}
	if _, err := g.Move(chess.Black, "e2e9"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("illegal move: got %v, want ErrIllegalMove", err)
	}
	if _, err := g.Move(chess.Black, "zz"); !errors.Is(err, ErrInvalidMove) {
		t.Errorf("bad move text: got %v, want ErrInvalidMove", err)
	}
	if _, err := g.Move(chess.White, "h0g2"); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("out of turn: got %v, want ErrNotYourTurn", err)
	}
	if _, err := g.ClaimDraw(chess.Black); g.CanClaimDraw() || !errors.Is(err, ErrCannotClaim) {
		t.Errorf("xiangqi allowed a draw claim")
	}
}

func TestXiangqiChariotMate(t *testing.T) {
	g := newXiangqi(t, chariotMate, ClockConfig{})
	play(t, g, "a0a9", "d9d8")
	if sq, ok := g.Check(); ok {
		t.Errorf("check on %s before the mate", sq)
	}
	play(t, g, "b0d0")
	if sq, ok := g.Check(); !ok || sq != "d8" {
		t.Errorf("check = %s %v, want d8", sq, ok)
	}
	o := g.Outcome()
	if g.Status() != Mate || g.Result() != "1-0" || o.Termination != "checkmate" || o.Winner != chess.White {
		t.Fatalf("status %v result %s outcome %+v", g.Status(), g.Result(), o)
	}
	var sans, wxf []string
	for _, s := range g.history() {
		sans, wxf = append(sans, s.SAN), append(wxf, s.WXF)
	}
	if strings.Join(sans, " ") != "俥九進九 將４進１ 俥八平六" || strings.Join(wxf, " ") != "R9+9 K4+1 R8.6" {
		t.Errorf("history %v %v", sans, wxf)
	}
	pgn := pgnOf(t, g)
	for _, want := range []string{`[Format "Chinese"]`, `[FEN "` + chariotMate + `"]`, `[Termination "checkmate"]`, "俥八平六", "1-0"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %s:\n%s", want, pgn)
		}
	}
	if _, err := g.TakeBack(chess.White); !errors.Is(err, ErrGameOver) || g.Status() != Mate || len(g.DestsFor(Viewer{Seats: [2]bool{true, true}})) != 0 {
		t.Errorf("takeback after mate: %v, status %v; want ErrGameOver and the mate standing", err, g.Status())
	}
}

func TestXiangqiRecordRoundTrip(t *testing.T) {
	g := newXiangqi(t, "", ClockConfig{Initial: time.Minute})
	play(t, g, "h2e2", "h9g7", "h0g2")
	if _, err := g.Resign(chess.Black); err != nil {
		t.Fatal(err)
	}
	r := legacyRecord(g)
	g2, err := loadRecord(r, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g2.Variant() != Xiangqi || g2.fen() != g.fen() || g2.Status() != Resigned || g2.Result() != "1-0" ||
		g2.Outcome().Termination != "resignation" {
		t.Errorf("reloaded %s %s %v %s", g2.Variant(), g2.fen(), g2.Status(), g2.Result())
	}

	live := newXiangqi(t, "", ClockConfig{})
	play(t, live, "b2e2")
	r = legacyRecord(live)
	r.Variant = "" // a record from before xiangqi reads as chess, and these moves are not chess
	if _, err := loadRecord(r, nil, nil); !errors.Is(err, ErrBadRecord) {
		t.Errorf("xiangqi moves as chess: got %v, want ErrBadRecord", err)
	}
}

func TestXiangqiDrawAgreed(t *testing.T) {
	g := newXiangqi(t, "", ClockConfig{})
	play(t, g, "h2e2", "h9g7") // both sides moved: an agreed draw is a draw, not an abort
	mustEmit(t)(g.Offer(chess.White, OfferDraw))
	if _, err := g.Answer(chess.Black, OfferDraw, true); err != nil || g.Status() != DrawAgreed || g.Result() != "1/2-1/2" {
		t.Fatalf("accept: %v %v %s", err, g.Status(), g.Result())
	}
	g2, err := reloadLegacy(g, nil)
	if err != nil || g2.Status() != DrawAgreed {
		t.Errorf("reload: %v %v", err, g2.Status())
	}
}

func TestXiangqiSetup(t *testing.T) {
	start, moves, err := setupOf(Xiangqi, chariotMate)
	if err != nil || start != chariotMate || moves != nil {
		t.Errorf("FEN setup: %q %v %v", start, moves, err)
	}
	start, moves, err = setupOf(Xiangqi, "[Game \"Chinese Chess\"]\n\n1. 炮二平五 馬８进７ *")
	if err != nil || !strings.HasPrefix(start, "rnbakabnr/") || strings.Join(moves, " ") != "h2e2 h9g7" {
		t.Errorf("PGN setup: %q %v %v", start, moves, err)
	}
	if _, _, err := setupOf(Xiangqi, "9/9/9 w"); !errors.Is(err, ErrBadSetup) {
		t.Errorf("bad setup: got %v, want ErrBadSetup", err)
	}
	if _, err := New(Options{Variant: Xiangqi, StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}); !errors.Is(err, ErrBadSetup) {
		t.Errorf("chess FEN for xiangqi: got %v, want ErrBadSetup", err)
	}
}

func TestXiangqiPerpetualCheckLoses(t *testing.T) {
	g := newXiangqi(t, "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", ClockConfig{})
	cycle := []string{"a9a8", "e8e9", "a8a9", "e9e8"}
	play(t, g, "a0a9", "e9e8")
	for i := 0; i < 16 && !g.Status().Finished(); i++ {
		play(t, g, cycle[i%4])
	}
	o := g.Outcome()
	if g.Status() != Forfeit || o.Termination != "perpetual check" || o.Winner != chess.Black || g.Result() != "0-1" {
		t.Fatalf("status %v outcome %+v after %d plies", g.Status(), o, g.Ply())
	}
	if g2, err := reloadLegacy(g, nil); err != nil || g2.Status() != Forfeit || g2.Outcome().Termination != "perpetual check" {
		t.Errorf("reload: %v", err)
	}
}

func TestXiangqiFlagFallLoses(t *testing.T) {
	now := time.Unix(1000, 0)
	clock := func() time.Time { return now }
	g, err := New(Options{ID: "xf", Variant: Xiangqi, Clock: ClockConfig{Initial: time.Minute}, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, "h2e2", "h9g7")
	now = now.Add(2 * time.Minute)
	if len(g.Flag()) != 1 || g.Status() != Timeout || g.Result() != "0-1" {
		t.Fatalf("flag: status %v result %s", g.Status(), g.Result())
	}
	r := legacyRecord(g)
	g2, err := loadRecord(r, nil, clock)
	if err != nil || g2.Status() != Timeout || g2.Result() != "0-1" || g2.Outcome().Termination != "timeout" {
		t.Errorf("reload: %v %v %s %q", err, g2.Status(), g2.Result(), g2.Outcome().Termination)
	}
}

// TestXiangqiRuleSets: a xiangqi game is played by the WXF rules unless it
// names the Chinese ones; the choice is kept with the game, refused for a
// variant without it, and a perpetual chase loses as a forfeit by either.
func TestXiangqiRuleSets(t *testing.T) {
	const chaseFEN = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1"
	for _, set := range []string{"", "wxf", "chinese"} {
		g, err := New(Options{ID: "rs" + set, Variant: Xiangqi, StartFEN: chaseFEN, RuleSet: set})
		if err != nil {
			t.Fatal(err)
		}
		want := set
		if want == "" {
			want = "wxf"
		}
		if g.RuleSet() != want {
			t.Errorf("%q: RuleSet %q, want %q", set, g.RuleSet(), want)
		}
		play(t, g, "c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2")
		o := g.Outcome()
		if g.Status() != Forfeit || o.Termination != "perpetual chase" || o.Winner != chess.Black || g.Result() != "0-1" {
			t.Errorf("%q: status %v outcome %+v", set, g.Status(), o)
		}
		g2, err := reloadLegacy(g, nil)
		if err != nil || g2.RuleSet() != want || g2.Status() != Forfeit {
			t.Errorf("%q: reloaded: %v, rule set %q", set, err, g2.RuleSet())
		}
	}
	if _, err := New(Options{Variant: Xiangqi, RuleSet: "local"}); !errors.Is(err, ErrBadSetup) {
		t.Errorf("an unknown rule set: got %v, want ErrBadSetup", err)
	}
	if _, err := New(Options{Variant: "chess", RuleSet: "wxf"}); !errors.Is(err, ErrBadSetup) {
		t.Errorf("a rule set for chess: got %v, want ErrBadSetup", err)
	}
}
