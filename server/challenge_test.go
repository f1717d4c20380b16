package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/server/lichess"
)

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
