package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"
	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/games"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/web"
)

// serve starts a server with bot (the engine, seeded, when nil) over st,
// behind a live listener for the WebSocket tests. stop shuts both down, for
// a restart; it also runs when the test ends.
func serve(t *testing.T, st store.Log, bot computer.Bot) (s *Server, srv *httptest.Server, stop func()) {
	t.Helper()
	return serveWith(t, Config{Store: st, Bot: bot})
}

// cheapPasswords are argon2id's smallest costs, so that the tests' many
// sign-ins take no time (the costs themselves are package account's tests').
var cheapPasswords = account.Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// serveWith is serve with a configuration of one's own.
func serveWith(t *testing.T, cfg Config) (s *Server, srv *httptest.Server, stop func()) {
	t.Helper()
	if cfg.Bot == nil {
		cfg.Bot = computer.NewEngineBot(1)
	}
	if cfg.PasswordParams == (account.Params{}) {
		cfg.PasswordParams = cheapPasswords
	}
	if cfg.CredentialCheckEvery == 0 {
		cfg.CredentialCheckEvery = 200 * time.Millisecond
	}
	s = New(cfg)
	if err := s.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv = httptest.NewServer(s.Handler())
	var once sync.Once
	stop = func() { once.Do(func() { srv.Close(); s.Close() }) }
	t.Cleanup(stop)
	return s, srv, stop
}

func openStore(t testing.TB, dir string) *store.SQLite {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "gambit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() }) // Close is idempotent: a restart may close it first
	return st
}

// apiRequest is a request as the web UI makes it: JSON, from its own page.
func apiRequest(method, path, body string) *http.Request {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if method == "POST" {
		r.Header.Set("Content-Type", "application/json")
	}
	return r
}

// personRequest is apiRequest from the browser of the person whose player
// secret is secret.
func personRequest(method, path, body, secret string) *http.Request {
	r := apiRequest(method, path, body)
	r.AddCookie(&http.Cookie{Name: playerCookie, Value: secret})
	return r
}

// created is a game a test made, with the player secret of the person who
// made it (Token: what the browser's cookie holds).
type created struct {
	createResponse
	Token string
}

// create makes a game as a new person would.
func create(t *testing.T, h http.Handler, body string) created {
	t.Helper()
	return createAs(t, h, body, "")
}

// createAs makes a game as the person whose cookie is secret ("" for a
// new person); the answer's Token is the cookie the server set (the same,
// for one it issued).
func createAs(t *testing.T, h http.Handler, body, secret string) created {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, personRequest("POST", "/api/games", body, secret))
	if rec.Code != http.StatusCreated {
		t.Fatalf("create %s: %d %s", body, rec.Code, rec.Body)
	}
	var resp createResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &resp); err != nil {
		t.Fatal(err)
	}
	if c := seatCookie(rec.Header()); c != nil { // a secret the server did not issue is replaced
		secret = c.Value
	}
	return created{resp, secret}
}

