package server

import (
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/store"
)

// accountWithProgram signs name up in a browser and makes a token for the
// same account: the person at the board and their program.
func accountWithProgram(t *testing.T, srv *httptest.Server, name string) (*browser, *program) {
	t.Helper()
	b := newBrowser(t, srv)
	creds := `{"username":"` + name + `","password":"long enough pass"}`
	b.want(201, "POST", "/api/signup", creds)
	p := &program{t: t, srv: srv}
	var tok struct{ Token string }
	if err := json.Unmarshal([]byte(p.want(200, "POST", "/api/token", "application/json", creds)), &tok); err != nil || tok.Token == "" {
		t.Fatalf("token of %s: %v", name, err)
	}
	p.token = tok.Token
	return b, p
}

// TestEventStreamBrowserInvite: a game begun in the browser (an invite,
// its link opened by another account) shows on both accounts' event
// streams as gameStart, then gameFinish when it ends; a stream that
// connects while it runs hears of it from the store; an anonymous
// opponent is Anonymous, and a game against the computer starts at once.
func TestEventStreamBrowserInvite(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, annProg := accountWithProgram(t, srv, "ann")
	bob, bobProg := accountWithProgram(t, srv, "bob")
	annEvents, bobEvents := annProg.stream("/api/stream/event"), bobProg.stream("/api/stream/event")

	var g createResponse
	body := ann.want(201, "POST", "/api/games", `{"mode":"online","color":"white","clock":{"minutes":5,"increment":3}}`)
	if err := json.Unmarshal([]byte(body), &g); err != nil {
		t.Fatalf("create: %s", body)
	}
	bob.want(200, "POST", "/api/games/"+g.ID+"/join", `{}`)
	want := map[string]struct{ color, opponent, id string }{"ann": {"white", "bob", "bob"}, "bob": {"black", "ann", "ann"}}
	for who, events := range map[string]<-chan map[string]any{"ann": annEvents, "bob": bobEvents} {
		got := next(t, events, "gameStart")["game"].(map[string]any)
		opp := got["opponent"].(map[string]any)
		if got["gameId"] != g.ID || got["color"] != want[who].color || opp["username"] != want[who].opponent ||
			opp["id"] != want[who].id || got["source"] != "friend" || got["rated"] != false || got["speed"] != "blitz" {
			t.Errorf("%s's gameStart = %v", who, got)
		}
	}

	late := next(t, bobProg.stream("/api/stream/event"), "gameStart")["game"].(map[string]any)
	if late["gameId"] != g.ID || late["color"] != "black" || late["isMyTurn"] != false {
		t.Errorf("gameStart to a late event stream = %v", late)
	}

	white, black := ann.dial(g.ID), bob.dial(g.ID)
	white.send(`{"t":"move","d":{"u":"e2e4"}}`)
	black.next("move")
	black.send(`{"t":"move","d":{"u":"e7e5"}}`)
	white.next("move")
	black.send(`{"t":"resign"}`) // after both sides moved: a resignation, not an abort
	for who, events := range map[string]<-chan map[string]any{"ann": annEvents, "bob": bobEvents} {
		got := next(t, events, "gameFinish")["game"].(map[string]any)
		if got["gameId"] != g.ID || got["status"].(map[string]any)["name"] != "resign" || got["winner"] != "white" ||
			got["lastMove"] != "e7e5" || got["color"] != want[who].color {
			t.Errorf("%s's gameFinish = %v", who, got)
		}
	}
	if lines := settled(annProg.stream("/api/stream/event")); len(lines) != 0 {
		t.Errorf("a finished game is still announced on connecting: %v", lines)
	}

	// Against an anonymous person, and against the computer.
	body = ann.want(201, "POST", "/api/games", `{"mode":"online","color":"black"}`)
	if err := json.Unmarshal([]byte(body), &g); err != nil {
		t.Fatalf("create: %s", body)
	}
	newBrowser(t, srv).want(200, "POST", "/api/games/"+g.ID+"/join", `{}`)
	got := next(t, annEvents, "gameStart")["game"].(map[string]any)
	if opp := got["opponent"].(map[string]any); got["gameId"] != g.ID || opp["username"] != "Anonymous" || opp["id"] != nil || got["isMyTurn"] != false {
		t.Errorf("gameStart against an anonymous person = %v", got)
	}
	body = ann.want(201, "POST", "/api/games", `{"mode":"computer","color":"white","level":"greedy"}`)
	if err := json.Unmarshal([]byte(body), &g); err != nil {
		t.Fatalf("create: %s", body)
	}
	got = next(t, annEvents, "gameStart")["game"].(map[string]any)
	if got["gameId"] != g.ID || got["source"] != "ai" || got["isMyTurn"] != true {
		t.Errorf("gameStart against the computer = %v", got)
	}
}

