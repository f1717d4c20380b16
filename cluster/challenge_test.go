package cluster_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/servertest"
)

// bot is a program with an account's token, on one node.
type bot struct {
	t     *testing.T
	base  string
	token string
}

// newBot signs name up on node base and makes it a token there.
func newBot(t *testing.T, base, name string) *bot {
	t.Helper()
	b := &bot{t: t, base: base}
	creds := `{"username":"` + name + `","password":"long enough pass"}`
	b.want(201, "POST", "/api/signup", "application/json", creds)
	var tok struct{ Token string }
	if err := json.Unmarshal([]byte(b.want(200, "POST", "/api/token", "application/json", creds)), &tok); err != nil || tok.Token == "" {
		t.Fatalf("token of %s: %v", name, err)
	}
	b.token = tok.Token
	return b
}

// on is the same program talking to another node.
func (b *bot) on(base string) *bot { return &bot{t: b.t, base: base, token: b.token} }

func (b *bot) want(status int, method, path, ctype, body string) string {
	b.t.Helper()
	r, err := http.NewRequest(method, b.base+path, strings.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	if b.token != "" {
		r.Header.Set("Authorization", "Bearer "+b.token)
	}
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != status {
		b.t.Fatalf("%s %s%s %s = %d %s; want %d", method, b.base, path, body, resp.StatusCode, data, status)
	}
	return string(data)
}

// events opens the program's event stream; its lines end with the test.
func (b *bot) events() <-chan map[string]any {
	b.t.Helper()
	return servertest.NDJSON(b.t, b.base+"/api/stream/event", b.token)
}

// nextLine returns the next line of typ (servertest.NextLine).
func nextLine(t *testing.T, lines <-chan map[string]any, typ string) map[string]any {
	t.Helper()
	return servertest.NextLine(t, lines, typ)
}

const form = "application/x-www-form-urlencoded"

// TestChallengeAcrossNodes: a challenge made on node a is heard of by the
// event stream of its destination on node b, accepted there, and played
// through the Board API on both nodes (the owner, a, runs the game); both
// streams hear gameStart and gameFinish. Another, declined on node b,
// tells the challenger on node a, and a stream connecting to b lists the
// challenges still open, from the store.
func TestChallengeAcrossNodes(t *testing.T) {
	a, b, _ := twoNodes(t)
	ann, bob := newBot(t, a.http.URL, "ann"), newBot(t, b.http.URL, "bob")
	annEvents, bobEvents := ann.events(), bob.events()

	var ch struct{ ID string }
	if err := json.Unmarshal([]byte(ann.want(200, "POST", "/api/challenge/bob", form, "clock.limit=300&clock.increment=0&color=white")), &ch); err != nil || ch.ID == "" {
		t.Fatalf("challenge: %v", err)
	}
	if got := nextLine(t, bobEvents, "challenge")["challenge"].(map[string]any); got["id"] != ch.ID {
		t.Errorf("bob's challenge on node b = %v", got)
	}
	if got := nextLine(t, bob.on(b.http.URL).events(), "challenge")["challenge"].(map[string]any); got["id"] != ch.ID {
		t.Errorf("the open challenge, to a stream connecting to node b = %v", got)
	}
	bob.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	bob.want(404, "POST", "/api/challenge/"+ch.ID+"/accept", "", "") // taken once
	for who, events := range map[string]<-chan map[string]any{"ann": annEvents, "bob": bobEvents} {
		if g := nextLine(t, events, "gameStart")["game"].(map[string]any); g["gameId"] != ch.ID {
			t.Errorf("%s's gameStart = %v", who, g)
		}
	}
	ann.want(200, "POST", "/api/board/game/"+ch.ID+"/move/e2e4", "", "")
	bob.want(200, "POST", "/api/board/game/"+ch.ID+"/move/e7e5", "", "") // on node b: acted on node a
	bob.want(200, "POST", "/api/board/game/"+ch.ID+"/chat", form, "room=spectator&text=hello watchers")
	bob.want(200, "POST", "/api/board/game/"+ch.ID+"/chat", form, "room=player&text=good luck")
	if got := bob.want(200, "GET", "/api/board/game/"+ch.ID+"/chat", "", ""); got != `[{"text":"good luck","user":"bob"}]`+"\n" {
		t.Errorf("the players' chat, read on node b = %s", got) // the players' room only, read from node a's hub
	}
	ann.on(b.http.URL).want(200, "POST", "/api/board/game/"+ch.ID+"/resign", "", "")
	for who, events := range map[string]<-chan map[string]any{"ann": annEvents, "bob": bobEvents} {
		g := nextLine(t, events, "gameFinish")["game"].(map[string]any)
		if g["gameId"] != ch.ID || g["winner"] != "black" || g["lastMove"] != "e7e5" {
			t.Errorf("%s's gameFinish = %v", who, g)
		}
	}

	if err := json.Unmarshal([]byte(ann.want(200, "POST", "/api/challenge/bob", form, "clock.limit=300&clock.increment=0")), &ch); err != nil {
		t.Fatal(err)
	}
	bob.want(200, "POST", "/api/challenge/"+ch.ID+"/decline", form, "reason=tooSlow")
	for {
		m := nextLine(t, annEvents, "challengeDeclined")
		if c := m["challenge"].(map[string]any); c["id"] == ch.ID {
			if c["declineReasonKey"] != "tooslow" {
				t.Errorf("challengeDeclined on node a = %v, want its reason tooslow", c)
			}
			break
		}
	}
}

// do sends a JSON request as the person's browser and fails the test
// unless it is answered status; it returns the body.
func (p *person) do(method, url, body string, status int) string {
	p.t.Helper()
	r, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		p.t.Fatal(err)
	}
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := p.client.Do(r)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != status {
		p.t.Fatalf("%s %s = %d %s; want %d", method, url, resp.StatusCode, data, status)
	}
	return string(data)
}

