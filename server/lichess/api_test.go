package lichess

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/server/wire/wiretest"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/variant/chessgame"
)

// The tests of the API's pure pieces: its parsers (fuzzed: every refusal
// a 4xx), its shapes, the stored challenges, the order of a game's
// events.

// formType is an HTML form's body type, as programs send theirs.
const formType = "application/x-www-form-urlencoded"

// clientError fails unless err is nil or a 4xx with a message
// (wiretest.ClientError).
func clientError(t *testing.T, what string, err error) {
	t.Helper()
	wiretest.ClientError(t, what, err)
}

// FuzzChallengeBody feeds arbitrary challenge bodies, form and JSON,
// through parseParams and parseChallenge: no panic, every refusal a 4xx,
// and what is accepted is within the limits.
func FuzzChallengeBody(f *testing.F) {
	for _, seed := range []struct{ mt, body string }{
		{formType, "rated=true&clock.limit=300&clock.increment=3&color=white&variant=standard"},
		{formType, "days=3&variant=xiangqi"},
		{formType, "clock.limit=300&clock.limit=60"},
		{formType, "%zz"},
		{"application/json", `{"rated":true,"clock":{"limit":300,"increment":2},"color":"black"}`},
		{"application/json", `{"clock.limit":"600","variant":"fogofwar"}`},
		{"application/json", `{"a":{"b":{"c":1}}}`},
		{"application/json", `[1,2]`},
		{"text/plain", "x"},
		{formType, "fen=r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R+b+KQkq+-+3+3"},
		{formType, "variant=fromPosition&fen=7k/5Q2/6K1/8/8/8/8/8+b+-+-+0+1"},
		{formType, "variant=chess960&fen=bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR+w+HFhf+-+2+9"},
		{"application/json", `{"variant":"xiangqi","fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"}`},
		{formType, "fen=8/8/8/8/8/8/8/8+w+-+-+0+1"},
		{formType, "variant=fromPosition"},
	} {
		f.Add(seed.mt, []byte(seed.body))
	}
	f.Fuzz(func(t *testing.T, mt string, body []byte) {
		fields, err := ParseParams(mt, body)
		clientError(t, "parseParams", err)
		if err != nil {
			return
		}
		req, err := ParseChallenge(fields)
		clientError(t, "parseChallenge", err)
		if err == nil && (req.Limit < 0 || req.Limit > 10800 || req.Inc < 0 || req.Inc > 180 || req.Days < 0 || req.Days > MaxDays) {
			t.Fatalf("accepted out of range: %+v", req)
		}
		if err != nil || req.FEN == "" {
			return
		}
		// An accepted FEN is a chess or Chess960 position, as its rules
		// write it, with a move to play.
		parse := chess.ParseFEN
		switch req.Variant {
		case "":
		case string(chessgame.Chess960):
			parse = chess.ParseFEN960
		default:
			t.Fatalf("a fen accepted for variant %q", req.Variant)
		}
		p, perr := parse(req.FEN)
		var moves chess.MoveList
		if perr == nil {
			p.GenerateLegal(&moves)
		}
		if perr != nil || p.FEN() != req.FEN || moves.Len() == 0 {
			t.Fatalf("accepted fen %q: %v, %d moves", req.FEN, perr, moves.Len())
		}
	})
}

// FuzzMovePath feeds arbitrary {move} path segments to parseMovePath: no
// panic, a refusal is a 4xx, and an accepted move is 4 or 5 lower-case
// letters and digits.
func FuzzMovePath(f *testing.F) {
	for _, seed := range []string{"e2e4", "e7e8q", "h2e2", "H2-E2", "e2", "e2e4e5", "é2e4", "../x", "0000", ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, m string) {
		got, err := ParseMovePath(m)
		clientError(t, "parseMovePath", err)
		if err != nil {
			return
		}
		if len(got) < 4 || len(got) > 5 || strings.ToLower(got) != got {
			t.Fatalf("parseMovePath(%q) = %q", m, got)
		}
	})
}