func TestHTTPAPI(t *testing.T) {
	s, _, _ := serve(t, openStore(t, t.TempDir()), nil)
	h := s.Handler()
	g := create(t, h, `{"mode":"local","clock":{"minutes":5,"increment":3}}`)
	if g.ID == "" || g.Token == "" || g.State.Clock == nil || g.State.Clock.White != 300000 || len(g.State.Dests) != 10 {
		t.Fatalf("create response %+v", g)
	}
	tests := []struct {
		method, path, body string
		want               int
		wantCode           string
	}{
		{"POST", "/api/games", `{"mode":`, 400, "bad_request"},
		{"POST", "/api/games", `{"mode":"local","extra":1}`, 400, "bad_request"},
		{"POST", "/api/games", `{"mode":"chess960"}`, 400, "bad_request"},
		{"POST", "/api/games", `{"mode":"online","color":"green"}`, 400, "bad_request"},
		{"POST", "/api/games/nope/join", `{}`, 404, "not_found"},
		{"POST", "/api/games", `{"mode":"computer","level":"godlike"}`, 400, "bad_request"},
		{"POST", "/api/games", `{"mode":"computer","level":"greedy","color":"green"}`, 400, "bad_request"},
		{"POST", "/api/games", `{"mode":"local","clock":{"minutes":-1}}`, 400, "bad_request"},
		{"POST", "/api/games", `{"mode":"local","clock":{"minutes":1e-300}}`, 400, "bad_request"},
		{"POST", "/api/games", `{"mode":"local","clock":{"minutes":0.2}}`, 400, "bad_request"},
		{"POST", "/api/games", `{"mode":"local","setup":"` + strings.Repeat("x", games.MaxBody) + `"}`, 413, "too_large"},
		{"POST", "/api/games", `{"mode":"local","setup":"8/8/8/8/8/8/8/8 w - - 0 1"}`, 422, "bad_setup"},
		{"POST", "/api/games", `{"mode":"local","setup":"1. e4 e5 2. Ke3"}`, 422, "bad_setup"},
		{"GET", "/api/games/nope", "", 404, "not_found"},
		{"GET", "/api/games?limit=0", "", 400, "bad_request"},
		{"GET", "/api/nothing", "", 404, "not_found"},
		{"GET", "/api/games/" + g.ID, "", 200, ""},
		{"GET", "/api/games/" + g.ID + "/pgn", "", 200, ""},
		{"GET", "/api/games", "", 200, ""},
		{"GET", "/api/levels", "", 200, ""},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, apiRequest(tt.method, tt.path, tt.body))
		if rec.Code != tt.want {
			t.Errorf("%s %s %s: got %d, want %d (%s)", tt.method, tt.path, tt.body, rec.Code, tt.want, rec.Body)
			continue
		}
		if tt.wantCode != "" {
			var e struct{ Code, Message string }
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Code != tt.wantCode || e.Message == "" {
				t.Errorf("%s %s: error body %s, want code %s", tt.method, tt.path, rec.Body, tt.wantCode)
			}
		}
	}
	imported := create(t, h, `{"mode":"local","setup":"[Event \"x\"]\n\n1. e4 e5 2. Nf3 *"}`)
	if imported.State.Ply != 3 || imported.State.Turn != "black" || len(imported.State.Moves) != 3 {
		t.Errorf("PGN import: ply %d turn %s", imported.State.Ply, imported.State.Turn)
	}
}

// wsClient is a test WebSocket client. Like a browser, it reads all the
// time (in the background), so the server's pings are answered whatever
// the test does meanwhile.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
	in   chan []byte // messages read, in order
	err  chan error  // why reading stopped

	mu   sync.Mutex
	tape [][]byte // every message read, kept for tests that check every byte
}

// recorded returns every message the client has read so far.
func (c *wsClient) recorded() [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([][]byte(nil), c.tape...)
}

// readAll reads messages into c.in until the connection ends.
func (c *wsClient) readAll() {
	for {
		_, data, err := c.conn.Read(context.Background())
		if err != nil {
			c.err <- err
			return
		}
		c.mu.Lock()
		c.tape = append(c.tape, data)
		c.mu.Unlock()
		c.in <- data
	}
}

// read returns the next message, or the error that ended the connection;
// it fails the test after d.
func (c *wsClient) read(d time.Duration) ([]byte, error) {
	c.t.Helper()
	select {
	case data := <-c.in:
		return data, nil
	case err := <-c.err:
		c.err <- err // for any later read
		return nil, err
	case <-time.After(d):
		return nil, context.DeadlineExceeded
	}
}

// dial opens game id's WebSocket as the person whose player secret is
// secret ("" for a stranger: a spectator), with query added to the URL.
func dial(t *testing.T, srv *httptest.Server, id, secret string, query ...string) *wsClient {
	t.Helper()
	h := http.Header{}
	if secret != "" {
		h.Set("Cookie", (&http.Cookie{Name: playerCookie, Value: secret}).String())
	}
	return dialWith(t, srv, id, h, query...)
}

// dialWith opens game id's WebSocket with the request headers h.
func dialWith(t *testing.T, srv *httptest.Server, id string, h http.Header, query ...string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws/game/" + id + "?" + strings.Join(query, "&")
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	c := &wsClient{t: t, conn: conn, in: make(chan []byte, 1024), err: make(chan error, 1)}
	go c.readAll()
	return c
}

