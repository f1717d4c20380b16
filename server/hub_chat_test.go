package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/round"
)

// fakeClock is a server clock that moves only when a test says so; the
// hub reads it on its own goroutine, hence the lock.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// serveAt is serve with the server's clock under the test's control.
func serveAt(t *testing.T) (*Server, *httptest.Server, *fakeClock) {
	t.Helper()
	clock := &fakeClock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
	s := New(Config{Store: openStore(t, t.TempDir()), Bot: computer.NewEngineBot(1), Now: clock.now})
	if err := s.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(func() { srv.Close(); s.Close() })
	return s, srv, clock
}

// chatGame is an online game with both seats taken and two spectators, all
// connected and past their greeting.
type chatGame struct {
	id                 string
	whiteToken         string
	white, black       *wsClient
	watcher1, watcher2 *wsClient
}

// openChatGame creates an online game (the creator White), seats a guest as
// Black through the invite, and connects everyone.
func openChatGame(t *testing.T, s *Server, srv *httptest.Server) chatGame {
	t.Helper()
	g := create(t, s.Handler(), `{"mode":"online","color":"white"}`)
	guest := join(t, s.Handler(), g.ID, http.StatusOK)
	cg := chatGame{id: g.ID, whiteToken: g.Token}
	cg.white, _ = chatDial(t, srv, g.ID, g.Token, "players")
	cg.black, _ = chatDial(t, srv, g.ID, guest.Token, "players")
	cg.watcher1, _ = chatDial(t, srv, g.ID, "", "spectators")
	cg.watcher2, _ = chatDial(t, srv, g.ID, "", "spectators")
	return cg
}

// chatDial connects to game id, reads its greeting and returns the chat
// log of room, which comes last; it fails on any other order.
func chatDial(t *testing.T, srv *httptest.Server, id, secret, room string) (*wsClient, round.ChatLogJSON) {
	t.Helper()
	c := dial(t, srv, id, secret)
	msgs := c.readN(3)
	if got := typesOf(msgs); got != "hello state chat-log" {
		t.Fatalf("greeting %q, want hello state chat-log", got)
	}
	var log round.ChatLogJSON
	mustDecode(t, msgs[2].D, &log)
	if log.Room != room || log.Lines == nil {
		t.Fatalf("chat log of room %q (lines %v), want %q", log.Room, log.Lines, room)
	}
	return c, log
}

// readN reads the next n messages, whatever their type, but for presence
// messages, which come and go with every connection.
func (c *wsClient) readN(n int) []inMsg {
	c.t.Helper()
	var out []inMsg
	for len(out) < n {
		data, err := c.read(10 * time.Second)
		if err != nil {
			c.t.Fatalf("after %q: %v", typesOf(out), err)
		}
		var m inMsg
		mustDecode(c.t, data, &m)
		if m.T != "presence" {
			out = append(out, m)
		}
	}
	return out
}

// typesOf lists the messages' types, space-separated.
func typesOf(msgs []inMsg) string {
	ts := make([]string, len(msgs))
	for i, m := range msgs {
		ts[i] = m.T
	}
	return strings.Join(ts, " ")
}

// chat reads up to the next chat line.
func (c *wsClient) chat() round.ChatLine {
	c.t.Helper()
	var l round.ChatLine
	mustDecode(c.t, c.next("chat"), &l)
	return l
}

// say sends a chat line.
func (c *wsClient) say(text string) {
	c.t.Helper()
	data, _ := json.Marshal(map[string]any{"t": "chat", "d": map[string]string{"text": text}})
	c.send(string(data))
}

// TestChatRooms: the players' lines reach both seats and no spectator, the
// spectators' lines every spectator and no seat. Each client reads the
// lines in the order the hub sent them, so a line from the other room
// would arrive before the next one of its own.
func TestChatRooms(t *testing.T) {
	s, srv, clock := serveAt(t)
	g := openChatGame(t, s, srv)

	g.white.say("  good luck  ")
	g.watcher1.say("who wins?")
	want := round.ChatLine{Room: "players", From: "white", Name: "white", Text: "good luck", At: "2025-03-01T12:00:00Z"}
	for _, c := range []*wsClient{g.white, g.black} {
		if got := c.chat(); got != want {
			t.Errorf("a seat got %+v, want %+v", got, want)
		}
	}
	first := g.watcher1.chat()
	if first.Room != "spectators" || first.From != "spectator" || first.Text != "who wins?" ||
		!regexp.MustCompile(`^Spectator [0-9a-f]{4}$`).MatchString(first.Name) {
		t.Errorf("spectator's line %+v", first)
	}
	if got := g.watcher2.chat(); got != first {
		t.Errorf("the other spectator got %+v, want %+v", got, first)
	}

	clock.advance(time.Minute)
	g.black.say("you too")
	g.watcher2.say("White, surely")
	if got := g.watcher1.chat(); got.Text != "White, surely" || got.From != "spectator" {
		t.Errorf("spectator 1 read %+v, want the other spectator's line", got)
	}
	for _, c := range []*wsClient{g.white, g.black} {
		if got := c.chat(); got.Text != "you too" || got.From != "black" || got.At != "2025-03-01T12:01:00Z" {
			t.Errorf("a seat read %+v, want black's line", got)
		}
	}
	g.white.say("thanks")
	if got := g.black.chat(); got.Text != "thanks" {
		t.Errorf("black read %+v after the spectators talked", got)
	}
}