// TestDeleteAccountAcrossNodes: an account deleted through node b, while
// its game runs on node a: node a's live game forgets the name too, so
// that neither its PGN nor what it saves after (a move) names the account.
func TestDeleteAccountAcrossNodes(t *testing.T) {
	a, b, _ := twoNodes(t)
	ann, bob := newPerson(t), newPerson(t)
	ann.do("POST", a.http.URL+"/api/signup", `{"username":"ann","password":"long enough pass"}`, 201)
	var g struct{ ID string }
	ann.post(a.http.URL, "/api/games", `{"mode":"online","color":"white","clock":{"minutes":5,"increment":0}}`, 201, &g)
	bob.post(b.http.URL, "/api/games/"+g.ID+"/join", `{"name":"bob"}`, 200, nil)
	white, black := ann.dial(a.http.URL, g.ID), bob.dial(b.http.URL, g.ID)
	white.until(0)
	black.until(0)
	white.move("e2e4")
	black.until(1)
	if pgn := bob.do("GET", a.http.URL+"/api/games/"+g.ID+"/pgn", "", 200); !strings.Contains(pgn, `[White "ann"]`) {
		t.Fatalf("PGN before: %s", pgn)
	}

	ann.do("DELETE", b.http.URL+"/api/account", `{"password":"long enough pass"}`, 204)
	deadline := time.Now().Add(10 * time.Second)
	for {
		pgn := bob.do("GET", a.http.URL+"/api/games/"+g.ID+"/pgn", "", 200)
		if strings.Contains(pgn, `[White "?"]`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("node a's live game still names the account:\n%s", pgn)
		}
		time.Sleep(50 * time.Millisecond)
	}
	black.move("e7e5") // saved by node a, the owner
	white.until(2)
	for _, base := range []string{a.http.URL, b.http.URL} {
		if list := bob.do("GET", base+"/api/games?mine=1", "", 200); strings.Contains(list, `"ann"`) || !strings.Contains(list, g.ID) {
			t.Errorf("bob's games on %s after a move: %s", base, list)
		}
	}
}