func (c *wsClient) send(s string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
		c.t.Fatalf("write %s: %v", s, err)
	}
}

type inMsg struct {
	T string          `json:"t"`
	D json.RawMessage `json:"d"`
}

// next reads messages until one of type typ arrives.
func (c *wsClient) next(typ string) json.RawMessage {
	c.t.Helper()
	for {
		data, err := c.read(10 * time.Second)
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", typ, err)
		}
		var m inMsg
		if err := json.Unmarshal(data, &m); err != nil {
			c.t.Fatalf("bad message %s: %v", data, err)
		}
		if m.T == typ {
			return m.D
		}
	}
}

// position reads "state" and "move" messages until the game has ply moves
// (a game loaded afresh sends a state where a live one sent the move).
func (c *wsClient) position(ply int) round.StateJSON {
	c.t.Helper()
	for {
		data, err := c.read(10 * time.Second)
		if err != nil {
			c.t.Fatalf("waiting for ply %d: %v", ply, err)
		}
		var m inMsg
		var s round.StateJSON
		if json.Unmarshal(data, &m) == nil && (m.T == "state" || m.T == "move") && json.Unmarshal(m.D, &s) == nil && s.Ply == ply {
			return s
		}
	}
}

func (c *wsClient) state(typ string) round.StateJSON {
	c.t.Helper()
	var s round.StateJSON
	if err := json.Unmarshal(c.next(typ), &s); err != nil {
		c.t.Fatal(err)
	}
	return s
}

func (c *wsClient) wantError(code string) wire.ErrorJSON {
	c.t.Helper()
	var e wire.ErrorJSON
	if err := json.Unmarshal(c.next("error"), &e); err != nil || e.Code != code || e.Message == "" {
		c.t.Errorf("error %+v, want code %s", e, code)
	}
	return e
}

