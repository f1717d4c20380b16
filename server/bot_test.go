package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/lichess"
)

// TestBotAPI plays a game between a person's account and a bot account:
// the upgrade, each kept to its own API, the bot's stream, a move with
// offeringDraw, claims refused while the opponent is there, the bot's
// resignation; the bot is listed online while its event stream is open,
// and may not create, join or pair for games.
func TestBotAPI(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bot := newProgram(t, srv, "ann"), newProgram(t, srv, "Robo")
	anon := &program{t: t, srv: srv}

	bot.want(403, "GET", "/api/bot/game/stream/abcdefghij", "", "") // not a bot yet: not_a_bot
	bot.want(200, "POST", "/api/bot/account/upgrade", "", "")
	if body := bot.want(200, "GET", "/api/account", "", ""); !strings.Contains(body, `"title":"BOT"`) {
		t.Fatalf("the bot's account = %s; want title BOT", body)
	}
	if got := anon.want(200, "GET", "/api/bot/online", "", ""); got != "" {
		t.Fatalf("bots online before any stream: %q", got)
	}
	botEvents := bot.stream("/api/stream/event")
	waitFor(t, "the bot online", func() bool {
		return strings.Contains(anon.want(200, "GET", "/api/bot/online", "", ""), `"username":"Robo","title":"BOT"`)
	})

	for _, refused := range []struct{ method, path, body string }{
		{"POST", "/api/games", `{"mode":"online"}`},
		{"POST", "/api/pair", `{"clock":{"minutes":5,"increment":0}}`},
	} {
		if body := bot.want(403, refused.method, refused.path, "application/json", refused.body); !strings.Contains(body, "bot_account") {
			t.Errorf("%s %s by a bot = %s; want bot_account", refused.method, refused.path, body)
		}
	}

	var ch lichess.Challenge
	if err := json.Unmarshal([]byte(ann.want(200, "POST", "/api/challenge/robo", formType, "clock.limit=300&clock.increment=0&color=white")), &ch); err != nil {
		t.Fatal(err)
	}
	next(t, botEvents, "challenge")
	bot.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	next(t, botEvents, "gameStart")

	if body := bot.want(403, "GET", "/api/board/game/stream/"+ch.ID, "", ""); !strings.Contains(body, "bot_account") {
		t.Errorf("a bot on the Board API = %s; want bot_account", body)
	}
	if body := ann.want(403, "POST", "/api/bot/game/"+ch.ID+"/move/e2e4", "", ""); !strings.Contains(body, "not_a_bot") {
		t.Errorf("a person on the Bot API = %s; want not_a_bot", body)
	}
	game := bot.stream("/api/bot/game/stream/" + ch.ID)
	full := next(t, game, "gameFull")
	if st := full["state"].(map[string]any); st["status"] != "started" {
		t.Errorf("gameFull's status = %v; want started", st["status"])
	}
	ann.want(200, "POST", "/api/board/game/"+ch.ID+"/move/e2e4", "", "")
	waitMoves(t, game, "e2e4")
	bot.want(400, "POST", "/api/bot/game/"+ch.ID+"/move/e7e5?offeringDraw=maybe", "", "")
	bot.want(200, "POST", "/api/bot/game/"+ch.ID+"/move/e7e5?offeringDraw=true", "", "")
	// The move and the offer are two steps of the game's hub: the move's
	// state may come first, the offer's follows.
	for st := waitMoves(t, game, "e2e4 e7e5"); st["bdraw"] != true; st = next(t, game, "gameState") {
		if st["moves"] != "e2e4 e7e5" {
			t.Fatalf("after a move offering a draw: %v; want bdraw", st)
		}
	}
	bot.want(200, "POST", "/api/bot/game/"+ch.ID+"/chat", formType, "room=player&text=good+luck")
	bot.want(200, "POST", "/api/bot/game/"+ch.ID+"/chat", formType, "room=spectator&text=hello+watchers")
	if log := bot.want(200, "GET", "/api/bot/game/"+ch.ID+"/chat", "", ""); !strings.Contains(log, `"text":"good luck","user":"Robo"`) || strings.Contains(log, "watchers") {
		t.Errorf("the players' chat = %s; want the bot's line to its opponent only", log)
	}
	bot.want(409, "POST", "/api/bot/game/"+ch.ID+"/claim-victory", "", "") // ann is here: nothing to claim
	bot.want(200, "POST", "/api/bot/game/"+ch.ID+"/resign", "", "")
	for {
		st := next(t, game, "gameState")
		if st["status"] == "resign" {
			if st["winner"] != "white" {
				t.Errorf("after the bot resigned: %v", st)
			}
			break
		}
	}
}

// waitFor polls ok for five seconds, failing the test with what otherwise.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 5 s for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
