package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/lobby"
	"github.com/gambitchess/gambit/server/profile"
)

// dial opens game id's WebSocket as b: with every cookie b's jar holds
// for the server (its session, its player cookie).
func (b *browser) dial(id string, query ...string) *wsClient {
	b.t.Helper()
	return dialWith(b.t, b.srv, id, b.cookieHeader(), query...)
}

// cookieHeader is the Cookie header b sends to its server.
func (b *browser) cookieHeader() http.Header {
	u, _ := url.Parse(b.srv.URL)
	var parts []string
	for _, c := range b.c.Jar.Cookies(u) {
		parts = append(parts, c.String())
	}
	h := http.Header{}
	if len(parts) > 0 {
		h.Set("Cookie", strings.Join(parts, "; "))
	}
	return h
}

// TestRatedGame: two accounts play a rated game by invite; its end
// changes both ratings as Glicko-2 says, once; the PGN names the players
// with their ratings; an anonymous player cannot take a rated seat, and
// a rated game needs a clock and an account.
func TestRatedGame(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob, anon := newBrowser(t, srv), newBrowser(t, srv), newBrowser(t, srv)
	ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
	bob.want(201, "POST", "/api/signup", `{"username":"bob","password":"long enough pass"}`)

	tests := []struct {
		who  *browser
		body string
		code string
	}{
		{anon, `{"mode":"online","color":"white","clock":{"minutes":5,"increment":3},"rated":true}`, "signed_out"},
		{ann, `{"mode":"online","color":"white","rated":true}`, "bad_request"},
		{ann, `{"mode":"local","clock":{"minutes":5,"increment":3},"rated":true}`, "bad_request"},
	}
	for _, tt := range tests {
		if status, body := tt.who.call("POST", "/api/games", tt.body); status < 400 || code(t, body) != tt.code {
			t.Errorf("create %s = %d %s; want %s", tt.body, status, body, tt.code)
		}
	}
	var g createResponse
	body := ann.want(201, "POST", "/api/games", `{"mode":"online","color":"white","clock":{"minutes":5,"increment":3},"rated":true}`)
	if err := json.Unmarshal([]byte(body), &g); err != nil || g.Color != "white" {
		t.Fatalf("create: %s", body)
	}
	if c := code(t, anon.want(401, "POST", "/api/games/"+g.ID+"/join", `{}`)); c != "signed_out" {
		t.Errorf("anonymous join of a rated game: %s", c)
	}
	// Ann signed in on a second browser is the same player: her link gives
	// her own seat back, never the other side of her own rated game.
	ann2 := newBrowser(t, srv)
	ann2.want(200, "POST", "/api/login", `{"username":"ann","password":"long enough pass"}`)
	if body := ann2.want(200, "POST", "/api/games/"+g.ID+"/join", `{}`); !strings.Contains(body, `"color":"white"`) || !strings.Contains(body, `"black":{"kind":"open"}`) {
		t.Errorf("ann's second browser joining her own rated game: %s, want her white seat, black still open", body)
	}
	bob.want(200, "POST", "/api/games/"+g.ID+"/join", `{}`)
	var before ratingJSON
	if err := json.Unmarshal([]byte(ann.want(200, "GET", "/api/games/"+g.ID+"/rating", "")), &before); err != nil {
		t.Fatal(err)
	}
	if !before.Rated || before.Perf != "blitz" || before.State != "pending" {
		t.Errorf("rating before the end = %+v", before)
	}

	playAndResign(t, srv, g.ID, ann, bob)

	after := ratingAfter(t, ann, g.ID)
	// Two new players (1500, deviation 500, volatility 0.09), White winning:
	// 1741 and 1258 by Glicko-2 (rating.ExampleGame; the formula itself is
	// checked against Glickman's worked example in package rating).
	want := ratingJSON{Rated: true, Perf: "blitz", State: "applied",
		White: ratingSideJSON{Name: "ann", Before: 1500, After: 1741, Diff: 241, Provisional: true},
		Black: ratingSideJSON{Name: "bob", Before: 1500, After: 1258, Diff: -242, Provisional: true}}
	if after != want {
		t.Errorf("rating after the end = %+v\nwant %+v", after, want)
	}
	pgn := ann.want(200, "GET", "/api/games/"+g.ID+"/pgn", "")
	for _, tag := range []string{`[White "ann"]`, `[Black "bob"]`, `[WhiteElo "1500"]`, `[BlackElo "1500"]`, `1-0`} {
		if !strings.Contains(pgn, tag) {
			t.Errorf("PGN lacks %s:\n%s", tag, pgn)
		}
	}
}