func TestWebSocketLocalGame(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"local"}`)

	p := dial(t, srv, g.ID, g.Token)
	var hello struct{ You []string }
	json.Unmarshal(p.next("hello"), &hello)
	if len(hello.You) != 2 {
		t.Fatalf("local player controls %v, want both colours", hello.You)
	}
	if s0 := p.state("state"); s0.V != 0 || s0.Status != "created" {
		t.Fatalf("first state v%d %s", s0.V, s0.Status)
	}
	watcher := dial(t, srv, g.ID, "")
	watcher.next("state")

	bad := []struct{ msg, code string }{
		{`{"t":"move","d":{"u":"e2e5"}}`, "illegal_move"},
		{`{"t":"move","d":{"u":"e7e5"}}`, "illegal_move"},
		{`{"t":"move","d":{"u":"hello"}}`, "invalid_move"},
		{`{"t":"move"}`, "bad_request"},
		{`{"t":"fly","d":{}}`, "unknown_type"},
		{`{not json`, "bad_request"},
		{`{"t":"draw-accept"}`, "offer"},
		{`{"t":"takeback"}`, "no_takeback"},
	}
	for _, b := range bad {
		p.send(b.msg)
		p.wantError(b.code)
	}
	watcher.send(`{"t":"move","d":{"u":"e2e4"}}`)
	watcher.wantError("not_your_seat")

	for i, u := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		p.send(`{"t":"move","d":{"u":"` + u + `"}}`)
		m := p.state("move")
		if m.V != int64(i+1) || m.Last == nil || m.Last.UCI != u {
			t.Fatalf("move event %+v, want v%d %s", m, i+1, u)
		}
	}
	end := watcher.state("move")
	for end.V < 4 {
		end = watcher.state("move")
	}
	if end.Status != "mate" || end.Result != "0-1" || end.Termination != "checkmate" || end.Winner != "black" || len(end.Dests) != 0 {
		t.Fatalf("end %+v", end)
	}
	p.send(`{"t":"move","d":{"u":"e2e4"}}`)
	p.wantError("game_over")

	// A client that saw v2 catches up with the missed events.
	late := dial(t, srv, g.ID, g.Token, "v=2")
	late.next("hello")
	if m := late.state("move"); m.V != 3 {
		t.Errorf("catch-up starts at v%d, want v3", m.V)
	}
	p.send(`{"t":"sync","d":{"v":99}}`) // a version from nowhere: full state
	if full := p.state("state"); full.V != 4 || len(full.Moves) != 4 {
		t.Errorf("sync gave v%d with %d moves", full.V, len(full.Moves))
	}
	p.send(`{"t":"takeback"}`) // a finished game is final, on one screen too
	p.wantError("game_over")
	again := dial(t, srv, g.ID, g.Token) // a reload
	if full := again.state("state"); full.V != 4 || full.Ply != 4 || full.Status != "mate" {
		t.Errorf("after a takeback of the mate: v%d ply %d %s, want the mate standing", full.V, full.Ply, full.Status)
	}
}

// agreeableBot is the engine, except that it takes every draw offer: the
// server's handling of an accepted offer is tested without depending on how
// the engine judges a level position (EngineBot's judgement: TestGreedyLevel).
type agreeableBot struct{ *computer.EngineBot }

func (agreeableBot) AcceptsDraw(context.Context, *game.Game, chess.Color) bool { return true }

func TestWebSocketComputer(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), agreeableBot{computer.NewEngineBot(1)})
	g := create(t, s.Handler(), `{"mode":"computer","color":"black","level":"greedy","clock":{"minutes":1,"increment":0}}`)
	p := dial(t, srv, g.ID, g.Token, "v=0")
	p.next("hello")
	first := p.position(1) // the computer opens as White
	if first.Ply != 1 || first.Turn != "black" {
		t.Fatalf("computer's first move: %+v", first)
	}
	p.send(`{"t":"move","d":{"u":"e7e5"}}`)
	p.state("move")
	reply := p.state("move")
	if reply.Ply != 3 || reply.Clock == nil || reply.Clock.Running != "black" {
		t.Fatalf("computer's reply: ply %d clock %+v", reply.Ply, reply.Clock)
	}
	p.send(`{"t":"takeback"}`) // takes back e7e5 and the reply
	if tb := p.state("state"); tb.Ply != 1 || tb.Turn != "black" {
		t.Fatalf("takeback: ply %d turn %s", tb.Ply, tb.Turn)
	}
	p.send(`{"t":"move","d":{"u":"e7e5"}}`) // both sides have moved: a draw agreed is a draw, not an abort
	p.state("move")
	if reply := p.state("move"); reply.Ply != 3 {
		t.Fatalf("computer's reply after the takeback: ply %d", reply.Ply)
	}
	p.send(`{"t":"draw-offer"}`)
	p.state("state")
	if ans := p.state("state"); ans.DrawOffer != "" || ans.Status != "drawAgreed" {
		t.Fatalf("the computer did not accept the offer: %+v", ans)
	}
	p.send(`{"t":"resign"}`)
	p.wantError("game_over")
}

// failingStore fails every Append once armed.
type failingStore struct {
	store.Log
	fail atomic.Bool
}

func (f *failingStore) Append(ctx context.Context, id string, expect int64, evs []store.Event, s store.Summary) error {
	if f.fail.Load() {
		return errors.New("disk full")
	}
	return f.Log.Append(ctx, id, expect, evs, s)
}

func TestMoveNotAcknowledgedUnlessStored(t *testing.T) {
	st := &failingStore{Log: openStore(t, t.TempDir())}
	s, srv, _ := serve(t, st, nil)
	g := create(t, s.Handler(), `{"mode":"local"}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	st.fail.Store(true)
	p.send(`{"t":"move","d":{"u":"e2e4"}}`)
	p.wantError("storage")
	st.fail.Store(false)
	p.send(`{"t":"move","d":{"u":"d2d4"}}`)
	if m := p.state("move"); m.V != 1 || m.Last.UCI != "d2d4" {
		t.Fatalf("after a failed save: v%d %s, want v1 d2d4", m.V, m.Last.UCI)
	}
}