// settled is what lines holds once a stream has had a moment to send what
// it sends on connecting.
func settled(lines <-chan map[string]any) []map[string]any {
	var out []map[string]any
	timeout := time.After(300 * time.Millisecond)
	for {
		select {
		case m, ok := <-lines:
			if !ok {
				return out
			}
			out = append(out, m)
		case <-timeout:
			return out
		}
	}
}

// TestEventStreamOneStartPerGame: a seat taken again in a started game
// without moves (the anonymous opponent renaming themself) and a stream
// that connects as a game starts tell of the game once.
func TestEventStreamOneStartPerGame(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, annProg := accountWithProgram(t, srv, "ann")
	annEvents := annProg.stream("/api/stream/event")
	var g createResponse
	body := ann.want(201, "POST", "/api/games", `{"mode":"online","color":"white"}`)
	if err := json.Unmarshal([]byte(body), &g); err != nil {
		t.Fatalf("create: %s", body)
	}
	zed := newBrowser(t, srv)
	zed.want(200, "POST", "/api/games/"+g.ID+"/join", `{}`)
	zed.want(200, "POST", "/api/games/"+g.ID+"/join", `{"name":"Zed"}`) // a rename: the seat is taken again
	late := annProg.stream("/api/stream/event")
	for who, lines := range map[string]<-chan map[string]any{"the open stream": annEvents, "a stream opened since": late} {
		starts := 0
		for _, l := range settled(lines) {
			if l["type"] == "gameStart" && l["game"].(map[string]any)["gameId"] == g.ID {
				starts++
			}
		}
		if starts != 1 {
			t.Errorf("%s told of the game's start %d times, want once", who, starts)
		}
	}
}

// TestGameEventsInOrder: a game's gameStart and gameFinish, asked for one
// right after the other (a game aborted at once), reach its players'
// streams in that order, every time.
func TestGameEventsInOrder(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	_, ann := accountWithProgram(t, srv, "ann")
	_, bob := accountWithProgram(t, srv, "bob")
	var c struct{ ID string }
	if err := json.Unmarshal([]byte(ann.want(200, "POST", "/api/challenge/bob", "application/json", `{"color":"white"}`)), &c); err != nil {
		t.Fatal(err)
	}
	annEvents := ann.stream("/api/stream/event")
	bob.want(200, "POST", "/api/challenge/"+c.ID+"/accept", "", "")
	ann.want(200, "POST", "/api/board/game/"+c.ID+"/abort", "", "")
	next(t, annEvents, "gameFinish") // the abort's own: told before the rounds begin
	accounts := s.store.(store.Accounts)
	u, err := accounts.UserByName(t.Context(), "ann")
	if err != nil {
		t.Fatal(err)
	}
	end := []game.Event{{Type: game.EventEnd}}
	for i := range 30 {
		lines, cancel := s.lichess.Subscribe(playerID(u.Player))
		if err := s.read(t.Context(), c.ID, func(g *game.Game) {
			s.lichess.NoteCreated(g) // its gameStart: no seat open
			s.lichess.NoteSaved(g, end)
		}); err != nil {
			t.Fatal(err)
		}
		var types []string
		for len(types) < 2 {
			select {
			case line := <-lines:
				var ev struct{ Type string }
				_ = json.Unmarshal(line, &ev)
				types = append(types, ev.Type)
			case <-time.After(5 * time.Second):
				t.Fatalf("round %d: only %v", i, types)
			}
		}
		cancel()
		if types[0] != "gameStart" || types[1] != "gameFinish" {
			t.Fatalf("round %d: events in the order %v, want gameStart then gameFinish", i, types)
		}
	}
}