// TestChatOnlyOnline: on one screen and against the computer there is no
// chat, for the players as for a spectator, and no chat log on joining.
func TestChatOnlyOnline(t *testing.T) {
	s, srv, _ := serveAt(t)
	for _, body := range []string{`{"mode":"local"}`, `{"mode":"computer","color":"white","level":"greedy"}`} {
		g := create(t, s.Handler(), body)
		for _, secret := range []string{g.Token, ""} {
			c := dial(t, srv, g.ID, secret)
			c.readN(2) // hello, state
			c.say("hello?")
			if got := typesOf(c.readN(1)); got != "error" {
				t.Fatalf("%s (seated %v): got %s, want an error and no chat log", body, secret != "", got)
			}
			c.say("hello?")
			c.wantError("no_chat")
		}
	}
}

// TestChatTextChecks: a line is trimmed, and refused when empty, longer
// than 140 characters (runes: 140 two-byte letters pass) or holding control
// characters; a refused line reaches no one.
func TestChatTextChecks(t *testing.T) {
	s, srv, clock := serveAt(t)
	g := openChatGame(t, s, srv)
	tests := []struct {
		text, want string // want "": refused
	}{
		{"", ""},
		{" \t\n ", ""},
		{strings.Repeat("é", 141), ""},
		{strings.Repeat("x", 141), ""},
		{"ring\a", ""},
		{"two\nlines", ""},
		{"nul\x00", ""},
		{"C1 \u0085 next line", ""},
		{"\u202Eesrever", ""},
		{strings.Repeat("é", 140), strings.Repeat("é", 140)},
		{"\t 140 characters or fewer \n", "140 characters or fewer"},
		{"<b>x</b> & \u200fשלום 你好 ♞", "<b>x</b> & \u200fשלום 你好 ♞"},
	}
	for _, tt := range tests {
		clock.advance(time.Second)
		g.white.say(tt.text)
		if tt.want == "" {
			g.white.wantError("bad_request")
			continue
		}
		if got := g.black.chat(); got.Text != tt.want {
			t.Errorf("say %q: black read %q, want %q", tt.text, got.Text, tt.want)
		}
	}
}

// TestChatRateLimit: three lines at once, then one a second; a line over
// the limit is refused and reaches no one, and one connection's pace does
// not hold back another's. White reads every answer in order: its own
// lines, its errors, Black's line.
func TestChatRateLimit(t *testing.T) {
	s, srv, clock := serveAt(t)
	g := openChatGame(t, s, srv)
	step := func(c *wsClient, text string, ok bool) {
		t.Helper()
		c.say(text)
		m := g.white.readN(1)[0]
		var got struct {
			Text, Code, Reason string
			Params             map[string]int
		}
		mustDecode(t, m.D, &got)
		if ok && (m.T != "chat" || got.Text != text) || !ok && (m.T != "error" || got.Code != "rate_limited") {
			t.Fatalf("%q: white read %s %s, want it passed: %v", text, m.T, m.D, ok)
		}
		if !ok && (got.Reason != "chat_burst" || got.Params["most"] != round.ChatBurst || got.Params["seconds"] < 1) {
			t.Errorf("%q: the refusal %s carries no chat_burst with most %d and seconds", text, m.D, round.ChatBurst)
		}
	}
	for i := range 3 {
		step(g.white, fmt.Sprint("burst ", i), true)
	}
	step(g.white, "too fast", false)
	step(g.white, "still too fast", false)
	step(g.black, "black is not held back", true)
	clock.advance(time.Second)
	step(g.white, "a second later", true)
	step(g.white, "too fast again", false)
	clock.advance(time.Hour)
	for i := range 3 {
		step(g.white, fmt.Sprint("refilled ", i), true)
	}
	step(g.white, "over the burst", false)

	var read []string
	for _, m := range g.black.readN(8) {
		var l round.ChatLine
		mustDecode(t, m.D, &l)
		read = append(read, m.T+" "+l.Text)
	}
	want := "chat burst 0|chat burst 1|chat burst 2|chat black is not held back|chat a second later|chat refilled 0|chat refilled 1|chat refilled 2"
	if strings.Join(read, "|") != want {
		t.Errorf("black read %q,\nwant %q", strings.Join(read, "|"), want)
	}
}

// TestChatLogOnRejoin: a client that connects again gets its room's last
// 50 lines after its greeting, oldest first, and only its room's.
func TestChatLogOnRejoin(t *testing.T) {
	s, srv, clock := serveAt(t)
	g := openChatGame(t, s, srv)
	for i := range round.ChatLogSize + 5 {
		clock.advance(time.Second)
		g.black.say(fmt.Sprint("line ", i))
		g.black.chat()
	}
	g.watcher1.say("a spectator's line")
	g.watcher1.chat()
	g.white.conn.CloseNow()

	_, log := chatDial(t, srv, g.id, g.whiteToken, "players")
	lines := log.Lines
	if len(lines) != round.ChatLogSize || lines[0].Text != "line 5" || lines[len(lines)-1].Text != fmt.Sprint("line ", round.ChatLogSize+4) {
		t.Fatalf("the log has %d lines, %q to %q; want %d, line 5 to line %d",
			len(lines), lines[0].Text, lines[len(lines)-1].Text, round.ChatLogSize, round.ChatLogSize+4)
	}
	_, log = chatDial(t, srv, g.id, "", "spectators")
	if l := log.Lines; len(l) != 1 || l[0].Text != "a spectator's line" {
		t.Errorf("a new spectator's log: %+v", l)
	}
}
