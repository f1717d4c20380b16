package server

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/store"
)

// seatCookie is the player cookie h sets, nil if none.
func seatCookie(h http.Header) *http.Cookie {
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == playerCookie || c.Name == hostPlayerCookie {
			return c
		}
	}
	return nil
}

// newPerson returns a player cookie s issued, for a test that names its
// people before they make their first request.
func newPerson(t testing.TB, s *Server) string {
	t.Helper()
	value, err := s.players.Issue(context.Background(), randomToken())
	if err != nil {
		t.Fatal(err)
	}
	return value
}

// seatsOf is the colours the person with secret holds in game id, as its
// WebSocket's hello says.
func seatsOf(t *testing.T, c *wsClient) []string {
	t.Helper()
	var hello struct{ You []string }
	if err := json.Unmarshal(c.next("hello"), &hello); err != nil {
		t.Fatal(err)
	}
	return hello.You
}

// TestSeatCookieSecure: the player cookie is Secure when the request came
// over TLS: directly, or through a trusted proxy saying so
// (X-Forwarded-Proto: https); a stranger's X-Forwarded-Proto is ignored.
func TestSeatCookieSecure(t *testing.T) {
	proxies, err := guards.ParseTrustedProxies("127.0.0.90")
	if err != nil {
		t.Fatal(err)
	}
	rs := runServer(t, Config{Conn: guards.ConnLimits{TrustedProxies: proxies}})
	tests := []struct {
		name   string
		from   byte
		hdr    []string
		secure bool
	}{
		{"through the trusted proxy, over https", 90, []string{"X-Forwarded-Proto", "https"}, true},
		{"through the trusted proxy, over https, a chain of proxies", 90, []string{"X-Forwarded-Proto", "https, http"}, true},
		{"through the trusted proxy, over http", 90, []string{"X-Forwarded-Proto", "http"}, false},
		{"through the trusted proxy, not saying", 90, nil, false},
		{"a stranger claiming https", 91, []string{"X-Forwarded-Proto", "https"}, false},
		{"a stranger over http", 91, nil, false},
	}
	for _, tt := range tests {
		a := do(t, clientFrom(t, tt.from), "POST", rs.url("/api/games"), `{"mode":"local"}`, tt.hdr...)
		c := seatCookie(a.header)
		if a.status != http.StatusCreated || c == nil {
			t.Fatalf("%s: %d, cookie %v", tt.name, a.status, c)
		}
		if c.Secure != tt.secure || !c.HttpOnly || (c.Name == hostPlayerCookie) != tt.secure {
			t.Errorf("%s: %s; want Secure %v, HttpOnly, the __Host- name over https alone", tt.name, c, tt.secure)
		}
	}

	srv := httptest.NewTLSServer(rs.s.Handler()) // the same server, over TLS itself
	defer srv.Close()
	r, _ := http.NewRequest("POST", srv.URL+"/api/games", strings.NewReader(`{"mode":"local"}`))
	r.Header.Set("Content-Type", "application/json")
	resp, err := srv.Client().Do(r)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if c := seatCookie(resp.Header); c == nil || !c.Secure || c.Name != hostPlayerCookie || c.Path != "/" || c.Domain != "" {
		t.Errorf("over TLS: %d, cookie %v; want a Secure %s with Path=/ and no Domain", resp.StatusCode, c, hostPlayerCookie)
	}
}

