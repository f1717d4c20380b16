package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestReadTokenCannotPlay: the probe's token scoped preference:read alone
// could make a rated game, ask for a pairing, open a game's WebSocket and
// move and resign through it. Each is refused now (missing_scope), and
// the account's game stays as it was.
func TestReadTokenCannotPlay(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newBrowser(t, srv), newBrowser(t, srv)
	ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
	bob.want(201, "POST", "/api/signup", `{"username":"bob","password":"long enough pass"}`)
	var tok struct{ Token string }
	mustDecode(t, []byte(ann.want(200, "POST", "/api/token", `{"username":"ann","password":"long enough pass","scopes":["preference:read"]}`)), &tok)
	reader := &program{t: t, srv: srv, token: tok.Token}

	for _, tt := range []struct{ method, path, body string }{
		{"POST", "/api/games", `{"mode":"online","color":"white","clock":{"minutes":3,"increment":2},"rated":true}`},
		{"POST", "/api/pair", `{"clock":{"minutes":3,"increment":2},"rated":true}`},
	} {
		if status, body := reader.call(tt.method, tt.path, "application/json", tt.body); status != 403 || code(t, body) != "missing_scope" {
			t.Errorf("%s %s with a preference:read token = %d %s; want 403 missing_scope", tt.method, tt.path, status, body)
		}
	}

	var g createResponse
	mustDecode(t, []byte(ann.want(201, "POST", "/api/games", `{"mode":"online","color":"white","clock":{"minutes":3,"increment":2}}`)), &g)
	bob.want(200, "POST", "/api/games/"+g.ID+"/join", `{}`)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws/game/" + g.ID
	conn, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + tok.Token}}})
	if err == nil {
		conn.CloseNow()
		t.Fatal("a preference:read token opened the game's WebSocket")
	}
	if resp == nil || resp.StatusCode != 403 {
		t.Errorf("the WebSocket with a preference:read token: %v, want 403", err)
	}
	if status, body := reader.call("POST", "/api/board/game/"+g.ID+"/resign", "", ""); status != 403 || code(t, body) != "missing_scope" {
		t.Errorf("resigning with a preference:read token = %d %s; want 403 missing_scope", status, body)
	}
	var st struct{ State struct{ Status string } }
	if err := json.Unmarshal([]byte(ann.want(200, "GET", "/api/games/"+g.ID, "")), &st); err != nil || st.State.Status == "resigned" {
		t.Errorf("the game after the read token's tries: %+v, %v", st, err)
	}
}

// TestTokenSeesItsSeatsOnlyWithBoardPlay: drawing a game of hidden
// information in which the account sits (its SVG), a token with
// board:play is shown the seat's view, and any other token exactly what
// a stranger is.
func TestTokenSeesItsSeatsOnlyWithBoardPlay(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newBrowser(t, srv), newBrowser(t, srv)
	ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
	bob.want(201, "POST", "/api/signup", `{"username":"bob","password":"long enough pass"}`)
	fog := onlineGame(t, ann, bob, `{"mode":"online","variant":"fogofwar","color":"white"}`)
	tokens := map[string]*program{}
	for _, scope := range []string{"board:play", "preference:read", "challenge:write"} {
		var tok struct{ Token string }
		mustDecode(t, []byte(ann.want(200, "POST", "/api/token", `{"username":"ann","password":"long enough pass","scopes":["`+scope+`"]}`)), &tok)
		tokens[scope] = &program{t: t, srv: srv, token: tok.Token}
	}
	picture := "/game/" + fog + ".svg"
	stranger := (&program{t: t, srv: srv}).want(200, "GET", picture, "", "")
	seat := ann.want(200, "GET", picture, "")
	if seat == stranger {
		t.Fatal("the seat's view of a fog-of-war game is the stranger's: nothing to tell apart")
	}
	if got := tokens["board:play"].want(200, "GET", picture, "", ""); got != seat {
		t.Errorf("a board:play token reads\n%s\nwant the seat's view\n%s", got, seat)
	}
	for _, scope := range []string{"preference:read", "challenge:write"} {
		if got := tokens[scope].want(200, "GET", picture, "", ""); got != stranger {
			t.Errorf("a %s token reads\n%s\nwant the stranger's view\n%s", scope, got, stranger)
		}
	}
}
