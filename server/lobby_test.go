package server

import (
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lobby"
	"github.com/gambitchess/gambit/server/round"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// lobbyOf lists the lobby as the person with secret sees it.
func lobbyOf(t *testing.T, h http.Handler, secret string) []lobby.Challenge {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, personRequest("GET", "/api/lobby", "", secret))
	var out []lobby.Challenge
	mustDecode(t, rec.Body.Bytes(), &out)
	return out
}

// pair asks for a quick pairing as the person with secret.
func pair(t *testing.T, h http.Handler, body, secret string, want int) createResponse {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, personRequest("POST", "/api/pair", body, secret))
	if rec.Code != want {
		t.Fatalf("pair %s: %d %s, want %d", body, rec.Code, rec.Body, want)
	}
	var resp createResponse
	mustDecode(t, rec.Body.Bytes(), &resp)
	return resp
}

// TestLobbyChallenge: a lobby challenge is listed for everyone (marked as
// one's own for its creator) while its creator is connected, and leaves
// the list when it is taken, or when its creator has gone; invite games
// are never listed.
func TestLobbyChallenge(t *testing.T) {
	var skew atomic.Int64 // how far the server's clock is ahead
	now := func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Now: now})
	h := s.Handler()
	create(t, h, `{"mode":"online"}`) // an invite: private
	ch := create(t, h, `{"mode":"online","lobby":true,"color":"black","clock":{"minutes":5,"increment":3}}`)
	list := lobbyOf(t, h, randomToken())
	if len(list) != 1 || list[0].ID != ch.ID || list[0].Color != "black" || list[0].TimeControl != "5+3" || list[0].Mine {
		t.Fatalf("lobby: %+v", list)
	}
	if mine := lobbyOf(t, h, ch.Token); len(mine) != 1 || !mine[0].Mine {
		t.Fatalf("the creator's lobby: %+v", mine)
	}
	creator := dial(t, srv, ch.ID, ch.Token)
	creator.state("state")
	join(t, h, ch.ID, http.StatusOK)
	if list := lobbyOf(t, h, ""); len(list) != 0 {
		t.Fatalf("a taken challenge is listed: %+v", list)
	}

	gone := create(t, h, `{"mode":"online","lobby":true}`)
	c := dial(t, srv, gone.ID, gone.Token)
	c.state("state")
	c.conn.Close(websocket.StatusNormalClosure, "")
	skew.Store(int64(lobby.ChallengeGrace)) // past the grace of a new challenge
	for range 100 {
		if len(lobbyOf(t, h, "")) == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the challenge of a creator who left is still listed: %+v", lobbyOf(t, h, ""))
}

// TestQuickPairing: the first person asking for a time control waits in a
// new challenge; the next one asking for the same is seated in it; one
// asking for another time control or variant is not; nobody is paired with
// themselves.
func TestQuickPairing(t *testing.T) {
	s, _, _ := serve(t, openStore(t, t.TempDir()), nil)
	h := s.Handler()
	alice, bob, carol := newPerson(t, s), newPerson(t, s), newPerson(t, s)
	first := pair(t, h, `{"variant":"chess","clock":{"minutes":3,"increment":2}}`, alice, http.StatusCreated)
	if again := pair(t, h, `{"variant":"chess","clock":{"minutes":3,"increment":2}}`, alice, http.StatusCreated); again.ID == first.ID {
		t.Fatal("alice was paired with herself")
	}
	other := pair(t, h, `{"variant":"xiangqi","clock":{"minutes":3,"increment":2}}`, carol, http.StatusCreated)
	if other.ID == first.ID {
		t.Fatal("a xiangqi request was paired with a chess challenge")
	}
	met := pair(t, h, `{"variant":"chess","clock":{"minutes":3,"increment":2}}`, bob, http.StatusOK)
	if met.ID != first.ID || met.Color == first.Color || met.State.Seats["white"].Kind != "human" || met.State.Seats["black"].Kind != "human" {
		t.Fatalf("bob: %+v, alice waited in %s as %s", met, first.ID, first.Color)
	}
	pair(t, h, `{"variant":"chess","clock":{"minutes":0.001,"increment":0}}`, bob, http.StatusBadRequest)
}

// TestCreationLimitPerAddress: one address gets its burst of new games,
// then 429 rate_limited; another address is not affected.
func TestCreationLimitPerAddress(t *testing.T) {
	s, _, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), CreatePerMinute: 3})
	h := s.Handler()
	for range 3 {
		create(t, h, `{"mode":"local"}`)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, apiRequest("POST", "/api/games", `{"mode":"local"}`))
	if rec.Code != http.StatusTooManyRequests {
		t.Fatalf("the fourth game: %d %s", rec.Code, rec.Body)
	}
	r := apiRequest("POST", "/api/games", `{"mode":"local"}`)
	r.RemoteAddr = "198.51.100.7:4000"
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	if rec.Code != http.StatusCreated {
		t.Fatalf("another address: %d %s", rec.Code, rec.Body)
	}
}

// TestUnwatchedHubRetires: a game nobody connects to (created through the
// API, or resumed at start-up) leaves memory after IdleGrace, and its
// challenge leaves the lobby; it loads again when someone comes.
func TestUnwatchedHubRetires(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Hub: round.Settings{IdleGrace: 100 * time.Millisecond}})
	g := create(t, s.Handler(), `{"mode":"online","lobby":true}`)
	live := func() bool { return s.live.Running(g.ID) != nil }
	for i := 0; live() || len(lobbyOf(t, s.Handler(), "")) > 0; i++ {
		if i == 200 {
			t.Fatal("the unwatched hub is still live after 2 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	c := dial(t, srv, g.ID, g.Token)
	if st := c.state("state"); st.ID != g.ID || !live() || st.Status != "aborted" {
		t.Fatalf("the challenge nobody took did not load again aborted: %+v", st)
	}
	invite := create(t, s.Handler(), `{"mode":"online"}`) // a friend may open the link tomorrow
	time.Sleep(300 * time.Millisecond)
	if st := dial(t, srv, invite.ID, "").state("state"); st.Status != "created" {
		t.Fatalf("an unwatched invite became %s", st.Status)
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, apiRequest("GET", "/api/games", ""))
	if strings.Contains(rec.Body.String(), g.ID) {
		t.Errorf("someone else's aborted challenge is listed: %s", rec.Body)
	}
}

// TestAddressKey: limits key an IPv4 client by its address, an IPv6 one by
// its /64.
func TestAddressKey(t *testing.T) {
	for _, tc := range []struct{ remote, want string }{
		{"192.0.2.1:1234", "192.0.2.1"},
		{"[2001:db8:1:2:3:4:5:6]:443", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff::1]:443", "2001:db8:1:2::/64"},
		{"[::ffff:192.0.2.1]:80", "::ffff:192.0.2.1"},
		{"garbage", "garbage"},
	} {
		if got := guards.AddressKey(tc.remote); got != tc.want {
			t.Errorf("guards.AddressKey(%q) = %q, want %q", tc.remote, got, tc.want)
		}
	}
}
