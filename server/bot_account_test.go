package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestTokenTestFromPrograms: a program tests its token with POST
// /api/token/test as lichess-bot and berserk do (text or no type, with
// or without a token: guards let it through) and sees its account and
// its scopes, bot:play among them (a token made without scopes has them
// all).
func TestTokenTestFromPrograms(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann := newProgram(t, srv, "Ann_Bot")

	tests := []struct {
		ctype string
		auth  string
	}{{"text/plain", ""}, {"", ""}, {formType, ""}, {"", ann.token}}
	for _, tt := range tests {
		var got map[string]*struct {
			UserID  string `json:"userId"`
			Scopes  string `json:"scopes"`
			Expires *int64 `json:"expires"`
		}
		p := &program{t: t, srv: srv, token: tt.auth}
		body := p.want(200, "POST", "/api/token/test", tt.ctype, ann.token+",gbt_unknown")
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatal(err)
		}
		info, unknown := got[ann.token], got["gbt_unknown"]
		if info == nil || info.UserID != "ann_bot" || info.Expires != nil || unknown != nil || len(got) != 2 ||
			!strings.Contains(","+info.Scopes+",", ",bot:play,") {
			t.Errorf("token test (%q, token %v) = %s", tt.ctype, tt.auth != "", body)
		}
	}
	// The token test reads no cookie and changes nothing: a browser's
	// cross-site text is answered too; other routes stay same-site JSON.
	r, _ := http.NewRequest("POST", srv.URL+"/api/token/test", strings.NewReader(ann.token))
	r.Header.Set("Content-Type", "text/plain")
	r.Header.Set("Origin", "https://elsewhere.example")
	r.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, err := http.DefaultClient.Do(r); err != nil || resp.StatusCode != 200 {
		t.Errorf("a cross-site token test: %v, %v", resp, err)
	} else {
		resp.Body.Close()
	}
	anon := &program{t: t, srv: srv}
	if c := code(t, anon.want(403, "POST", "/api/token", "text/plain", `{}`)); c != "cross_site" {
		t.Errorf("POST /api/token as text: %s, want cross_site", c)
	}
}

// TestBotAccountUpgrade: lichess-bot's -u against Gambit: a new account
// becomes a bot, twice with the same answer, and its account and profile
// say "title":"BOT" from then on (lichess-bot's check), no one else's;
// an account that sits in a game (an invite no one took counts) is
// refused 400 and stays a person's.
func TestBotAccountUpgrade(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann := newProgram(t, srv, "Ann_Bot")
	bob := newProgram(t, srv, "bob")
	bob.want(201, "POST", "/api/games", "application/json", `{"mode":"online","color":"white"}`)
	anon := &program{t: t, srv: srv}
	if body := bob.want(400, "POST", "/api/bot/account/upgrade", "", ""); code(t, body) != "bad_request" || !strings.Contains(body, "has played") {
		t.Errorf("bob, who sits in a game, upgraded: %s", body)
	}
	titles := func(when string, want map[*program]string) {
		t.Helper()
		for p, title := range want {
			for _, path := range []string{"/api/account", "/api/user/" + map[*program]string{ann: "ann_bot", bob: "BOB"}[p]} {
				who := p
				if path != "/api/account" {
					who = anon
				}
				var u struct {
					ID    string  `json:"id"`
					Title *string `json:"title"`
				}
				body := who.want(200, "GET", path, "", "")
				mustDecode(t, []byte(body), &u)
				if title == "" && u.Title != nil || title != "" && (u.Title == nil || *u.Title != title) {
					t.Errorf("%s: GET %s = %s; want title %q", when, path, body, title)
				}
			}
		}
	}
	titles("before", map[*program]string{ann: "", bob: ""})
	for range 2 {
		if body := ann.want(200, "POST", "/api/bot/account/upgrade", "", ""); body != "{\"ok\":true}\n" {
			t.Errorf("ann's upgrade = %q", body)
		}
	}
	titles("after", map[*program]string{ann: "BOT", bob: ""})
}