// FuzzDeclineBody feeds arbitrary decline bodies, form and JSON, through
// parseParams and parseDecline: no panic, every refusal a 4xx, and an
// accepted reason is one of lichess's, with its text.
func FuzzDeclineBody(f *testing.F) {
	for _, seed := range []struct{ mt, body string }{
		{formType, "reason=tooFast"},
		{formType, "reason=TOOSLOW"},
		{formType, ""},
		{formType, "reason=nope"},
		{formType, "reason=generic&reason=later"},
		{"application/json", `{"reason":"noBot"}`},
		{"application/json", `{"reason":{"key":"later"}}`},
	} {
		f.Add(seed.mt, []byte(seed.body))
	}
	f.Fuzz(func(t *testing.T, mt string, body []byte) {
		fields, err := ParseParams(mt, body)
		clientError(t, "parseParams", err)
		if err != nil {
			return
		}
		d, err := ParseDecline(fields)
		clientError(t, "parseDecline", err)
		if err == nil && (d.Text == "" || !slices.Contains(DeclineReasons, d)) {
			t.Fatalf("parseDecline(%v) = %+v", fields, d)
		}
	})
}

// TestStreamStateChanged: the game stream writes a gameState only when the
// game changed, not when only its clocks ran (CI once saw the state a newly
// joined client is sent arrive after a move, and the stream repeat the
// position with a later time).
func TestStreamStateChanged(t *testing.T) {
	base := GameState{Type: "gameState", Moves: "e2e4", Status: "started", WTime: 60000, BTime: 59000, WInc: 2000, BInc: 2000}
	for _, tt := range []struct {
		name string
		edit func(*GameState)
		want bool
	}{
		{"the same", func(*GameState) {}, false},
		{"the clocks ran", func(s *GameState) { s.WTime, s.BTime = 59990, 58000 }, false},
		{"a move", func(s *GameState) { s.Moves += " e7e5"; s.BTime = 58000 }, true},
		{"a draw offered", func(s *GameState) { s.WDraw = true }, true},
		{"a takeback asked", func(s *GameState) { s.BTakeback = true }, true},
		{"white went berserk", func(s *GameState) { s.WBerserk, s.WInc, s.WTime = true, 0, 30000 }, true},
		{"the game ended", func(s *GameState) { s.Status, s.Winner = "outoftime", "black" }, true},
	} {
		st := base
		tt.edit(&st)
		if got := changed(st, base); got != tt.want {
			t.Errorf("%s: changed = %v, want %v", tt.name, got, tt.want)
		}
	}
}

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
		if got := ClockShow(tt.limit, tt.inc); got != tt.want {
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
		c := &challenge{ID: "x", Color: chess.White, Asked: "white", Variant: chessgame.Chess, Clock: tt.clock}
		data, err := json.Marshal(c.shape())
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

// TestParseDecline: a decline's reason is one of lichess's keys, in any
// case, or none (generic); anything else is a 400 that names the keys.
func TestParseDecline(t *testing.T) {
	for _, tt := range []struct {
		body     string
		key, msg string // msg: a part of the error's text; "" for none
	}{
		{"", "generic", ""},
		{"reason=", "generic", ""},
		{"reason=generic", "generic", ""},
		{"reason=tooFast", "toofast", ""},
		{"reason=toofast", "toofast", ""},
		{"reason=TIMECONTROL", "timecontrol", ""},
		{"reason=noBot", "nobot", ""},
		{"reason=onlyBot", "onlybot", ""},
		{"reason=later", "later", ""},
		{"reason=busy", "", "tooFast"},
		{"reason=generic&why=1", "", "unknown field"},
	} {
		f, err := ParseParams(formType, []byte(tt.body))
		if err != nil {
			t.Fatalf("%q: %v", tt.body, err)
		}
		d, err := ParseDecline(f)
		switch {
		case tt.msg != "" && (err == nil || !strings.Contains(err.Error(), tt.msg) || !errors.Is(err, wire.ErrBadRequest)):
			t.Errorf("%q: error %v, want a bad request saying %q", tt.body, err, tt.msg)
		case tt.msg == "" && (err != nil || d.EventKey() != tt.key || d.Text == ""):
			t.Errorf("%q = %+v, %v; want %s", tt.body, d, err, tt.key)
		}
	}
}

// TestParseChallengeFEN: a challenge's fen is a legal chess or Chess960
// position with a move to play (lichess's fromPosition names chess from
// one), written back as the rules write it; the standard start is no
// setup at all; anything else is a 400 that says what is wrong.
func TestParseChallengeFEN(t *testing.T) {
	const (
		italian = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
		c960    = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
	)
	for _, tt := range []struct {
		body    string
		variant string
		fen     string // the FEN accepted; "" with msg "" for none
		msg     string // a part of the refusal's text
	}{
		{"fen=" + italian, "", italian, ""},
		{"variant=standard&fen=" + italian, "", italian, ""},
		{"variant=fromPosition&fen=" + italian, "", italian, ""},
		{"fen=r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq -", "", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 1", ""},
		{"fen=" + chess.StartFEN, "", "", ""},
		{"variant=chess960&fen=" + c960, "chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", ""}, // X-FEN's castling
		{"variant=fromPosition", "", "", "needs a fen"},
		{"fen=", "", "", "empty"},
		{"variant=xiangqi&fen=" + italian, "", "", "not of xiangqi"},
		{"fen=rnbqkbnr/pppppppp/8/8 w KQkq - 0 1", "", "", "fen:"},
		{"fen=hello", "", "", "fen:"},
		{"fen=7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", "", "no legal move"},                           // stalemate
		{"fen=4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "", "", "fen:"},                                   // the side not to move in check
		{"fen=8/8/8/8/8/8/8/8 w - - 0 1", "", "", "fen:"},                                         // no kings
		{"fen=" + italian + strings.Repeat(" ", 2) + strings.Repeat("x", 130), "", "", "at most"}, // too long
	} {
		f, err := ParseParams(formType, []byte(strings.ReplaceAll(tt.body, "+", "%2B")))
		if err != nil {
			t.Fatalf("%q: %v", tt.body, err)
		}
		req, err := ParseChallenge(f)
		switch {
		case tt.msg != "" && (err == nil || !errors.Is(err, wire.ErrBadRequest) || !strings.Contains(err.Error(), tt.msg)):
			t.Errorf("%q: %+v, %v; want a bad request saying %q", tt.body, req, err, tt.msg)
		case tt.msg == "" && (err != nil || req.FEN != tt.fen || req.Variant != tt.variant):
			t.Errorf("%q = %+v, %v; want fen %q, variant %q", tt.body, req, err, tt.fen, tt.variant)
		}
	}
}

// TestGameFullAfterImportedMoves: a game set up from a PGN starts, for
// the API, after its imported moves (they are not in moves): gameFull's
// initialFen is the position after them, and chess from there is
// fromPosition.
func TestGameFullAfterImportedMoves(t *testing.T) {
	g, err := game.New(game.Options{ID: "imported", Mode: game.ModeOnline, Setup: "1. e4 e5 *",
		Seats: [2]game.Seat{{Kind: game.SeatHuman, Player: "p-ann", Name: "ann"}, {Kind: game.SeatHuman, Player: "p-bob", Name: "bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	full := FullOf(g, false, [2]Player{})
	if want := "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"; full.InitialFen != want || full.State.Moves != "" ||
		full.Variant.Key != "fromPosition" {
		t.Errorf("gameFull = initialFen %q, moves %q, variant %s; want %q, none, fromPosition", full.InitialFen, full.State.Moves, full.Variant.Key, want)
	}
}

// FuzzParseStatusIDs: any ids parameter is read or refused, never a panic.
func FuzzParseStatusIDs(f *testing.F) {
	for _, s := range []string{"ann,bob", "", ",,,", strings.Repeat("x", 70)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ids, err := ParseStatusIDs(s)
		if err == nil && (len(ids) == 0 || len(ids) > MaxStatusIDs) {
			t.Fatalf("parseStatusIDs(%q) = %d ids", s, len(ids))
		}
	})
}

// FuzzDecodeChallenge: a stored challenge's data, whatever it holds,
// decodes to a whole challenge of the row's ids or to an error, never a
// panic.
func FuzzDecodeChallenge(f *testing.F) {
	c := challenge{ID: "c1", From: party{ID: "u1", Name: "ann", Player: "p1"}, To: party{ID: "u2", Name: "bob", Player: "p2"},
		Color: chess.Black, Asked: "black", Rated: true, Variant: chessgame.Chess, Clock: game.ClockConfig{Initial: 5 * time.Minute}, Created: time.Now()}
	good, _ := json.Marshal(c)
	f.Add(good)
	f.Add([]byte(`{"id":"c1","from":{"id":"u1"},"to":{"id":"u2"},"color":7}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := decodeChallenge(store.Challenge{ID: "c1", From: "u1", To: "u2", Data: data})
		if err != nil {
			return
		}
		if got.ID != "c1" || got.From.ID != "u1" || got.To.ID != "u2" || (got.Color != chess.White && got.Color != chess.Black) {
			t.Fatalf("decoded %q to %+v", data, got)
		}
		_ = got.shape()
	})
}

// TestSerialQueue: a key's jobs run one after another in the order given,
// a slow first job holding up the next of its key only; another key's
// jobs run meanwhile.
func TestSerialQueue(t *testing.T) {
	q := newSerialQueue()
	var (
		mu   sync.Mutex
		got  []string
		wg   sync.WaitGroup
		hold = make(chan struct{})
	)
	run := func(key string, job func()) {
		if q.enqueue(key, job) {
			wg.Add(1)
			go func() { defer wg.Done(); q.drain(key, job) }()
		}
	}
	note := func(s string) func() {
		return func() { mu.Lock(); got = append(got, s); mu.Unlock() }
	}
	run("g1", func() { <-hold; note("g1 start")() }) // a start slowed down, as by a loaded store
	run("g1", note("g1 finish"))
	otherDone := make(chan struct{})
	run("g2", func() { note("g2 start")(); close(otherDone) })
	select {
	case <-otherDone: // g2 did not wait for g1
	case <-time.After(5 * time.Second):
		t.Fatal("a game's events waited on another game's")
	}
	close(hold)
	wg.Wait()
	want := []string{"g2 start", "g1 start", "g1 finish"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("jobs ran in the order %v, want %v", got, want)
	}
	if len(q.waiting) != 0 {
		t.Errorf("drained queue keeps %v", q.waiting)
	}
}

// TestPerfOf: chess by speed, correspondence by days, the others by name;
// a clock as the game API makes it from a request.
func TestPerfOf(t *testing.T) {
	tests := []struct {
		v    string
		c    struct{ min, inc, days int }
		want string
	}{
		{"chess", struct{ min, inc, days int }{1, 0, 0}, "bullet"},
		{"", struct{ min, inc, days int }{5, 3, 0}, "blitz"},
		{"chess", struct{ min, inc, days int }{10, 5, 0}, "rapid"},
		{"chess", struct{ min, inc, days int }{30, 20, 0}, "classical"},
		{"chess", struct{ min, inc, days int }{0, 0, 3}, "correspondence"},
		{"chess", struct{ min, inc, days int }{0, 0, 0}, "correspondence"}, // untimed: as its speed says
		{"", struct{ min, inc, days int }{0, 0, 0}, "correspondence"},
		{"chess960", struct{ min, inc, days int }{5, 3, 0}, "chess960"},
		{"chess960", struct{ min, inc, days int }{0, 0, 0}, "chess960"},
	}
	for _, tt := range tests {
		var cfg game.ClockConfig // untimed: no clock at all
		switch c := tt.c; {
		case c.days > 0:
			cfg = game.ClockConfig{Initial: time.Duration(c.days) * 24 * time.Hour, PerMove: true}
		case c.min > 0:
			cfg = game.ClockConfig{Initial: time.Duration(c.min) * time.Minute, Increment: time.Duration(c.inc) * time.Second}
		}
		if got := Perf(game.Variant(tt.v), cfg); got != tt.want {
			t.Errorf("perfOf(%q, %+v) = %q, want %q", tt.v, tt.c, got, tt.want)
		}
		if v := game.Variant(tt.v); (v == "" || v == chessgame.Chess) && Speed(cfg) != tt.want {
			t.Errorf("speedOf(%+v) = %q, perf %q: chess's perf is its speed", tt.c, Speed(cfg), tt.want)
		}
	}
}
