package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/export"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/profile"
	"github.com/gambitchess/gambit/server/servertest"
)

// program is a program using the API with its token: no cookies.
type program struct {
	t     *testing.T
	srv   *httptest.Server
	token string
}

// call sends a request with the token; ctype "" sends no body type.
func (p *program) call(method, path, ctype, body string) (int, string) {
	p.t.Helper()
	r, err := http.NewRequest(method, p.srv.URL+path, strings.NewReader(body))
	if err != nil {
		p.t.Fatal(err)
	}
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	return p.send(r)
}

// send sends r with the token and returns the answer's status and body.
func (p *program) send(r *http.Request) (int, string) {
	p.t.Helper()
	if p.token != "" {
		r.Header.Set("Authorization", "Bearer "+p.token)
	}
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

func (p *program) want(status int, method, path, ctype, body string) string {
	p.t.Helper()
	got, text := p.call(method, path, ctype, body)
	if got != status {
		p.t.Fatalf("%s %s %s = %d %s; want %d", method, path, body, got, text, status)
	}
	return text
}

const formType = "application/x-www-form-urlencoded"

// newProgram signs up name and makes a token for it, through the API.
func newProgram(t *testing.T, srv *httptest.Server, name string) *program {
	t.Helper()
	p := &program{t: t, srv: srv}
	creds := `{"username":"` + name + `","password":"long enough pass"}`
	p.want(201, "POST", "/api/signup", "application/json", creds)
	var tok struct{ Token string }
	if err := json.Unmarshal([]byte(p.want(200, "POST", "/api/token", "application/json", creds)), &tok); err != nil || tok.Token == "" {
		t.Fatalf("token: %v", err)
	}
	p.token = tok.Token
	return p
}

// stream opens an NDJSON stream and returns its lines (keep-alive empty
// lines left out); it ends with the test.
func (p *program) stream(path string) <-chan map[string]any {
	p.t.Helper()
	return servertest.NDJSON(p.t, p.srv.URL+path, p.token)
}

// next returns the next line of typ from lines (servertest.NextLine).
func next(t *testing.T, lines <-chan map[string]any, typ string) map[string]any {
	t.Helper()
	return servertest.NextLine(t, lines, typ)
}

// waitMoves reads a game stream until its moves are want.
func waitMoves(t *testing.T, lines <-chan map[string]any, want string) map[string]any {
	t.Helper()
	for {
		st := next(t, lines, "gameState")
		if st["moves"] == want {
			return st
		}
	}
}

// TestBoardAPIRatedGame drives a whole rated game between two accounts
// through the API for programs only: tokens, a challenge (a form body, as
// lichess's clients send it), its acceptance, both event streams and game
// streams, the moves to mate, gameFinish with the rating change, and the
// new ratings on /api/account. On the way: a token acting on a seat not
// its own is refused, as is a move out of turn; a revoked token is 401.
func TestBoardAPIRatedGame(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob, cat := newProgram(t, srv, "ann"), newProgram(t, srv, "bob"), newProgram(t, srv, "cat")

	var acct struct {
		ID, Username string
		Perfs        map[string]profile.Perf
	}
	if err := json.Unmarshal([]byte(ann.want(200, "GET", "/api/account", "", "")), &acct); err != nil || acct.Username != "ann" || acct.ID != "ann" {
		t.Fatalf("GET /api/account = %+v, %v", acct, err)
	}
	annEvents, bobEvents := ann.stream("/api/stream/event"), bob.stream("/api/stream/event")

	var ch lichess.Challenge
	body := ann.want(200, "POST", "/api/challenge/bob", formType, "rated=true&clock.limit=300&clock.increment=3&color=white&variant=standard")
	if err := json.Unmarshal([]byte(body), &ch); err != nil || ch.ID == "" || !ch.Rated || ch.Speed != "blitz" || ch.FinalColor != "white" {
		t.Fatalf("challenge = %s", body)
	}
	got := next(t, bobEvents, "challenge")
	if c := got["challenge"].(map[string]any); c["id"] != ch.ID || c["challenger"].(map[string]any)["name"] != "ann" {
		t.Errorf("bob's challenge event = %v", got)
	}
	cat.want(404, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	bob.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	for who, events := range map[string]<-chan map[string]any{"ann": annEvents, "bob": bobEvents} {
		g := next(t, events, "gameStart")["game"].(map[string]any)
		if g["gameId"] != ch.ID || g["rated"] != true || g["opponent"].(map[string]any)["rating"] != 1500.0 {
			t.Errorf("%s's gameStart = %v, want it rated, the opponent's rating 1500", who, g)
		}
	}

	// A stream connecting while the game runs hears of it at once.
	late := next(t, bob.stream("/api/stream/event"), "gameStart")["game"].(map[string]any)
	if late["gameId"] != ch.ID || late["color"] != "black" || late["isMyTurn"] != false {
		t.Errorf("gameStart to a late event stream = %v", late)
	}

	annGame, bobGame := ann.stream("/api/board/game/stream/"+ch.ID), bob.stream("/api/board/game/stream/"+ch.ID)
	full := next(t, annGame, "gameFull")
	if full["id"] != ch.ID || full["white"].(map[string]any)["name"] != "ann" || full["clock"].(map[string]any)["initial"] != 300000.0 {
		t.Errorf("gameFull = %v", full)
	}
	for _, side := range []string{"white", "black"} { // the ratings from the start, not only once applied
		if p := full[side].(map[string]any); p["rating"] != 1500.0 || p["provisional"] != true {
			t.Errorf("gameFull's %s before the first move = %v, want rating 1500, provisional", side, p)
		}
	}
	if st := full["state"].(map[string]any); st["status"] != "started" || st["moves"] != "" {
		t.Errorf("gameFull's state before the first move = %v, want started (lichess-bot as White moves only in a started game)", st)
	}
	next(t, bobGame, "gameFull")

	if c := code(t, cat.want(403, "POST", "/api/board/game/"+ch.ID+"/move/e2e4", "", "")); c != "not_your_seat" {
		t.Errorf("a stranger's move: %s", c)
	}
	if c := code(t, bob.want(409, "POST", "/api/board/game/"+ch.ID+"/move/e7e5", "", "")); c != "not_your_turn" {
		t.Errorf("black moving first: %s", c)
	}
	cat.want(403, "GET", "/api/board/game/stream/"+ch.ID, "", "")

	moves := []struct {
		who *program
		uci string
	}{{ann, "f2f3"}, {bob, "e7e5"}, {ann, "g2g4"}, {bob, "d8h4"}} // fool's mate
	played := ""
	for _, m := range moves {
		m.who.want(200, "POST", "/api/board/game/"+ch.ID+"/move/"+m.uci, "", "")
		played = strings.TrimSpace(played + " " + m.uci)
		waitMoves(t, annGame, played)
		st := waitMoves(t, bobGame, played)
		if played == "f2f3 e7e5 g2g4 d8h4" && (st["status"] != "mate" || st["winner"] != "black") {
			t.Errorf("last gameState = %v", st)
		}
	}
	bob.want(200, "POST", "/api/board/game/"+ch.ID+"/chat", formType, "room=player&text=gg")

	for who, events := range map[string]<-chan map[string]any{"ann": annEvents, "bob": bobEvents} {
		g := next(t, events, "gameFinish")["game"].(map[string]any)
		diff, _ := g["ratingDiff"].(float64)
		if g["gameId"] != ch.ID || g["status"].(map[string]any)["name"] != "mate" || g["winner"] != "black" ||
			(who == "ann") != (diff < 0) || diff == 0 {
			t.Errorf("%s's gameFinish = %v", who, g)
		}
	}
	if err := json.Unmarshal([]byte(bob.want(200, "GET", "/api/account", "", "")), &acct); err != nil ||
		acct.Perfs["blitz"].Games != 1 || acct.Perfs["blitz"].Rating <= 1500 {
		t.Errorf("bob's account after winning = %+v, %v", acct, err)
	}

	checkExport(t, bob, ch.ID)
	firstID := ch.ID

	// A second rated game: its players come with their ratings now, not
	// the first one's.
	body = bob.want(200, "POST", "/api/challenge/ann", formType, "rated=true&clock.limit=300&color=white")
	if err := json.Unmarshal([]byte(body), &ch); err != nil {
		t.Fatalf("challenge = %s", body)
	}
	ann.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	again := next(t, ann.stream("/api/board/game/stream/"+ch.ID), "gameFull")
	if w := again["white"].(map[string]any); w["name"] != "bob" || w["rating"] != float64(acct.Perfs["blitz"].Rating) {
		t.Errorf("the second game's white = %v, want bob at %d", w, acct.Perfs["blitz"].Rating)
	}
	// A rated game over is public, as the profile lists it (store.Summary.VisibleTo):
	// another account's export of bob's games has it; the one under way is
	// not listed (lichess's finished games only, by default) (issue 41).
	if _, out := cat.call("GET", "/api/games/user/bob", "", ""); !strings.Contains(out, `[GameId "`+firstID+`"]`) || strings.Contains(out, ch.ID) {
		t.Errorf("another account's export of bob's rated games = %q", out)
	}

	ann.want(204, "DELETE", "/api/token", "", "")
	if c := code(t, ann.want(401, "GET", "/api/account", "", "")); c != "bad_token" {
		t.Errorf("a revoked token: %s", c)
	}
}

// checkExport reads the rated game back through GET /api/games/user/bob,
// as NDJSON and as PGN, with the filters.
func checkExport(t *testing.T, p *program, id string) {
	t.Helper()
	get := func(query, accept string) string {
		r, _ := http.NewRequest("GET", p.srv.URL+"/api/games/user/bob"+query, nil)
		r.Header.Set("Authorization", "Bearer "+p.token)
		if accept != "" {
			r.Header.Set("Accept", accept)
		}
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("export %s = %d %s", query, resp.StatusCode, data)
		}
		return string(data)
	}
	var g export.Game
	line := get("?max=5&perfType=blitz,rapid&rated=true", "application/x-ndjson")
	if err := json.Unmarshal([]byte(line), &g); err != nil || g.ID != id || g.Status != "mate" || g.Winner != "black" || !g.Rated ||
		g.Moves != "f3 e5 g4 Qh4#" || g.Players["black"].User == nil || g.Players["black"].RatingDiff <= 0 || g.Clock.Initial != 300 {
		t.Errorf("NDJSON export = %s (%v)", line, err)
	}
	if pgn := get("", ""); !strings.Contains(pgn, `[White "ann"]`) || !strings.Contains(pgn, "Qh4#") {
		t.Errorf("PGN export = %s", pgn)
	}
	for _, q := range []string{"?perfType=bullet", "?rated=false", "?since=" + strconv.FormatInt(time.Now().Add(time.Hour).UnixMilli(), 10), "?until=1000"} {
		if out := get(q, "application/x-ndjson"); out != "" {
			t.Errorf("export %s = %s, want nothing", q, out)
		}
	}
	if status, body := p.call("GET", "/api/games/user/bob?max=zero", "", ""); status != 400 || code(t, body) != "bad_request" {
		t.Errorf("export ?max=zero = %d %s", status, body)
	}
}

// TestBoardAPIXiangqi: a xiangqi challenge in JSON, its moves in ICCS
// (either spelling), the stream's moves and initialFen, a decline, and a
// challenge's open seat refused to the invite link of anyone else.
func TestBoardAPIXiangqi(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newProgram(t, srv, "ann"), newProgram(t, srv, "bob")
	var ch lichess.Challenge
	body := ann.want(200, "POST", "/api/challenge/bob", "application/json", `{"variant":"xiangqi","clock":{"limit":600,"increment":5},"color":"white"}`)
	if err := json.Unmarshal([]byte(body), &ch); err != nil || ch.Variant.Key != "xiangqi" || ch.TimeControl.Limit != 600 {
		t.Fatalf("challenge = %s", body)
	}
	stranger := newBrowser(t, srv)
	stranger.want(201, "POST", "/api/signup", `{"username":"eve","password":"long enough pass"}`)
	if c := code(t, stranger.want(409, "POST", "/api/games/"+ch.ID+"/join", `{}`)); c != "seat_taken" {
		t.Errorf("a stranger joining a challenge's seat: %s", c)
	}
	bob.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	game := bob.stream("/api/board/game/stream/" + ch.ID)
	full := next(t, game, "gameFull")
	if full["variant"].(map[string]any)["key"] != "xiangqi" || full["initialFen"] == "startpos" {
		t.Errorf("gameFull = %v", full)
	}
	ann.want(200, "POST", "/api/board/game/"+ch.ID+"/move/H2-E2", "", "")
	waitMoves(t, game, "h2e2")
	bob.want(200, "POST", "/api/board/game/"+ch.ID+"/move/h9g7", "", "")
	waitMoves(t, game, "h2e2 h9g7")
	if c := code(t, ann.want(422, "POST", "/api/board/game/"+ch.ID+"/move/e2e9", "", "")); c != "illegal_move" {
		t.Errorf("an illegal xiangqi move: %s", c)
	}
	if c := code(t, ann.want(400, "POST", "/api/board/game/"+ch.ID+"/move/e2", "", "")); c != "bad_request" {
		t.Errorf("a move too short: %s", c)
	}
	ann.want(200, "POST", "/api/board/game/"+ch.ID+"/draw/yes", "", "")
	if st := next(t, game, "gameState"); st["wdraw"] != true {
		t.Errorf("after red's draw offer: %v", st)
	}
	bob.want(200, "POST", "/api/board/game/"+ch.ID+"/draw/yes", "", "")
	if st := next(t, game, "gameState"); st["status"] != "draw" {
		t.Errorf("after black's acceptance: %v", st)
	}

	// A declined challenge: its game is aborted, the challenger told.
	events := ann.stream("/api/stream/event")
	body = ann.want(200, "POST", "/api/challenge/bob", formType, "days=3")
	if err := json.Unmarshal([]byte(body), &ch); err != nil || ch.TimeControl.Type != "correspondence" || ch.TimeControl.DaysPerTurn != 3 {
		t.Fatalf("challenge = %s", body)
	}
	next(t, events, "challenge")
	ann.want(404, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	bob.want(200, "POST", "/api/challenge/"+ch.ID+"/decline", "", "")
	if c := next(t, events, "challengeDeclined")["challenge"].(map[string]any); c["id"] != ch.ID || c["status"] != "declined" {
		t.Errorf("challengeDeclined = %v", c)
	}
	bob.want(404, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	for _, bad := range []string{"days=3&clock.limit=60", "color=green", "variant=shogi", "clock.limit=5", "nonsense=1"} {
		if status, body := ann.call("POST", "/api/challenge/bob", formType, bad); status != 400 && status != 422 {
			t.Errorf("challenge %s = %d %s; want 4xx", bad, status, body)
		}
	}
	ann.want(404, "POST", "/api/challenge/nobody", formType, "")
}
