package server

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/round"
)

// TestMessageFlood: a connection sending faster than the limit has the
// excess dropped, with one error event, and the game changes only by what
// got through.
func TestMessageFlood(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"local"}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	for range round.MessageBurst + 20 {
		p.send(`{"t":"draw-offer"}`) // every one after the first is refused by the game: cheap to check
	}
	codes := map[string]int{}
	for {
		data, err := p.read(500 * time.Millisecond)
		if err != nil {
			break
		}
		var m struct {
			T string
			D struct{ Code string }
		}
		mustDecode(t, data, &m)
		if m.T == "error" {
			codes[m.D.Code]++
		}
	}
	if codes["rate_limited"] != 1 || codes["offer"] != round.MessageBurst-1 {
		t.Fatalf("errors %v, want one rate_limited and %d offer", codes, round.MessageBurst-1)
	}
}

// TestAddressLimitsOfReads: the analysis board's positions and the exports
// of a player's games are limited per address, with a time to wait; another
// address is not held back by the first.
func TestAddressLimitsOfReads(t *testing.T) {
	s, _, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	h := s.Handler()
	ask := func(method, path, body, addr string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, path, strings.NewReader(body))
		r.RemoteAddr = addr + ":4000"
		r.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec
	}
	ask("POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`, "198.51.100.1")
	tests := []struct {
		name, method, path, body string
		burst                    int
	}{
		{"analysis", "POST", "/api/analysis/position", `{"variant":"chess","moves":["e2e4"]}`, analysisAddrBurst},
		{"export", "GET", "/api/games/user/ann", "", exportsBurst},
		{"games.pgn", "GET", "/api/user/ann/games.pgn", "", exportsBurst},
		{"export by ids", "POST", "/api/games/export/_ids", "abcdefghij", exportsBurst}, // the same limit: each id costs a read
	}
	for i, tt := range tests {
		addr := fmt.Sprintf("198.51.100.%d", 10+i)
		for n := range tt.burst {
			if rec := ask(tt.method, tt.path, tt.body, addr); rec.Code != 200 {
				t.Fatalf("%s %d of the burst: %d %s", tt.name, n+1, rec.Code, rec.Body)
			}
		}
		rec := ask(tt.method, tt.path, tt.body, addr)
		if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
			t.Errorf("%s after the burst: %d (Retry-After %q), want 429 with a time to wait", tt.name, rec.Code, rec.Header().Get("Retry-After"))
		}
		if rec := ask(tt.method, tt.path, tt.body, fmt.Sprintf("203.0.113.%d", 10+i)); rec.Code != 200 {
			t.Errorf("%s from another address: %d %s, want 200 (not held back by the first)", tt.name, rec.Code, rec.Body)
		}
	}
}
