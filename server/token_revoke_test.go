package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// TestTokensEndWithTheirAccount: a token made with the password dies with
// a password change, with "log out everywhere", with its revocation (by
// the account page or by itself) and with the account; the streams it
// opened before (the event stream, a game's WebSocket) end within a few
// seconds of it, and so do they when another node revokes it (straight in
// the store), found by the node's check of the credentials it holds.
func TestTokensEndWithTheirAccount(t *testing.T) {
	ways := []struct {
		name string
		do   func(t *testing.T, a *browser, p *program, st *store.SQLite)
	}{
		{"password change", func(t *testing.T, a *browser, p *program, st *store.SQLite) {
			a.want(204, "POST", "/api/account/password", `{"current":"long enough pass","new":"another long one"}`)
		}},
		{"log out everywhere", func(t *testing.T, a *browser, p *program, st *store.SQLite) {
			a.want(204, "POST", "/api/logout/all", "")
		}},
		{"revoked on the account page", func(t *testing.T, a *browser, p *program, st *store.SQLite) {
			a.want(204, "DELETE", "/api/account/tokens/"+tokenHash(p.token), "")
		}},
		{"revoked by itself", func(t *testing.T, a *browser, p *program, st *store.SQLite) {
			p.want(204, "DELETE", "/api/token", "", "")
		}},
		{"account deleted", func(t *testing.T, a *browser, p *program, st *store.SQLite) {
			a.want(204, "DELETE", "/api/account", `{"password":"long enough pass"}`)
		}},
		{"revoked by another node", func(t *testing.T, a *browser, p *program, st *store.SQLite) {
			u, err := st.UserByName(context.Background(), "ann")
			if err != nil {
				t.Fatal(err)
			}
			if err := st.DeleteToken(context.Background(), u.ID, tokenHash(p.token)); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, way := range ways {
		t.Run(way.name, func(t *testing.T) {
			st := openStore(t, t.TempDir())
			_, srv, _ := serveWith(t, Config{Store: st})
			a := newBrowser(t, srv)
			a.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
			var tok struct{ Token string }
			if err := json.Unmarshal([]byte(a.want(200, "POST", "/api/token", `{"username":"ann","password":"long enough pass"}`)), &tok); err != nil {
				t.Fatal(err)
			}
			p := &program{t: t, srv: srv, token: tok.Token}
			var g createResponse
			if err := json.Unmarshal([]byte(p.want(201, "POST", "/api/games", "application/json", `{"mode":"online","color":"white"}`)), &g); err != nil {
				t.Fatal(err)
			}
			events := p.stream("/api/stream/event")
			ws := dialWith(t, srv, g.ID, http.Header{"Authorization": {"Bearer " + tok.Token}})
			if seats := seatsOf(t, ws); len(seats) != 1 {
				t.Fatalf("the token's WebSocket holds %q, want ann's seat", seats)
			}

			way.do(t, a, p, st)
			if !streamEnds(events, 8*time.Second) {
				t.Error("the event stream opened with the token is still open 8 s after")
			}
			if !ws.closedWithin(8 * time.Second) {
				t.Error("the WebSocket opened with the token is still open 8 s after")
			}
			if status, _ := p.call("GET", "/api/account", "", ""); status != 401 {
				t.Errorf("GET /api/account with the token = %d, want 401", status)
			}
		})
	}
}

// tokenHash is the id the store and the account page know token by.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// streamEnds waits up to d for lines to close.
func streamEnds(lines <-chan map[string]any, d time.Duration) bool {
	deadline := time.After(d)
	for {
		select {
		case _, ok := <-lines:
			if !ok {
				return true
			}
		case <-deadline:
			return false
		}
	}
}
