package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// browser is one browser: its own cookie jar, from address 127.0.0.n.
type browser struct {
	t   *testing.T
	c   *http.Client
	srv *httptest.Server
}

func newBrowser(t *testing.T, srv *httptest.Server) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{t: t, c: &http.Client{Jar: jar, Timeout: 10 * time.Second}, srv: srv}
}

// call sends a request as the web UI does (JSON, from its own page) and
// returns the status and the body.
func (b *browser) call(method, path, body string) (int, string) {
	b.t.Helper()
	r, err := http.NewRequest(method, b.srv.URL+path, strings.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	r.Header.Set("User-Agent", "TestBrowser/1.0")
	resp, err := b.c.Do(r)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	return resp.StatusCode, string(data)
}

// want sends a request and fails the test unless it is answered status.
func (b *browser) want(status int, method, path, body string) string {
	b.t.Helper()
	got, text := b.call(method, path, body)
	if got != status {
		b.t.Fatalf("%s %s %s = %d %s; want %d", method, path, body, got, text, status)
	}
	return text
}

// gameIDs lists the ids of the games GET /api/games says are the browser's.
func (b *browser) gameIDs() []string {
	b.t.Helper()
	var list []struct {
		ID    string `json:"id"`
		Yours bool   `json:"yours"`
	}
	if err := json.Unmarshal([]byte(b.want(200, "GET", "/api/games", "")), &list); err != nil {
		b.t.Fatal(err)
	}
	var ids []string
	for _, g := range list {
		if g.Yours {
			ids = append(ids, g.ID)
		}
	}
	return ids
}

func code(t *testing.T, body string) string {
	t.Helper()
	var e struct{ Code string }
	if err := json.Unmarshal([]byte(body), &e); err != nil {
		t.Fatalf("error body %q: %v", body, err)
	}
	return e.Code
}

// TestAccountLifecycle: sign up after playing anonymously (the game stays
// the browser's, not the account's), sign in from a second browser,
// sessions listed and revoked, log out everywhere (the browser has its
// anonymous game back), a password change, deleting the account.
func TestAccountLifecycle(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	a := newBrowser(t, srv)
	a.want(401, "GET", "/api/account", "")
	var g createResponse
	if err := json.Unmarshal([]byte(a.want(201, "POST", "/api/games", `{"mode":"local"}`)), &g); err != nil {
		t.Fatal(err)
	}
	if body := a.want(200, "GET", "/api/session", ""); strings.TrimSpace(body) != "{}" {
		t.Errorf("GET /api/session signed out = %s, want {}", body)
	}
	a.want(201, "POST", "/api/signup", `{"username":"Ann_1","password":"correct horse battery"}`)
	if body := a.want(200, "GET", "/api/session", ""); !strings.Contains(body, `"username":"Ann_1"`) {
		t.Errorf("GET /api/session = %s", body)
	}
	if body := a.want(200, "GET", "/api/account", ""); !strings.Contains(body, `"username":"Ann_1"`) {
		t.Errorf("GET /api/account = %s", body)
	}
	if ids := a.gameIDs(); len(ids) != 0 {
		t.Errorf("after sign-up, my games = %q; want none (the game played before is the browser's)", ids)
	}

	b := newBrowser(t, srv)
	b.want(200, "POST", "/api/login", `{"username":"ann_1","password":"correct horse battery"}`)
	if ids := b.gameIDs(); len(ids) != 0 {
		t.Errorf("signed in elsewhere, my games = %q; want none", ids)
	}

	var sessions []sessionEntry
	if err := json.Unmarshal([]byte(b.want(200, "GET", "/api/account/sessions", "")), &sessions); err != nil {
		t.Fatal(err)
	}
	if len(sessions) != 2 || !sessions[0].Current || sessions[1].Current || sessions[0].Agent != "TestBrowser/1.0" {
		t.Fatalf("sessions = %+v", sessions)
	}
	// b revokes a's session: a is signed out, b is not.
	b.want(204, "DELETE", "/api/account/sessions/"+sessions[1].ID, "")
	a.want(401, "GET", "/api/account", "")
	b.want(200, "GET", "/api/account", "")
	b.want(404, "DELETE", "/api/account/sessions/"+sessions[1].ID, "")

	// A password change keeps this session and ends the others.
	a.want(200, "POST", "/api/login", `{"username":"Ann_1","password":"correct horse battery"}`)
	b.want(204, "POST", "/api/account/password", `{"current":"correct horse battery","new":"staple gun 42 blue"}`)
	a.want(401, "GET", "/api/account", "")
	b.want(200, "GET", "/api/account", "")
	if c := code(t, a.want(401, "POST", "/api/login", `{"username":"Ann_1","password":"correct horse battery"}`)); c != "bad_credentials" {
		t.Errorf("old password: %s", c)
	}
	a.want(200, "POST", "/api/login", `{"username":"Ann_1","password":"staple gun 42 blue"}`)

	// Log out everywhere.
	a.want(204, "POST", "/api/logout/all", "")
	a.want(401, "GET", "/api/account", "")
	b.want(401, "GET", "/api/account", "")
	// Signed out, the browser plays as itself again: its game is back.
	if ids := a.gameIDs(); len(ids) != 1 || ids[0] != g.ID {
		t.Errorf("signed out, my games = %q; want the game played before signing up, %s", ids, g.ID)
	}

	// Delete: the password again, then the name is free and the game stays.
	b.want(200, "POST", "/api/login", `{"username":"Ann_1","password":"staple gun 42 blue"}`)
	b.want(401, "DELETE", "/api/account", `{"password":"wrong password here"}`)
	b.want(204, "DELETE", "/api/account", `{"password":"staple gun 42 blue"}`)
	b.want(401, "GET", "/api/account", "")
	b.want(401, "POST", "/api/login", `{"username":"Ann_1","password":"staple gun 42 blue"}`)
	b.want(200, "GET", "/api/games/"+g.ID, "")
	b.want(201, "POST", "/api/signup", `{"username":"ANN_1","password":"a brand new secret"}`)
}

// sessionEntry is one session of GET /api/account/sessions.
type sessionEntry struct {
	ID      string `json:"id"`
	Agent   string `json:"agent"`
	Current bool   `json:"current"`
}

// TestSignupRefusals: what sign-up refuses, each with its code.
func TestSignupRefusals(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	tests := []struct {
		body, code string
		status     int
	}{
		{`{"username":"Bob","password":"long enough pass"}`, "", 201},
		{`{"username":"BOB","password":"long enough pass"}`, "username_taken", 409},
		{`{"username":"ab","password":"long enough pass"}`, "bad_username", 400},
		{`{"username":"abcdefghijklmnopqrstu","password":"long enough pass"}`, "bad_username", 400},
		{`{"username":"with space","password":"long enough pass"}`, "bad_username", 400},
		{`{"username":"Ünïcode","password":"long enough pass"}`, "bad_username", 400},
		{`{"username":"Admin","password":"long enough pass"}`, "bad_username", 400},
		{`{"username":"carol","password":"short"}`, "weak_password", 400},
		{`{"username":"carol","password":"Password1"}`, "weak_password", 400},
		{`{"username":"carol","password":"carol-carol-carol"}`, "weak_password", 400},
		{`{"username":"carol","password":"checkmate"}`, "weak_password", 400},
		{`{"username":"carol"}`, "bad_request", 400},
		{`{"username":"carol","password":"long enough pass","extra":1}`, "bad_request", 400},
		{`{"username":"carol","password":"long enough pass"} {}`, "bad_request", 400},
		{`not json`, "bad_request", 400},
	}
	for _, tt := range tests {
		b := newBrowser(t, srv)
		status, body := b.call("POST", "/api/signup", tt.body)
		if status != tt.status || tt.code != "" && code(t, body) != tt.code {
			t.Errorf("sign up %s = %d %s; want %d %s", tt.body, status, body, tt.status, tt.code)
		}
	}
}

// TestLoginSameAnswer: an unknown name and a wrong password get the same
// answer, byte for byte.
func TestLoginSameAnswer(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	newBrowser(t, srv).want(201, "POST", "/api/signup", `{"username":"dana","password":"long enough pass"}`)
	s1, b1 := newBrowser(t, srv).call("POST", "/api/login", `{"username":"dana","password":"not the password"}`)
	s2, b2 := newBrowser(t, srv).call("POST", "/api/login", `{"username":"nobody","password":"not the password"}`)
	if s1 != 401 || s1 != s2 || b1 != b2 {
		t.Errorf("wrong password: %d %s; unknown user: %d %s; want the same 401", s1, b1, s2, b2)
	}
}

// TestLoginRateLimited: sign-in attempts are limited per address and per
// account; sign-up can be closed.
func TestLoginRateLimited(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), NoSignup: true})
	b := newBrowser(t, srv)
	if c := code(t, b.want(403, "POST", "/api/signup", `{"username":"erin","password":"long enough pass"}`)); c != "signup_closed" {
		t.Errorf("closed sign-up: %s", c)
	}
	limited := false
	for i := range 12 {
		status, body := b.call("POST", "/api/login", `{"username":"erin","password":"guess number `+string(rune('a'+i))+`"}`)
		if status == 429 {
			limited = code(t, body) == "rate_limited"
			break
		}
	}
	if !limited {
		t.Error("12 sign-in attempts for one account were never limited")
	}
}

// TestSignInOverASession: a browser signed in to one account that signs in
// to another ends the first session on the server, not only in its
// cookie jar: a copy of the old cookie is signed out.
func TestSignInOverASession(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	newBrowser(t, srv).want(201, "POST", "/api/signup", `{"username":"bea","password":"long enough pass"}`)
	b := newBrowser(t, srv)
	b.want(201, "POST", "/api/signup", `{"username":"ada","password":"long enough pass"}`)
	copied := b.cookieHeader()
	b.want(200, "POST", "/api/login", `{"username":"bea","password":"long enough pass"}`)
	if status := statusWith(t, srv, copied, "/api/account"); status != 401 {
		t.Errorf("ada's session after signing in as bea over it: GET /api/account = %d, want 401", status)
	}
	if body := b.want(200, "GET", "/api/account", ""); !strings.Contains(body, `"username":"bea"`) {
		t.Errorf("the browser is not bea's: %s", body)
	}
}

// statusWith is the status of GET path sent with the headers h alone (a
// copy of a browser's cookies), from no browser.
func statusWith(t *testing.T, srv *httptest.Server, h http.Header, path string) int {
	t.Helper()
	r, err := http.NewRequest("GET", srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Header = h.Clone()
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
