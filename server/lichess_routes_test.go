package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/lichess"
)

// TestGameExportByID reads one game as lichess's GET /game/export/{id}
// gives it: PGN by default, the export's JSON when asked, 404 for none,
// to anyone with the id, as the game's page is.
func TestGameExportByID(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newProgram(t, srv, "ann"), newProgram(t, srv, "bob")
	id := playTo(t, ann, bob, "e2e4 e7e5")
	stranger := &program{t: t, srv: srv}

	pgn := stranger.want(200, "GET", "/game/export/"+id, "", "")
	if !strings.Contains(pgn, "1. e4 e5") || !strings.Contains(pgn, `[White "ann"]`) {
		t.Errorf("PGN export = %q; want the moves and the players", pgn)
	}
	var js struct {
		ID, Moves, Status, Variant string
	}
	text := stranger.wantAccept(200, "/game/export/"+id, "application/json")
	if err := json.Unmarshal([]byte(text), &js); err != nil || js.ID != id || js.Moves != "e4 e5" || js.Status != "started" || js.Variant != "standard" {
		t.Errorf("JSON export = %s (%v)", text, err)
	}
	stranger.want(404, "GET", "/game/export/nosuchgame1", "", "")

	fog := create(t, s.Handler(), `{"mode":"online","variant":"fogofwar","color":"white"}`)
	join(t, s.Handler(), fog.ID, http.StatusOK)
	if body := stranger.want(409, "GET", "/game/export/"+fog.ID, "", ""); !strings.Contains(body, "in_play") {
		t.Errorf("a fog game under way exported: %s", body)
	}
}

// playTo has ann challenge bob to a casual game, bob accept, and both
// play moves (UCI, space-separated, White's first); it returns the id.
func playTo(t *testing.T, white, black *program, moves string) string {
	t.Helper()
	var ch lichess.Challenge
	if err := json.Unmarshal([]byte(white.want(200, "POST", "/api/challenge/"+strings.ToLower(blackName(t, black)), formType, "clock.limit=300&clock.increment=0&color=white")), &ch); err != nil {
		t.Fatal(err)
	}
	black.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	for i, mv := range strings.Fields(moves) {
		p := white
		if i%2 == 1 {
			p = black
		}
		p.want(200, "POST", "/api/board/game/"+ch.ID+"/move/"+mv, "", "")
	}
	return ch.ID
}

// blackName is the username of p's account.
func blackName(t *testing.T, p *program) string {
	t.Helper()
	var acct struct{ Username string }
	if err := json.Unmarshal([]byte(p.want(200, "GET", "/api/account", "", "")), &acct); err != nil {
		t.Fatal(err)
	}
	return acct.Username
}

// TestAccountPlaying lists the games under way as lichess's GET
// /api/account/playing does: the game on the account's move first, with
// its time left; another account's games are not its own.
func TestAccountPlaying(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob, cat := newProgram(t, srv, "ann"), newProgram(t, srv, "bob"), newProgram(t, srv, "cat")
	first := playTo(t, ann, bob, "e2e4")  // black (bob) to move
	second := playTo(t, bob, ann, "d2d4") // ann is black: her move

	var now struct {
		NowPlaying []lichess.GameInfo `json:"nowPlaying"`
	}
	if err := json.Unmarshal([]byte(ann.want(200, "GET", "/api/account/playing", "", "")), &now); err != nil {
		t.Fatal(err)
	}
	if len(now.NowPlaying) != 2 || now.NowPlaying[0].GameID != second || now.NowPlaying[1].GameID != first {
		t.Fatalf("ann's nowPlaying = %+v; want %s (her move) then %s", now.NowPlaying, second, first)
	}
	g := now.NowPlaying[0]
	if !g.IsMyTurn || g.Color != "black" || g.Opponent.Username != "bob" || g.SecondsLeft == nil || *g.SecondsLeft < 290 || *g.SecondsLeft > 300 {
		t.Errorf("nowPlaying[0] = %+v", g)
	}
	if body := cat.want(200, "GET", "/api/account/playing", "", ""); !strings.Contains(body, `"nowPlaying":[]`) {
		t.Errorf("cat's nowPlaying = %s; want none", body)
	}
	ann.want(400, "GET", "/api/account/playing?nb=0", "", "")
	(&program{t: t, srv: srv}).want(401, "GET", "/api/account/playing", "", "")
}