// TestProfile: after a rated game, each player's profile has the rating
// (provisional), the record, a graph, and the games: all of them for the
// player, the public ones for anyone else.
func TestProfile(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob, anon := newBrowser(t, srv), newBrowser(t, srv), newBrowser(t, srv)
	ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
	bob.want(201, "POST", "/api/signup", `{"username":"bob","password":"long enough pass"}`)
	var g createResponse
	mustDecode(t, []byte(ann.want(201, "POST", "/api/games", `{"mode":"online","color":"white","clock":{"minutes":5,"increment":3},"rated":true}`)), &g)
	bob.want(200, "POST", "/api/games/"+g.ID+"/join", `{}`)
	playAndResign(t, srv, g.ID, ann, bob)
	var u profile.User
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && u.Perfs["blitz"].Games == 0; time.Sleep(20 * time.Millisecond) {
		mustDecode(t, []byte(anon.want(200, "GET", "/api/user/ANN", "")), &u)
	}
	// A new player's first win over another: 1741, deviation 396 (see TestRatedGame).
	if p := u.Perfs["blitz"]; u.Username != "ann" || p != (profile.Perf{Games: 1, Rating: 1741, RD: 396, Prov: true, Wins: 1}) {
		t.Errorf("GET /api/user/ANN = %+v", u)
	}
	if svg := anon.want(200, "GET", "/api/user/ann/rating.svg?perf=blitz", ""); !strings.Contains(svg, "<polyline") {
		t.Errorf("rating graph: %s", svg)
	}
	// The invite game is rated: ann sees it as hers, bob (who played it)
	// sees it in ann's list, and so does a stranger once it is over (its
	// result is in ann's record already; a casual invite stays private:
	// TestProfileGames).
	var own, opponent, stranger profile.GamesPage
	mustDecode(t, []byte(ann.want(200, "GET", "/api/user/ann/games?rated=true", "")), &own)
	mustDecode(t, []byte(bob.want(200, "GET", "/api/user/ann/games", "")), &opponent)
	mustDecode(t, []byte(anon.want(200, "GET", "/api/user/ann/games", "")), &stranger)
	if len(own.Games) != 1 || own.Games[0].ID != g.ID || !own.Games[0].Yours {
		t.Errorf("ann's own games = %+v", own)
	}
	if len(opponent.Games) != 1 || opponent.Games[0].ID != g.ID || opponent.Games[0].Yours {
		t.Errorf("ann's games as bob sees them = %+v, want the game they played", opponent)
	}
	if len(stranger.Games) != 1 || stranger.Games[0].ID != g.ID || stranger.Games[0].Yours {
		t.Errorf("ann's games as a stranger sees them = %+v, want the rated game", stranger)
	}
	if pgn := anon.want(200, "GET", "/api/user/ann/games.pgn", ""); strings.Count(pgn, "[Event ") != 1 {
		t.Errorf("a stranger's download of ann's games:\n%s", pgn)
	}
	if pgn := ann.want(200, "GET", "/api/user/ann/games.pgn", ""); strings.Count(pgn, "[Event ") != 1 || !strings.Contains(pgn, `[WhiteElo "1500"]`) {
		t.Errorf("ann's games as PGN:\n%s", pgn)
	}
	anon.want(404, "GET", "/api/user/nobody", "")
	for _, bad := range []string{"?rated=maybe", "?result=2-0", "?limit=0", "?after=x", "?variant=Chess!"} {
		anon.want(400, "GET", "/api/user/ann/games"+bad, "")
	}
	anon.want(200, "GET", "/api/leaderboard/blitz", "") // provisional ratings only: an empty board
}

