package server

import (
	"encoding/json"
	"testing"

	"github.com/gambitchess/gambit/server/lichess"
)

// TestBoardChatRooms: a program writes to the players (its opponent's
// stream hears it) and, with room=spectator as lichess-bot's greeting
// does, to the spectators, who hear it under the player's name while the
// players' chat does not have it; any other room is 400. GET .../chat is
// the players' lines, [{text, user}], to the players only; a stranger may
// neither read nor write the game's chat.
func TestBoardChatRooms(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob, cat := newProgram(t, srv, "ann"), newProgram(t, srv, "bob"), newProgram(t, srv, "cat")
	var ch lichess.Challenge
	if err := json.Unmarshal([]byte(ann.want(200, "POST", "/api/challenge/bob", formType, "clock.limit=300&color=white")), &ch); err != nil {
		t.Fatal(err)
	}
	bob.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	bobGame := bob.stream("/api/board/game/stream/" + ch.ID)
	next(t, bobGame, "gameFull")
	watcher := newBrowser(t, srv).dial(ch.ID)
	watcher.next("chat-log")
	chatPath := "/api/board/game/" + ch.ID + "/chat"

	if got := ann.want(200, "GET", chatPath, "", ""); got != "[]\n" {
		t.Errorf("the players' chat before a line = %q, want []", got)
	}
	ann.want(200, "POST", chatPath, formType, "room=spectator&text=Hi watchers")
	if l := watcher.chat(); l.Text != "Hi watchers" || l.Room != "spectators" || l.Name != "ann" || l.From != "white" {
		t.Errorf("the spectators' line = %+v", l)
	}
	ann.want(200, "POST", chatPath, formType, "room=player&text=Good luck")
	if l := next(t, bobGame, "chatLine"); l["text"] != "Good luck" || l["room"] != "player" || l["username"] != "ann" {
		t.Errorf("bob's chatLine = %v", l)
	}
	bob.want(200, "POST", chatPath, "application/json", `{"room":"player","text":"you too"}`)
	next(t, bobGame, "chatLine")

	for _, bad := range []string{"room=lobby&text=x", "room=Spectator&text=x", "room=player", "room=player&text=x&to=bob"} {
		if status, body := ann.call("POST", chatPath, formType, bad); status != 400 || code(t, body) != "bad_request" {
			t.Errorf("chat %q = %d %s, want 400 bad_request", bad, status, body)
		}
	}

	type chatLine struct{ Text, User string } // lichess's PlayerGameChat: {text, user}
	want := []chatLine{{Text: "Good luck", User: "ann"}, {Text: "you too", User: "bob"}}
	for who, p := range map[string]*program{"ann": ann, "bob": bob} {
		var got []chatLine
		body := p.want(200, "GET", chatPath, "", "")
		if err := json.Unmarshal([]byte(body), &got); err != nil || len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
			t.Errorf("%s's GET chat = %s, want %v (the players' lines only)", who, body, want)
		}
	}
	if c := code(t, cat.want(403, "GET", chatPath, "", "")); c != "not_your_seat" {
		t.Errorf("a stranger reading the players' chat: %s", c)
	}
	if c := code(t, cat.want(403, "POST", chatPath, formType, "room=spectator&text=hello")); c != "not_your_seat" {
		t.Errorf("a stranger writing through the Board API: %s", c)
	}
	cat.want(404, "GET", "/api/board/game/nosuchgame/chat", "", "")
}
