package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestDeleteAccountAnonymizesGames: an account deleted, its games stay,
// without its name: the PGN says "?" for its seat (and still names the
// other account), the listings and the API name no one, both for a game
// still live in memory and once loaded again from the store.
func TestDeleteAccountAnonymizesGames(t *testing.T) {
	dir := t.TempDir()
	_, srv, stop := serveWith(t, Config{Store: openStore(t, dir)})
	ann, bob := newBrowser(t, srv), newBrowser(t, srv)
	ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
	bob.want(201, "POST", "/api/signup", `{"username":"bob","password":"long enough pass"}`)
	var g createResponse
	body := ann.want(201, "POST", "/api/games", `{"mode":"online","color":"white","clock":{"minutes":5,"increment":3},"rated":true}`)
	if err := json.Unmarshal([]byte(body), &g); err != nil {
		t.Fatalf("create: %s", body)
	}
	bob.want(200, "POST", "/api/games/"+g.ID+"/join", `{}`)
	white, black := ann.dial(g.ID), bob.dial(g.ID)
	white.send(`{"t":"move","d":{"u":"e2e4"}}`)
	black.next("move")
	black.send(`{"t":"move","d":{"u":"e7e5"}}`)
	black.send(`{"t":"resign"}`) // after both sides moved: a resignation, not an abort
	pgn := ""
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && !strings.Contains(pgn, `[Result "1-0"]`); time.Sleep(20 * time.Millisecond) {
		pgn = bob.want(200, "GET", "/api/games/"+g.ID+"/pgn", "")
	}
	if !strings.Contains(pgn, `[White "ann"]`) || !strings.Contains(pgn, `[Result "1-0"]`) {
		t.Fatalf("PGN before the deletion:\n%s", pgn)
	}

	ann.want(204, "DELETE", "/api/account", `{"password":"long enough pass"}`)
	check := func(when string) {
		t.Helper()
		pgn := bob.want(200, "GET", "/api/games/"+g.ID+"/pgn", "")
		if !strings.Contains(pgn, `[White "?"]`) || !strings.Contains(pgn, `[Black "bob"]`) || strings.Contains(pgn, "ann") {
			t.Errorf("PGN %s:\n%s", when, pgn)
		}
		list := bob.want(200, "GET", "/api/games?mine=1", "")
		if strings.Contains(list, `"ann"`) || !strings.Contains(list, g.ID) {
			t.Errorf("bob's games %s: %s", when, list)
		}
		if state := bob.want(200, "GET", "/api/games/"+g.ID, ""); strings.Contains(state, `"ann"`) {
			t.Errorf("the game %s: %s", when, state)
		}
	}
	check("after the deletion, the game live")
	stop()
	_, srv2, _ := serveWith(t, Config{Store: openStore(t, dir)})
	bob.srv = srv2
	bob.want(200, "POST", "/api/login", `{"username":"bob","password":"long enough pass"}`)
	check("loaded again from the store")
}