// playAndResign plays 1.e4 e5 in game id between the browsers w (White)
// and b (Black), then Black resigns.
func playAndResign(t *testing.T, srv *httptest.Server, id string, w, b *browser) {
	t.Helper()
	white, black := w.dial(id), b.dial(id)
	white.send(`{"t":"move","d":{"u":"e2e4"}}`)
	black.next("move")
	black.send(`{"t":"move","d":{"u":"e7e5"}}`)
	white.next("move")
	black.send(`{"t":"resign"}`)
}

// ratingAfter polls game id's rating, as who reads it, until it is no
// longer pending (10 s at most), and returns it.
func ratingAfter(t *testing.T, who *browser, id string) ratingJSON {
	t.Helper()
	var r ratingJSON
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		mustDecode(t, []byte(who.want(200, "GET", "/api/games/"+id+"/rating", "")), &r)
		if r.State != "pending" {
			break
		}
	}
	return r
}

// TestRatedQuickPairing: two accounts asking for rated 3+2 meet in a
// rated game whose end moves both ratings; the waiting seek is listed
// with its seeker's rating, provisional; an anonymous player may not
// enter the rated pool, a casual request never takes a rated seek, and
// nobody meets their own seek.
func TestRatedQuickPairing(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob, anon := newBrowser(t, srv), newBrowser(t, srv), newBrowser(t, srv)
	ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
	bob.want(201, "POST", "/api/signup", `{"username":"bob","password":"long enough pass"}`)
	const rated = `{"variant":"chess","clock":{"minutes":3,"increment":2},"rated":true}`

	if c := code(t, anon.want(401, "POST", "/api/pair", rated)); c != "signed_out" {
		t.Errorf("an anonymous rated pairing: %s", c)
	}
	var first, again, casual, met createResponse
	mustDecode(t, []byte(ann.want(201, "POST", "/api/pair", rated)), &first)
	var list []lobby.Challenge
	mustDecode(t, []byte(anon.want(200, "GET", "/api/lobby", "")), &list)
	if len(list) != 1 || list[0].ID != first.ID || !list[0].Rated || list[0].Rating != 1500 || !list[0].Provisional {
		t.Fatalf("the lobby lists %+v", list)
	}
	mustDecode(t, []byte(ann.want(201, "POST", "/api/pair", rated)), &again)
	mustDecode(t, []byte(anon.want(201, "POST", "/api/pair", `{"variant":"chess","clock":{"minutes":3,"increment":2}}`)), &casual)
	if again.ID == first.ID || casual.ID == first.ID || casual.ID == again.ID {
		t.Fatalf("ann met herself, or a casual request took a rated seek: %s %s %s", first.ID, again.ID, casual.ID)
	}
	mustDecode(t, []byte(bob.want(200, "POST", "/api/pair", rated)), &met)
	if met.ID != first.ID || met.Color == first.Color {
		t.Fatalf("bob met %s as %s; ann waits in %s as %s", met.ID, met.Color, first.ID, first.Color)
	}

	w, b := ann, bob
	if first.Color == "black" {
		w, b = bob, ann
	}
	playAndResign(t, srv, first.ID, w, b)
	after := ratingAfter(t, ann, first.ID)
	// Two new players, White winning: 1741 and 1258 (see TestRatedGame).
	if after.State != "applied" || after.Perf != "blitz" || after.White.After != 1741 || after.Black.After != 1258 ||
		after.White.Diff <= 0 || after.Black.Diff >= 0 {
		t.Errorf("the rating after the end: %+v", after)
	}
}