// TestPlantedCookieIgnoredOverTLS: over https only the __Host- cookie
// counts, which a browser takes from this host alone. An attacker's own
// issued cookie planted under the plain name (by a sibling subdomain, or
// over plain http) is ignored: the victim's new game gets a fresh cookie,
// and the attacker, holding theirs, holds none of the victim's seats.
func TestPlantedCookieIgnoredOverTLS(t *testing.T) {
	rs := runServer(t, Config{})
	srv := httptest.NewTLSServer(rs.s.Handler())
	defer srv.Close()
	post := func(body string, cookies ...*http.Cookie) (*http.Response, createResponse) {
		t.Helper()
		r, _ := http.NewRequest("POST", srv.URL+"/api/games", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		for _, c := range cookies {
			r.AddCookie(c)
		}
		resp, err := srv.Client().Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var g createResponse
		if err := json.NewDecoder(resp.Body).Decode(&g); err != nil || resp.StatusCode != http.StatusCreated {
			t.Fatalf("create: %d %v", resp.StatusCode, err)
		}
		return resp, g
	}
	attackerResp, _ := post(`{"mode":"local"}`)
	attacker := seatCookie(attackerResp.Header) // the attacker's own, issued by this server
	planted := &http.Cookie{Name: playerCookie, Value: attacker.Value}
	victimResp, victimGame := post(`{"mode":"online","color":"white"}`, planted)
	victim := seatCookie(victimResp.Header)
	if victim == nil || victim.Value == attacker.Value || victim.Name != hostPlayerCookie {
		t.Fatalf("the victim kept the planted cookie: %v", victim)
	}
	// Listed with each cookie: the victim's game is the victim's, not the attacker's.
	yours := func(c *http.Cookie) bool {
		t.Helper()
		r, _ := http.NewRequest("GET", srv.URL+"/api/games?limit=200", nil)
		r.AddCookie(&http.Cookie{Name: hostPlayerCookie, Value: c.Value})
		resp, err := srv.Client().Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var list []struct {
			ID    string
			Yours bool
		}
		if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
			t.Fatal(err)
		}
		return slices.ContainsFunc(list, func(g struct {
			ID    string
			Yours bool
		}) bool {
			return g.ID == victimGame.ID && g.Yours
		})
	}
	if !yours(victim) || yours(attacker) {
		t.Errorf("the victim's game is the victim's %v, the attacker's %v; want true, false", yours(victim), yours(attacker))
	}
}

// TestChosenSeatCookieReplaced: a cookie the server did not issue (one a
// client chose, one that looks issued but is forged) is never honoured nor
// renewed: the answer sets a fresh one and never echoes the chosen value,
// and the chosen one holds no seat, not even in the game it just made. An
// issued cookie keeps its seat and is renewed as it is, across a restart.
func TestChosenSeatCookieReplaced(t *testing.T) {
	rs := runServer(t, Config{})
	chosen := []string{
		strings.Repeat("A", 32),
		strings.Repeat("0", 32),
		strings.Repeat("a", 32) + "." + strings.Repeat("0", 32), // the issued form, with a made-up signature
		"not a secret at all",
	}
	for i, value := range chosen {
		from := byte(100 + i)
		c := clientFrom(t, from)
		a := do(t, c, "POST", rs.url("/api/games"), `{"mode":"online"}`, "Cookie", playerCookie+"="+value)
		got := seatCookie(a.header)
		if a.status != http.StatusCreated || got == nil {
			t.Fatalf("create with %q: %d, cookie %v", value, a.status, got)
		}
		if got.Value == value || strings.Contains(strings.Join(a.header.Values("Set-Cookie"), ";"), value) || strings.Contains(a.body, value) {
			t.Errorf("the chosen cookie %q came back: %s", value, got)
		}
		var resp createResponse
		mustDecode(t, []byte(a.body), &resp)
		if you := seatsOf(t, dialFrom(t, rs, from, resp.ID, value)); len(you) != 0 {
			t.Errorf("the chosen cookie %q holds %v in the game it made", value, you)
		}
		if you := seatsOf(t, dialFrom(t, rs, from, resp.ID, got.Value)); !slices.Equal(you, []string{"white"}) {
			t.Errorf("the issued cookie holds %v, want white", you)
		}
		again := do(t, c, "POST", rs.url("/api/games"), `{"mode":"local"}`, "Cookie", playerCookie+"="+got.Value)
		if renewed := seatCookie(again.header); renewed == nil || renewed.Value != got.Value {
			t.Errorf("the issued cookie %q was renewed as %v", got.Value, renewed)
		}
	}

	// Across a restart on the same data directory.
	dir := t.TempDir()
	st := openStore(t, dir)
	s, _, stop := serve(t, st, nil)
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, apiRequest("POST", "/api/games", `{"mode":"online"}`))
	issued := seatCookie(rec.Header())
	var resp createResponse
	mustDecode(t, rec.Body.Bytes(), &resp)
	stop()
	st.Close()
	s, srv, _ := serve(t, openStore(t, dir), nil)
	if you := seatsOf(t, dial(t, srv, resp.ID, issued.Value)); !slices.Equal(you, []string{"white"}) {
		t.Errorf("after a restart the issued cookie holds %v, want white", you)
	}
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, personRequest("POST", "/api/games", `{"mode":"local"}`, issued.Value))
	if renewed := seatCookie(rec.Header()); renewed == nil || renewed.Value != issued.Value {
		t.Errorf("after a restart the issued cookie was renewed as %v", renewed)
	}
}