// TestUsersStatus tells whether accounts are online (an event stream
// open) as lichess's GET /api/users/status does, leaving unknown names out.
func TestUsersStatus(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann := newProgram(t, srv, "Ann")
	newProgram(t, srv, "bob")
	stranger := &program{t: t, srv: srv}
	status := func() []lichess.UserStatus {
		var out []lichess.UserStatus
		if err := json.Unmarshal([]byte(stranger.want(200, "GET", "/api/users/status?ids=ann,bob,nobody", "", "")), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := status(); len(got) != 2 || got[0].Online || got[0].ID != "ann" || got[0].Name != "Ann" || got[1].Online {
		t.Fatalf("before any stream: %+v", got)
	}
	ann.stream("/api/stream/event")
	deadline := time.Now().Add(5 * time.Second)
	for !status()[0].Online {
		if time.Now().After(deadline) {
			t.Fatal("ann's event stream is open, but she reads as offline")
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, q := range []string{"", "ids=", "ids=" + strings.Repeat("a,", 101)} {
		stranger.want(400, "GET", "/api/users/status?"+q, "", "")
	}
}

// wantAccept GETs path with an Accept header and wants status.
func (p *program) wantAccept(status int, path, accept string) string {
	p.t.Helper()
	r, err := http.NewRequest("GET", p.srv.URL+path, nil)
	if err != nil {
		p.t.Fatal(err)
	}
	r.Header.Set("Accept", accept)
	got, data := p.send(r)
	if got != status {
		p.t.Fatalf("GET %s (Accept %s) = %d %s; want %d", path, accept, got, data, status)
	}
	return data
}

// TestChallengeList lists the open challenges as lichess's GET
// /api/challenge does: those to the account in "in", those it made in
// "out", an accepted one in neither.
func TestChallengeList(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newProgram(t, srv, "ann"), newProgram(t, srv, "bob")
	type challengeList struct{ In, Out []lichess.Challenge } // lichess's {in, out}
	list := func(p *program) challengeList {
		var out challengeList
		if err := json.Unmarshal([]byte(p.want(200, "GET", "/api/challenge", "", "")), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	var ch lichess.Challenge
	if err := json.Unmarshal([]byte(ann.want(200, "POST", "/api/challenge/bob", formType, "clock.limit=180&clock.increment=2")), &ch); err != nil {
		t.Fatal(err)
	}
	if a, b := list(ann), list(bob); len(a.Out) != 1 || a.Out[0].ID != ch.ID || len(a.In) != 0 || len(b.In) != 1 || b.In[0].ID != ch.ID || len(b.Out) != 0 {
		t.Fatalf("ann's %+v, bob's %+v; want the challenge out of ann's and into bob's", a, b)
	}
	bob.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	if body := bob.want(200, "GET", "/api/challenge", "", ""); body != `{"in":[],"out":[]}`+"\n" && body != `{"in":[],"out":[]}` {
		t.Errorf("after accepting: %q", body)
	}
}

// TestChallengeCancel cancels a challenge as lichess's POST
// /api/challenge/{id}/cancel does: its challenger only; both hear of it.
func TestChallengeCancel(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newProgram(t, srv, "ann"), newProgram(t, srv, "bob")
	bobEvents := bob.stream("/api/stream/event")
	var ch lichess.Challenge
	if err := json.Unmarshal([]byte(ann.want(200, "POST", "/api/challenge/bob", formType, "clock.limit=180&clock.increment=0")), &ch); err != nil {
		t.Fatal(err)
	}
	bob.want(404, "POST", "/api/challenge/"+ch.ID+"/cancel", "", "") // not his to cancel
	ann.want(200, "POST", "/api/challenge/"+ch.ID+"/cancel", "", "")
	if ev := next(t, bobEvents, "challengeCanceled"); ev["challenge"].(map[string]any)["id"] != ch.ID {
		t.Errorf("bob heard %v", ev)
	}
	ann.want(404, "POST", "/api/challenge/"+ch.ID+"/cancel", "", "")
}

// TestGameStream streams a game's moves to anyone as lichess's GET
// /api/stream/game/{id} does: a first line of the game, a line of each
// move's position with its move and clocks, the game's line again at its
// end; a fog game under way is refused.
func TestGameStream(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newProgram(t, srv, "ann"), newProgram(t, srv, "bob")
	id := playTo(t, ann, bob, "e2e4")
	stranger := &program{t: t, srv: srv}
	lines := ann.stream("/api/stream/game/" + id) // a token changes nothing here: anyone may watch
	first := <-lines
	if first["id"] != id || first["turns"] != float64(1) || first["player"] != "black" || first["lastMove"] != "e2e4" ||
		first["status"].(map[string]any)["name"] != "started" || first["variant"].(map[string]any)["key"] != "standard" {
		t.Fatalf("first line = %v", first)
	}
	bob.want(200, "POST", "/api/board/game/"+id+"/move/e7e5", "", "")
	mv := <-lines
	if mv["lm"] != "e7e5" || !strings.HasPrefix(mv["fen"].(string), "rnbqkbnr/pppp1ppp/8/4p3/4P3/") || mv["wc"] == nil || mv["bc"] == nil {
		t.Fatalf("the move's line = %v", mv)
	}
	bob.want(200, "POST", "/api/board/game/"+id+"/resign", "", "")
	end := <-lines
	if end["status"].(map[string]any)["name"] != "resign" || end["winner"] != "white" {
		t.Fatalf("the last line = %v", end)
	}

	fog := create(t, s.Handler(), `{"mode":"online","variant":"fogofwar","color":"white"}`)
	join(t, s.Handler(), fog.ID, http.StatusOK)
	stranger.want(409, "GET", "/api/stream/game/"+fog.ID, "", "")
}
