package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// signOutWays are the ways a device d, signed in to ann's account, stops
// being signed in, by its own hand or by the account's owner on device a.
// Each leaves d with the cookies it had, as a device that ignores the
// server's Set-Cookie (or a copy of its cookies) keeps them.
var signOutWays = []struct {
	name    string
	do      func(t *testing.T, a, d *browser)
	deleted bool // the account is gone
}{
	{"log out", func(t *testing.T, a, d *browser) { d.want(204, "POST", "/api/logout", "") }, false},
	{"password change", func(t *testing.T, a, d *browser) {
		a.want(204, "POST", "/api/account/password", `{"current":"long enough pass","new":"another long one"}`)
	}, false},
	{"log out everywhere", func(t *testing.T, a, d *browser) { a.want(204, "POST", "/api/logout/all", "") }, false},
	{"session revoked", func(t *testing.T, a, d *browser) {
		var list []sessionEntry
		if err := json.Unmarshal([]byte(a.want(200, "GET", "/api/account/sessions", "")), &list); err != nil {
			t.Fatal(err)
		}
		for _, ses := range list {
			if !ses.Current {
				a.want(204, "DELETE", "/api/account/sessions/"+ses.ID, "")
			}
		}
	}, false},
	{"account deleted", func(t *testing.T, a, d *browser) {
		a.want(204, "DELETE", "/api/account", `{"password":"long enough pass"}`)
	}, true},
}

// TestSignedOutDeviceLosesSeats: a device signed out of an account, in
// each of signOutWays, keeps none of the account's seats with the cookies
// it kept: its open connections to the account's games end, and it comes
// back to them — a live game, a fog-of-war game, a game the account makes
// afterwards — as a stranger, seeing what a stranger sees.
func TestSignedOutDeviceLosesSeats(t *testing.T) {
	for _, way := range signOutWays {
		t.Run(way.name, func(t *testing.T) {
			_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
			a, d, bob := newBrowser(t, srv), newBrowser(t, srv), newBrowser(t, srv)
			a.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
			bob.want(201, "POST", "/api/signup", `{"username":"bob","password":"long enough pass"}`)
			d.want(200, "POST", "/api/login", `{"username":"ann","password":"long enough pass"}`)
			live := onlineGame(t, a, bob, `{"mode":"online","color":"white","clock":{"minutes":5,"increment":3}}`)
			fog := onlineGame(t, a, bob, `{"mode":"online","variant":"fogofwar","color":"white"}`)

			open := map[string]*wsClient{}
			for _, id := range []string{live, fog} {
				open[id] = d.dial(id)
				if seats := seatsOf(t, open[id]); len(seats) != 1 || seats[0] != "white" {
					t.Fatalf("signed in, the device holds %q of game %s; want ann's white", seats, id)
				}
			}
			kept := d.cookieHeader()
			way.do(t, a, d)

			for id, c := range open {
				if err := c.endWithin(5 * time.Second); err == nil {
					t.Errorf("the device's connection to game %s, opened signed in, is still open 5 s after", id)
				} else if websocket.CloseStatus(err) != closeSignedOut {
					t.Errorf("the device's connection to game %s ended with %v, want the close code %d (signed out)", id, err, closeSignedOut)
				}
			}
			games := []string{live, fog}
			if !way.deleted {
				if status, _ := a.call("GET", "/api/account", ""); status != 200 { // a signed out too: in again
					a.want(200, "POST", "/api/login", `{"username":"ann","password":"long enough pass"}`)
				}
				games = append(games, onlineGame(t, a, bob, `{"mode":"online","color":"white"}`))
			}
			for _, id := range games {
				wantStranger(t, srv, id, kept)
			}
			if status := statusWith(t, srv, kept, "/api/account"); status != 401 {
				t.Errorf("GET /api/account with the kept cookies = %d, want 401", status)
			}
		})
	}
}

// onlineGame is a new online game that a creates with body and bob joins.
func onlineGame(t *testing.T, a, bob *browser, body string) string {
	t.Helper()
	var g createResponse
	if err := json.Unmarshal([]byte(a.want(201, "POST", "/api/games", body)), &g); err != nil {
		t.Fatal(err)
	}
	bob.want(200, "POST", "/api/games/"+g.ID+"/join", `{}`)
	return g.ID
}

// wantStranger checks that a connection to game id with the cookies kept
// holds no seat, may not act, and is sent the very state a stranger is.
func wantStranger(t *testing.T, srv *httptest.Server, id string, kept http.Header) {
	t.Helper()
	c, stranger := dialWith(t, srv, id, kept), dial(t, srv, id, "")
	if seats := seatsOf(t, c); len(seats) != 0 {
		t.Errorf("game %s: the kept cookies hold %q, want no seat", id, seats)
	}
	if got, want := c.next("state"), stranger.next("state"); !bytes.Equal(got, want) {
		t.Errorf("game %s: the kept cookies are sent\n%s\nwhere a stranger is sent\n%s", id, got, want)
	}
	c.send(`{"t":"resign"}`)
	if e := awaitError(c, "not_your_seat"); e.Code != "not_your_seat" {
		t.Errorf("game %s: resigning with the kept cookies: %+v", id, e)
	}
}

// closedWithin waits up to d for c's connection to end, and says whether
// it did.
func (c *wsClient) closedWithin(d time.Duration) bool { return c.endWithin(d) != nil }

// endWithin waits up to d for c's connection to end and returns what
// ended it, nil when it is still open.
func (c *wsClient) endWithin(d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		left := time.Until(deadline)
		if left <= 0 {
			return nil
		}
		if _, err := c.read(left); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return nil
			}
			return err
		}
	}
}