// TestOldSeatCookieKeepsItsSeats: a cookie from before the signed ones
// (the bare secret) that a stored game seats was issued by a server: it
// keeps its seats, and its next create turns it into a signed cookie of the
// same person. A bare secret no game seats is a stranger's.
func TestOldSeatCookieKeepsItsSeats(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	white, _, seats := onlineSeats()
	g := storedGame(t, s, game.Options{Mode: game.ModeOnline, Seats: seats})
	if you := seatsOf(t, dial(t, srv, g.ID(), white)); !slices.Equal(you, []string{"white"}) {
		t.Fatalf("the old cookie holds %v, want white", you)
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, personRequest("POST", "/api/games", `{"mode":"local"}`, white))
	upgraded := seatCookie(rec.Header())
	if rec.Code != http.StatusCreated || upgraded == nil || upgraded.Value == white {
		t.Fatalf("create with the old cookie: %d, cookie %v; want a signed one", rec.Code, upgraded)
	}
	if you := seatsOf(t, dial(t, srv, g.ID(), upgraded.Value)); !slices.Equal(you, []string{"white"}) {
		t.Errorf("the signed cookie holds %v, want white", you)
	}
	stranger := randomToken()
	if you := seatsOf(t, dial(t, srv, g.ID(), stranger)); len(you) != 0 {
		t.Errorf("a bare secret no game seats holds %v", you)
	}
}