// TestRatedPoolWidens: two accounts 483 points apart both wait in the
// rated pool; asking again at once, the newer keeps waiting (204); 29 s
// later (the range ±486) it moves to the older seek, its own withdrawn;
// the older never moves to the newer.
func TestRatedPoolWidens(t *testing.T) {
	var skew atomic.Int64
	now := func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Now: now})
	ann, bob := newBrowser(t, srv), newBrowser(t, srv)
	ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
	bob.want(201, "POST", "/api/signup", `{"username":"bob","password":"long enough pass"}`)
	const rated = `{"variant":"chess","clock":{"minutes":3,"increment":2},"rated":true`
	var g createResponse
	mustDecode(t, []byte(ann.want(201, "POST", "/api/pair", rated+`}`)), &g)
	bob.want(200, "POST", "/api/pair", rated+`}`)
	w, b := ann, bob
	if g.Color == "black" {
		w, b = bob, ann
	}
	white, black := w.dial(g.ID), b.dial(g.ID)
	white.send(`{"t":"move","d":{"u":"e2e4"}}`)
	black.next("move")
	black.send(`{"t":"move","d":{"u":"e7e5"}}`)
	white.position(2)
	white.send(`{"t":"resign"}`) // white resigns once both have moved (before, it would be aborted): black 1741?, white 1258?
	black.next("state")
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var r ratingJSON
		mustDecode(t, []byte(ann.want(200, "GET", "/api/games/"+g.ID+"/rating", "")), &r)
		if r.State == "applied" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the first game is not rated: %+v", r)
		}
	}

	var older, newer, moved createResponse
	mustDecode(t, []byte(w.want(201, "POST", "/api/pair", rated+`}`)), &older)
	mustDecode(t, []byte(b.want(201, "POST", "/api/pair", rated+`}`)), &newer)
	if older.ID == newer.ID {
		t.Fatal("483 points apart, paired at once")
	}
	b.want(204, "POST", "/api/pair", rated+`,"waiting":"`+newer.ID+`"}`)
	skew.Store(int64(29 * time.Second))
	w.want(204, "POST", "/api/pair", rated+`,"waiting":"`+older.ID+`"}`) // the older never moves
	mustDecode(t, []byte(b.want(200, "POST", "/api/pair", rated+`,"waiting":"`+newer.ID+`"}`)), &moved)
	if moved.ID != older.ID || moved.Color == older.Color {
		t.Fatalf("the newer seek moved to %s as %s; the older is %s as %s", moved.ID, moved.Color, older.ID, older.Color)
	}
	var st struct{ Status string }
	mustDecode(t, []byte(b.want(200, "GET", "/api/games/"+newer.ID, "")), &st)
	if st.Status != "aborted" {
		t.Errorf("the seek left behind is %q, want aborted", st.Status)
	}
	if c := code(t, b.want(409, "POST", "/api/pair", rated+`,"waiting":"`+newer.ID+`"}`)); c != "seat_taken" {
		t.Errorf("asking again from a withdrawn seek: %s", c)
	}
	var rg ratingJSON
	mustDecode(t, []byte(b.want(200, "GET", "/api/games/"+older.ID+"/rating", "")), &rg)
	if rg.State != "pending" || rg.White.Name == "" || rg.Black.Name == "" || rg.White.Name == rg.Black.Name {
		t.Errorf("the game they met in: %+v", rg)
	}
}

// ratingJSON is GET /api/games/{id}/rating's answer, as package games
// writes it: whether the game is rated and, once over, each side's rating
// before and after it.
type ratingJSON struct {
	Rated bool           `json:"rated"`
	Perf  string         `json:"perf,omitempty"`
	State string         `json:"state,omitempty"`
	White ratingSideJSON `json:"white"`
	Black ratingSideJSON `json:"black"`
}

// ratingSideJSON is one side of ratingJSON.
type ratingSideJSON struct {
	Name        string `json:"name"`
	Before      int    `json:"before"`
	After       int    `json:"after"`
	Diff        int    `json:"diff"`
	Provisional bool   `json:"provisional"`
}
