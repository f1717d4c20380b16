package server

import (
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
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

	white, black := dial(t, srv, g.ID, ann.playerSecret()), dial(t, srv, g.ID, bob.playerSecret())
	white.send(`{"t":"move","d":{"u":"e2e4"}}`)
	black.next("move")
	black.send(`{"t":"resign"}`)
	for who, events := range map[string]<-chan map[string]any{"ann": annEvents, "bob": bobEvents} {
		got := next(t, events, "gameFinish")["game"].(map[string]any)
		if got["gameId"] != g.ID || got["status"].(map[string]any)["name"] != "resign" || got["winner"] != "white" ||
			got["lastMove"] != "e2e4" || got["color"] != want[who].color {
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
	if opp := got["opponent"].(map[string]any); got["gameId"] != g.ID || opp["username"] != anonymous || opp["id"] != nil || got["isMyTurn"] != false {
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

// FuzzDecodeChallenge: a stored challenge's data, whatever it holds,
// decodes to a whole challenge of the row's ids or to an error, never a
// panic.
func FuzzDecodeChallenge(f *testing.F) {
	c := challenge{ID: "c1", From: challengeUser{ID: "u1", Name: "ann", Player: "p1"}, To: challengeUser{ID: "u2", Name: "bob", Player: "p2"},
		Color: chess.Black, Asked: "black", Rated: true, Variant: game.Chess, Clock: game.ClockConfig{Initial: 5 * time.Minute}, Created: time.Now()}
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
		_ = got.json()
	})
}
