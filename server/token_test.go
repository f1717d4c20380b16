package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestTokens: a token is made with the password (the same answer for an
// unknown user and a wrong password), acts as its account with no cookie
// and may send form bodies, does only what its scopes allow, is listed
// and revoked from the account page; a bad Authorization header is 401
// and never falls back on the cookie; a cookie's request keeps the
// cross-site rules (JSON only).
func TestTokens(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann := newBrowser(t, srv)
	ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
	newProgram(t, srv, "bob")

	anon := &program{t: t, srv: srv}
	wrong := anon.want(401, "POST", "/api/token", "application/json", `{"username":"ann","password":"not the password"}`)
	unknown := anon.want(401, "POST", "/api/token", "application/json", `{"username":"nobody","password":"not the password"}`)
	if wrong != unknown || code(t, wrong) != "bad_credentials" {
		t.Errorf("wrong password %s, unknown user %s: want the same bad_credentials", wrong, unknown)
	}
	bad := []struct{ body, code string }{
		{`{"username":"ann"}`, "bad_request"},
		{`{"username":"ann","password":"long enough pass","scopes":["email:read"]}`, "bad_request"},
		{`{"username":"ann","password":"long enough pass","extra":1}`, "bad_request"},
		{`not json`, "bad_request"},
	}
	for _, tt := range bad {
		if status, body := anon.call("POST", "/api/token", "application/json", tt.body); status != 400 || code(t, body) != tt.code {
			t.Errorf("POST /api/token %s = %d %s; want 400 %s", tt.body, status, body, tt.code)
		}
	}

	var tok tokenResp
	body := anon.want(200, "POST", "/api/token", "application/json", `{"username":"ann","password":"long enough pass","scopes":["challenge:read"],"description":"my bot"}`)
	if err := json.Unmarshal([]byte(body), &tok); err != nil || !strings.HasPrefix(tok.Token, "gbt_") || len(tok.Scopes) != 1 {
		t.Fatalf("token = %s", body)
	}
	reader := &program{t: t, srv: srv, token: tok.Token}
	if !strings.Contains(reader.want(200, "GET", "/api/account", "", ""), `"username":"ann"`) {
		t.Error("GET /api/account with the token is not ann's")
	}
	if c := code(t, reader.want(403, "POST", "/api/challenge/bob", formType, "clock.limit=300")); c != "missing_scope" {
		t.Errorf("challenge without challenge:write: %s", c)
	}
	if c := code(t, reader.want(403, "POST", "/api/board/game/abcdefghij/resign", "", "")); c != "missing_scope" {
		t.Errorf("board without board:play: %s", c)
	}
	// A token's request is judged by its token alone: never by the cookie.
	for _, h := range []string{"Bearer gbt_nope", "Basic YW5uOnB3", "Bearer " + strings.Repeat("x", 300)} {
		r, _ := http.NewRequest("GET", srv.URL+"/api/account", nil)
		r.Header.Set("Authorization", h)
		resp, err := ann.c.Do(r) // with ann's session cookie
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 401 {
			t.Errorf("Authorization %.20q with a good cookie = %d, want 401", h, resp.StatusCode)
		}
	}

	// The account page lists and revokes the tokens; the browser's
	// cookie requests keep the cross-site rules.
	var list []struct{ ID, Description string }
	if err := json.Unmarshal([]byte(ann.want(200, "GET", "/api/account/tokens", "")), &list); err != nil || len(list) != 1 || list[0].Description != "my bot" {
		t.Fatalf("tokens = %+v, %v", list, err)
	}
	r, _ := http.NewRequest("POST", srv.URL+"/api/challenge/bob", strings.NewReader("clock.limit=300"))
	r.Header.Set("Content-Type", formType)
	resp, err := ann.c.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Errorf("a cookie's form POST = %d, want 403 cross_site", resp.StatusCode)
	}
	ann.want(204, "DELETE", "/api/account/tokens/"+list[0].ID, "")
	reader.want(401, "GET", "/api/account", "", "")
	ann.want(404, "DELETE", "/api/account/tokens/"+list[0].ID, "")
}

type tokenResp struct {
	Token  string
	Scopes []string
}
