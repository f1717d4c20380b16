package server

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/variant/chessgame"
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
		if got := lichess.ClockShow(tt.limit, tt.inc); got != tt.want {
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
		f, err := lichess.ParseParams(formType, []byte(tt.body))
		if err != nil {
			t.Fatalf("%q: %v", tt.body, err)
		}
		d, err := lichess.ParseDecline(f)
		switch {
		case tt.msg != "" && (err == nil || !strings.Contains(err.Error(), tt.msg) || !errors.Is(err, ErrBadRequest)):
			t.Errorf("%q: error %v, want a bad request saying %q", tt.body, err, tt.msg)
		case tt.msg == "" && (err != nil || d.EventKey() != tt.key || d.Text == ""):
			t.Errorf("%q = %+v, %v; want %s", tt.body, d, err, tt.key)
		}
	}
}

// TestDeclineReason: the challenged account declines with a reason of
// lichess's: both event streams hear challengeDeclined with its key and
// lichess's text (generic when none is given); an unknown reason is 400
// and leaves the challenge open; the challenger's decline is a cancel,
// without a reason.
func TestDeclineReason(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newProgram(t, srv, "ann"), newProgram(t, srv, "bob")
	annEvents, bobEvents := ann.stream("/api/stream/event"), bob.stream("/api/stream/event")
	challenge := func() string {
		t.Helper()
		var ch lichess.Challenge
		if err := json.Unmarshal([]byte(ann.want(200, "POST", "/api/challenge/bob", formType, "clock.limit=60")), &ch); err != nil {
			t.Fatal(err)
		}
		next(t, annEvents, "challenge")
		next(t, bobEvents, "challenge")
		return ch.ID
	}

	for _, tt := range []struct{ body, key, text string }{
		{"reason=tooFast", "toofast", "This time control is too fast for me, please challenge again with a slower game."},
		{"", "generic", "I'm not accepting challenges at the moment."},
		{"reason=variant", "variant", "I'm not willing to play this variant right now."},
	} {
		id := challenge()
		if tt.body == "reason=tooFast" { // an unknown reason first: refused, the challenge still open
			if c := code(t, bob.want(400, "POST", "/api/challenge/"+id+"/decline", formType, "reason=tooBusy")); c != "bad_request" {
				t.Errorf("an unknown reason: %s", c)
			}
		}
		bob.want(200, "POST", "/api/challenge/"+id+"/decline", formType, tt.body)
		for who, events := range map[string]<-chan map[string]any{"ann": annEvents, "bob": bobEvents} {
			c := next(t, events, "challengeDeclined")["challenge"].(map[string]any)
			if c["id"] != id || c["status"] != "declined" || c["declineReasonKey"] != tt.key || c["declineReason"] != tt.text {
				t.Errorf("%s's challengeDeclined after %q = %v", who, tt.body, c)
			}
		}
	}

	id := challenge()
	ann.want(200, "POST", "/api/challenge/"+id+"/decline", formType, "reason=later")
	c := next(t, bobEvents, "challengeCanceled")["challenge"].(map[string]any)
	if _, has := c["declineReasonKey"]; c["id"] != id || c["status"] != "canceled" || has || c["declineReason"] != nil {
		t.Errorf("challengeCanceled = %v", c)
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
		f, err := lichess.ParseParams(formType, []byte(strings.ReplaceAll(tt.body, "+", "%2B")))
		if err != nil {
			t.Fatalf("%q: %v", tt.body, err)
		}
		req, err := lichess.ParseChallenge(f)
		switch {
		case tt.msg != "" && (err == nil || !errors.Is(err, ErrBadRequest) || !strings.Contains(err.Error(), tt.msg)):
			t.Errorf("%q: %+v, %v; want a bad request saying %q", tt.body, req, err, tt.msg)
		case tt.msg == "" && (err != nil || req.FEN != tt.fen || req.Variant != tt.variant):
			t.Errorf("%q = %+v, %v; want fen %q, variant %q", tt.body, req, err, tt.fen, tt.variant)
		}
	}
}

// TestChallengeFromPosition: a challenge from a position is lichess's
// fromPosition with its initialFen, in the challenge, the event stream's
// gameStart and the game stream's gameFull, whose moves go on from it; a
// rated one is refused (a set-up game is never rated).
func TestChallengeFromPosition(t *testing.T) {
	const italian = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newProgram(t, srv, "ann"), newProgram(t, srv, "bob")
	bobEvents := bob.stream("/api/stream/event")
	fen := strings.ReplaceAll(italian, " ", "+")
	var ch lichess.Challenge
	body := ann.want(200, "POST", "/api/challenge/bob", formType, "clock.limit=300&color=black&fen="+fen)
	if err := json.Unmarshal([]byte(body), &ch); err != nil || ch.Variant.Key != "fromPosition" || ch.InitialFen != italian {
		t.Fatalf("challenge = %s", body)
	}
	if c := code(t, ann.want(400, "POST", "/api/challenge/bob", formType, "rated=true&clock.limit=300&fen="+fen)); c != "bad_request" {
		t.Errorf("a rated challenge from a position: %s", c)
	}
	bob.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	g := next(t, bobEvents, "gameStart")["game"].(map[string]any)
	if g["variant"].(map[string]any)["key"] != "fromPosition" || g["fen"] != italian || g["isMyTurn"] != false {
		t.Errorf("bob's gameStart = %v", g)
	}
	game := ann.stream("/api/board/game/stream/" + ch.ID)
	full := next(t, game, "gameFull")
	if full["variant"].(map[string]any)["name"] != "From Position" || full["initialFen"] != italian ||
		full["state"].(map[string]any)["status"] != "started" {
		t.Errorf("gameFull = %v", full)
	}
	ann.want(200, "POST", "/api/board/game/"+ch.ID+"/move/g8f6", "", "") // black to move, as the FEN says
	waitMoves(t, game, "g8f6")

	// Chess960 from a position is chess960, with its initialFen.
	const c960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
	body = ann.want(200, "POST", "/api/challenge/bob", "application/json", `{"variant":"chess960","fen":"`+c960+`","clock":{"limit":60}}`)
	if err := json.Unmarshal([]byte(body), &ch); err != nil || ch.Variant.Key != "chess960" || ch.InitialFen != c960 {
		t.Fatalf("chess960 challenge = %s", body)
	}
	bob.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	full = next(t, bob.stream("/api/board/game/stream/"+ch.ID), "gameFull")
	if full["variant"].(map[string]any)["key"] != "chess960" || full["initialFen"] != c960 {
		t.Errorf("chess960 gameFull = %v", full)
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
	full := lichess.FullOf(g, false, [2]lichess.Player{})
	if want := "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"; full.InitialFen != want || full.State.Moves != "" ||
		full.Variant.Key != "fromPosition" {
		t.Errorf("gameFull = initialFen %q, moves %q, variant %s; want %q, none, fromPosition", full.InitialFen, full.State.Moves, full.Variant.Key, want)
	}
}