// TestOldSeatCookieKeepsItsSeatsOverTLS: on a site behind TLS, a cookie
// from before the signature came under the plain name; with no __Host-
// cookie yet, it still holds the seats a stored game gives it, and the
// next create moves it to the __Host- name, signed, same secret, and
// expires the plain one. A plain cookie that is signed is not read over
// https (it may have been planted), nor is a bare one no game seats.
func TestOldSeatCookieKeepsItsSeatsOverTLS(t *testing.T) {
	s, _, _ := serve(t, openStore(t, t.TempDir()), nil)
	srv := httptest.NewTLSServer(s.Handler())
	defer srv.Close()
	white, _, seats := onlineSeats()
	g := storedGame(t, s, game.Options{Mode: game.ModeOnline, Seats: seats})
	do := func(method, path string, c *http.Cookie) *http.Response {
		t.Helper()
		var body io.Reader
		if method == "POST" {
			body = strings.NewReader(`{"mode":"local"}`)
		}
		r, _ := http.NewRequest(method, srv.URL+path, body)
		r.Header.Set("Content-Type", "application/json")
		r.AddCookie(c)
		resp, err := srv.Client().Do(r)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	holds := func(c *http.Cookie) bool {
		t.Helper()
		var list []struct {
			ID    string
			Yours bool
		}
		if err := json.NewDecoder(do("GET", "/api/games?limit=200", c).Body).Decode(&list); err != nil {
			t.Fatal(err)
		}
		for _, l := range list {
			if l.ID == g.ID() && l.Yours {
				return true
			}
		}
		return false
	}
	old := &http.Cookie{Name: playerCookie, Value: white}
	if !holds(old) {
		t.Fatal("over https the old plain cookie lost its seat")
	}
	resp := do("POST", "/api/games", old)
	var moved, expired *http.Cookie
	for _, c := range resp.Cookies() {
		switch c.Name {
		case hostPlayerCookie:
			moved = c
		case playerCookie:
			expired = c
		}
	}
	if resp.StatusCode != http.StatusCreated || moved == nil || !strings.HasPrefix(moved.Value, white+".") || !moved.Secure {
		t.Fatalf("create with the old cookie over https: %d, %v; want a Secure %s of the same secret, signed", resp.StatusCode, moved, hostPlayerCookie)
	}
	if expired == nil || expired.MaxAge >= 0 {
		t.Errorf("the plain cookie was not expired: %v", expired)
	}
	if !holds(moved) {
		t.Error("the moved cookie lost the seat")
	}
	if holds(&http.Cookie{Name: playerCookie, Value: moved.Value}) {
		t.Error("a signed cookie under the plain name was read over https")
	}
}

// TestListMine: GET /api/games?mine=1 lists the asker's games alone, so a
// player's games are not pushed out of its list by newer games of others;
// without a player cookie it lists none.
func TestListMine(t *testing.T) {
	rs := runServer(t, Config{})
	jar := func() *http.Client {
		c := clientFrom(t, 201)
		j, _ := cookiejar.New(nil)
		c.Jar = j
		return c
	}
	ann, bob := jar(), jar()
	create := func(c *http.Client) string {
		t.Helper()
		resp, err := c.Post(rs.url("/api/games"), "application/json", strings.NewReader(`{"mode":"local"}`))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var g createResponse
		if err := json.NewDecoder(resp.Body).Decode(&g); err != nil || resp.StatusCode != http.StatusCreated {
			t.Fatalf("create: %d %v", resp.StatusCode, err)
		}
		return g.ID
	}
	list := func(c *http.Client, query string) (ids []string) {
		t.Helper()
		resp, err := c.Get(rs.url("/api/games?" + query))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var l []struct {
			ID    string
			Yours bool
		}
		if err := json.NewDecoder(resp.Body).Decode(&l); err != nil {
			t.Fatal(err)
		}
		for _, g := range l {
			if query != "limit=2" && !g.Yours {
				t.Errorf("GET ?%s lists %s, not the asker's", query, g.ID)
			}
			ids = append(ids, g.ID)
		}
		return ids
	}
	mine := create(ann)
	var bobs []string
	for range 3 {
		bobs = append(bobs, create(bob))
	}
	if got := list(ann, "limit=2"); slices.Contains(got, mine) {
		t.Errorf("?limit=2 lists %q: the 3 newer games should push ann's out (else the test proves nothing)", got)
	}
	if got := list(ann, "mine=1&limit=2"); !slices.Equal(got, []string{mine}) {
		t.Errorf("ann's ?mine=1 = %q, want [%s]", got, mine)
	}
	if got := list(bob, "mine=1&limit=2"); !slices.Equal(got, []string{bobs[2], bobs[1]}) {
		t.Errorf("bob's ?mine=1&limit=2 = %q, want his newest two %q", got, bobs[1:])
	}
	if got := list(clientFrom(t, 201), "mine=1"); len(got) != 0 {
		t.Errorf("?mine=1 without a cookie = %q, want none", got)
	}
}

// TestSharedSecretCookieRefused: until schema 15 a browser signed in to an
// account was given the account's player secret in its cookie, under the
// MAC of the day, and kept it once signed out. Such a cookie, signed or
// bare, holds none of the account's seats now; a browser's own secret
// under the old MAC (or bare, seated) keeps its seats, and its next create
// renews it under the current MAC.
func TestSharedSecretCookieRefused(t *testing.T) {
	dir := t.TempDir()
	s, srv, _ := serve(t, openStore(t, dir), nil)
	shared, own := randomToken(), randomToken()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "gambit.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO shared_secrets (secret) VALUES (?)`, shared); err != nil {
		t.Fatal(err)
	}
	db.Close()
	seats := [2]game.Seat{{Kind: game.SeatHuman, Player: playerID(shared)}, {Kind: game.SeatHuman, Player: playerID(own)}}
	g := storedGame(t, s, game.Options{Mode: game.ModeOnline, Seats: seats})
	// The cookies from before schema 15 are "secret.mac" with the MAC of
	// another domain under the same key, the store's "player-cookie"
	// secret: made here as those releases made them.
	key, err := s.store.(store.Secrets).Secret(t.Context(), "player-cookie", 32)
	if err != nil {
		t.Fatal(err)
	}
	oldMAC := func(secret string) string {
		m := hmac.New(sha256.New, key)
		m.Write([]byte("gambit player cookie " + secret))
		return secret + "." + hex.EncodeToString(m.Sum(nil)[:16])
	}
	current, err := s.players.Issue(t.Context(), own)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, cookie string
		want         []string
	}{
		{"the account's secret, old MAC", oldMAC(shared), nil},
		{"the account's secret, bare", shared, nil},
		{"a browser's own secret, old MAC", oldMAC(own), []string{"black"}},
		{"a browser's own secret, bare", own, []string{"black"}},
		{"a browser's own secret, current MAC", current, []string{"black"}},
	} {
		if you := seatsOf(t, dial(t, srv, g.ID(), tt.cookie)); !slices.Equal(you, tt.want) {
			t.Errorf("%s holds %q, want %q", tt.name, you, tt.want)
		}
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, personRequest("POST", "/api/games", `{"mode":"local"}`, oldMAC(own)))
	if renewed := seatCookie(rec.Header()); rec.Code != http.StatusCreated || renewed == nil || renewed.Value != current {
		t.Errorf("create with the old MAC: %d, cookie %v; want the same secret under the current MAC", rec.Code, renewed)
	}
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, personRequest("POST", "/api/games", `{"mode":"local"}`, oldMAC(shared)))
	if renewed := seatCookie(rec.Header()); rec.Code != http.StatusCreated || renewed == nil || strings.HasPrefix(renewed.Value, shared) {
		t.Errorf("create with the account's old cookie: %d, cookie %v; want a fresh secret", rec.Code, renewed)
	}
}