func TestRestartContinuesGame(t *testing.T) {
	dir := t.TempDir()
	st := openStore(t, dir)
	s, srv, stop := serve(t, st, nil)
	g := create(t, s.Handler(), `{"mode":"local","clock":{"minutes":3,"increment":2}}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	for _, u := range []string{"e2e4", "e7e5", "g1f3"} {
		p.send(`{"t":"move","d":{"u":"` + u + `"}}`)
		p.state("move")
	}
	time.Sleep(300 * time.Millisecond) // Black thinks; the shutdown saves the clock
	p.conn.CloseNow()
	stop()
	st.Close()

	s, srv, _ = serve(t, openStore(t, dir), nil)
	p = dial(t, srv, g.ID, g.Token, "v=3")
	p.next("hello")
	// The shutdown read the running clock into event 4; the hub's recent
	// events did not survive the restart: a full state.
	full := p.state("state")
	if full.V != 4 || full.Ply != 3 || full.Clock == nil || full.Clock.Running != "black" || full.Clock.White < 181000 ||
		full.Clock.Black > 182000-300 {
		t.Fatalf("after restart: %+v clock %+v", full, full.Clock)
	}
	p.send(`{"t":"move","d":{"u":"b8c6"}}`)
	if m := p.state("move"); m.V != 5 {
		t.Fatalf("move after restart: v%d", m.V)
	}
	var buf bytes.Buffer
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/"+g.ID+"/pgn", nil))
	buf.Write(rec.Body.Bytes())
	if !strings.Contains(buf.String(), "1. e4 e5 2. Nf3 Nc6 *") {
		t.Errorf("PGN after restart:\n%s", buf.String())
	}
}

func TestEngineBotPlaysEveryLevel(t *testing.T) {
	bot := computer.NewEngineBot(7)
	g, err := game.New(game.Options{ID: "e", Mode: game.ModeComputer})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range computer.Levels() {
		l.MoveTime = min(l.MoveTime, 200*time.Millisecond)
		if l.Depth > 3 {
			l.Depth = 3
		}
		m, err := bot.Move(context.Background(), g, l)
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		if !slices.Contains(g.DestsFor(game.Viewer{Seats: [2]bool{true, true}})[m[:2]], m[2:4]) {
			t.Fatalf("%s played illegal %v", l.Name, m)
		}
	}
	if bot.AcceptsDraw(context.Background(), g, chess.Black) {
		t.Error("Black accepted a draw in the start position (too early: computer/judge.go)")
	}
}

func TestFlagFalls(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), MinClock: 100 * time.Millisecond}) // a test's clock: short enough to see the flag fall
	g := create(t, s.Handler(), `{"mode":"local","clock":{"minutes":0.005,"increment":0}}`)               // 300 ms each
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	p.send(`{"t":"move","d":{"u":"e2e4"}}`)
	p.state("move")
	p.send(`{"t":"move","d":{"u":"e7e5"}}`) // both have moved: White's clock starts
	p.state("move")
	end := p.state("state") // no command needed: the hub's timer ends the game
	if end.Status != "timeout" || end.Result != "0-1" || end.Termination != "timeout" || end.Clock.White != 0 {
		t.Fatalf("after the flag: %s %s %+v", end.Status, end.Result, end.Clock)
	}
	p.send(`{"t":"move","d":{"u":"g1f3"}}`)
	p.wantError("game_over")
}

// slowBot thinks until its context ends or it is released, then plays the
// first legal move.
type slowBot struct{ release chan struct{} }

func (b slowBot) Move(ctx context.Context, g *game.Game, _ computer.Level) (string, error) {
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case <-b.release:
	}
	for from, tos := range g.DestsFor(game.Viewer{Seats: [2]bool{true, true}}) {
		return from + tos[0], nil
	}
	return "", fmt.Errorf("no move")
}

func (b slowBot) AcceptsDraw(context.Context, *game.Game, chess.Color) bool { return false }

func TestMoveOnTheComputersTurn(t *testing.T) {
	bot := slowBot{release: make(chan struct{})}
	s, srv, _ := serve(t, openStore(t, t.TempDir()), bot)
	g := create(t, s.Handler(), `{"mode":"computer","color":"white","level":"full"}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	p.send(`{"t":"move","d":{"u":"e2e4"}}`)
	p.state("move")
	p.send(`{"t":"move","d":{"u":"d2d4"}}`) // the computer is thinking
	p.wantError("not_your_turn")
	p.send(`{"t":"move","d":{"u":"e7e5"}}`) // nor may the human move for it
	p.wantError("not_your_turn")
	p.send(`{"t":"takeback"}`) // cancels the search
	if tb := p.state("state"); tb.Ply != 0 || tb.V != 2 {
		t.Fatalf("takeback while thinking: ply %d v%d", tb.Ply, tb.V)
	}
	p.send(`{"t":"move","d":{"u":"d2d4"}}`)
	p.state("move")
	bot.release <- struct{}{}
	if reply := p.state("move"); reply.Ply != 2 || reply.V != 4 {
		t.Fatalf("reply after release: ply %d v%d", reply.Ply, reply.V)
	}
}

func TestIdleHubRetiresAndReloads(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Hub: round.Settings{IdleGrace: 50 * time.Millisecond}})
	g := create(t, s.Handler(), `{"mode":"local"}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	p.send(`{"t":"move","d":{"u":"e2e4"}}`)
	p.state("move")
	p.conn.Close(websocket.StatusNormalClosure, "")
	live := func() bool { return s.live.Running(g.ID) != nil }
	for deadline := time.Now().Add(5 * time.Second); live(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the hub of an unwatched, untimed game did not retire")
		}
	}
	p = dial(t, srv, g.ID, g.Token, "v=1")
	p.next("hello")
	if st := p.state("state"); st.V != 1 || st.Ply != 1 {
		t.Fatalf("reloaded game: v%d ply %d", st.V, st.Ply)
	}
	p.send(`{"t":"move","d":{"u":"e7e5"}}`)
	if m := p.state("move"); m.V != 2 {
		t.Fatalf("move after reload: v%d", m.V)
	}
}

func TestHugeMessageClosesConnection(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"local"}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	// The server refuses the frame from its header and may close before
	// the client has written it all: the write may fail.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = p.conn.Write(ctx, websocket.MessageText, []byte(`{"t":"move","d":{"u":"`+strings.Repeat("x", 64<<10)+`"}}`))
	for {
		if _, err := p.read(5 * time.Second); err != nil {
			if st := websocket.CloseStatus(err); st != websocket.StatusMessageTooBig && st != -1 {
				t.Fatalf("closed with %v, want status 1009 (message too big)", err)
			}
			break
		}
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/"+g.ID, nil))
	if !strings.Contains(rec.Body.String(), `"v":0`) {
		t.Errorf("the game changed: %s", rec.Body)
	}
}

func TestRestartWithTheComputerToMove(t *testing.T) {
	dir := t.TempDir()
	st := openStore(t, dir)
	s, _, stop := serve(t, st, slowBot{release: make(chan struct{})}) // never answers
	g := create(t, s.Handler(), `{"mode":"computer","color":"black","level":"greedy","clock":{"minutes":5,"increment":0}}`)
	stop()
	st.Close()

	_, srv, _ := serve(t, openStore(t, dir), nil) // a bot that answers
	p := dial(t, srv, g.ID, g.Token, "v=0")
	p.next("hello")
	for {
		var m inMsg
		data, err := p.read(10 * time.Second)
		if err != nil {
			t.Fatalf("no computer move after the restart: %v", err)
		}
		json.Unmarshal(data, &m)
		var s round.StateJSON
		json.Unmarshal(m.D, &s)
		if s.Ply == 1 && s.Turn == "black" {
			return
		}
	}
}

func TestServesTheUI(t *testing.T) {
	st := openStore(t, t.TempDir())
	assets := fstest.MapFS{
		"index.html":    {Data: []byte("<!doctype html><title>Gambit</title>")},
		"assets/app.js": {Data: []byte("console.log(1)")},
		"favicon.svg":   {Data: []byte("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")},
	}
	s := New(Config{Store: st, Assets: assets})
	defer s.Close()
	for _, tt := range []struct {
		path, contentType string
		code              int
	}{
		{"/", "text/html", http.StatusOK},
		{"/game/abc123", "text/html", http.StatusNotFound}, // no such game: the app's page says so (TestGamePageOpenGraph)
		{"/assets/app.js", "text/javascript", http.StatusOK},
		{"/favicon.svg", "image/svg+xml", http.StatusOK},
		{"/favicon.ico", "image/svg+xml", http.StatusOK},
	} {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", tt.path, nil))
		if rec.Code != tt.code || rec.Body.Len() == 0 {
			t.Errorf("GET %s: %d, want %d", tt.path, rec.Code, tt.code)
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, tt.contentType) {
			t.Errorf("GET %s: Content-Type %q, want %s", tt.path, ct, tt.contentType)
		}
	}
}

// TestEmbeddedUIHasIcon: the real embedded UI links and ships its icon, so a
// page load asks for nothing that is missing.
func TestEmbeddedUIHasIcon(t *testing.T) {
	index, err := fs.ReadFile(web.FS(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), `<link rel="icon" href="/favicon.svg"`) {
		t.Error("index.html does not link /favicon.svg")
	}
	icon, err := fs.ReadFile(web.FS(), "favicon.svg")
	if err != nil || !strings.Contains(string(icon), "<svg") {
		t.Errorf("favicon.svg: %v", err)
	}
}

// TestSafetyHeadersAndCrossSite: every response carries the security
// headers; a POST from another site, or one a cross-site form could send,
// is refused and creates nothing; a huge game id is not echoed back.
func TestSafetyHeadersAndCrossSite(t *testing.T) {
	st := openStore(t, t.TempDir())
	s := New(Config{Store: st, Assets: fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}}})
	defer s.Close()
	h := s.Handler()
	for _, path := range []string{"/", "/api/games", "/api/games/nope"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		for name, want := range map[string]string{"Content-Security-Policy": guards.ContentSecurityPolicy,
			"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"} {
			if got := rec.Header().Get(name); got != want {
				t.Errorf("GET %s: %s %q, want %q", path, name, got, want)
			}
		}
	}
	refused := []struct {
		name        string
		contentType string
		origin      string
	}{
		{"text/plain, as a cross-site form can send", "text/plain", ""},
		{"a form", "application/x-www-form-urlencoded", ""},
		{"no type", "", ""},
		{"JSON from another site", "application/json", "https://evil.example"},
		{"a bad origin", "application/json", "::"},
	}
	for _, tt := range refused {
		r := httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"mode":"local"}`))
		if tt.contentType != "" {
			r.Header.Set("Content-Type", tt.contentType)
		}
		if tt.origin != "" {
			r.Header.Set("Origin", tt.origin)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "cross_site") {
			t.Errorf("%s: %d %s, want 403 cross_site", tt.name, rec.Code, rec.Body)
		}
	}
	if games, err := st.List(context.Background(), store.ListQuery{}); err != nil || len(games) != 0 {
		t.Errorf("refused requests created %d games (%v)", len(games), err)
	}
	r := apiRequest("POST", "/api/games", `{"mode":"local"}`)
	r.Header.Set("Origin", "http://"+r.Host)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	if rec.Code != http.StatusCreated {
		t.Errorf("same-origin JSON POST: %d %s", rec.Code, rec.Body)
	}
	long := strings.Repeat("a", 100_000)
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/"+long, nil))
	if rec.Code != http.StatusNotFound || rec.Body.Len() > 200 {
		t.Errorf("GET a 100 kB id: %d, %d bytes back", rec.Code, rec.Body.Len())
	}
}

// TestWebSocketFromAnotherSiteRefused: a page on another site cannot open
// a game's WebSocket (and so cannot act with a seat secret it got hold of).
func TestWebSocketFromAnotherSiteRefused(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"local"}`)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws/game/" + g.ID
	cookie := (&http.Cookie{Name: playerCookie, Value: g.Token}).String()
	_, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}, "Cookie": {cookie}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("foreign origin: err %v, response %v; want 403", err, resp)
	}
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {srv.URL}, "Cookie": {cookie}}})
	if err != nil {
		t.Fatalf("same origin refused: %v", err)
	}
	conn.CloseNow()
}
