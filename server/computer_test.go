package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
)

// createFrom asks for a game as a new person at address addr ("ip:port")
// and returns the response.
func createFrom(h http.Handler, addr, body string) *httptest.ResponseRecorder {
	r := personRequest("POST", "/api/games", body, randomToken())
	r.RemoteAddr = addr
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// TestComputerGameLimits: one address may have only so many live games
// against the computer (429), and the machine only so many in all (503,
// "the computer is busy"); a game that ends, or leaves memory, makes room.
func TestComputerGameLimits(t *testing.T) {
	s, _, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Bot: slowBot{release: make(chan struct{})},
		ComputerGamesPerClient: 2, ComputerGames: 3, Hub: round.Settings{IdleGrace: 20 * time.Millisecond}})
	h := s.Handler()
	const body = `{"mode":"computer","level":"greedy","color":"black"}` // the computer to move: the games stay live
	tests := []struct {
		addr string
		want int
		code string
	}{
		{"192.0.2.1:1000", 201, ""},
		{"192.0.2.1:1001", 201, ""},
		{"192.0.2.1:1002", 429, "computer_games"},
		{"192.0.2.2:1000", 201, ""},
		{"192.0.2.3:1000", 503, "busy"},
	}
	for _, tt := range tests {
		rec := createFrom(h, tt.addr, body)
		if rec.Code != tt.want {
			t.Fatalf("from %s: %d %s, want %d", tt.addr, rec.Code, rec.Body, tt.want)
		}
		if tt.code == "" {
			continue
		}
		var e struct{ Code, Message string }
		mustDecode(t, rec.Body.Bytes(), &e)
		if e.Code != tt.code || e.Message == "" {
			t.Errorf("from %s: %s, want code %s and a message", tt.addr, rec.Body, tt.code)
		}
	}
	if rec := createFrom(h, "192.0.2.3:1001", body); !strings.Contains(rec.Body.String(), "the computer is busy, try again in a minute") {
		t.Errorf("the busy message: %s", rec.Body)
	}
	if rec := createFrom(h, "192.0.2.3:1002", `{"mode":"local"}`); rec.Code != 201 {
		t.Errorf("a game between people while the computer is busy: %d %s", rec.Code, rec.Body)
	}
	// A game where the person is to move leaves memory when no one watches
	// it, and its place with it.
	s2, _, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), ComputerGamesPerClient: 1, Hub: round.Settings{IdleGrace: 20 * time.Millisecond}})
	h2 := s2.Handler()
	if rec := createFrom(h2, "192.0.2.1:1", `{"mode":"computer","level":"greedy"}`); rec.Code != 201 {
		t.Fatalf("first: %d %s", rec.Code, rec.Body)
	}
	waitUnloaded(t, s2)
	if rec := createFrom(h2, "192.0.2.1:2", `{"mode":"computer","level":"greedy"}`); rec.Code != 201 {
		t.Errorf("after the first left memory: %d %s", rec.Code, rec.Body)
	}
}

// TestIdleComputerGameFreesItsPlace: a game against the computer in which
// nobody moves for ComputerIdle stops counting, though its player stays
// connected; a move counts it again.
func TestIdleComputerGameFreesItsPlace(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), ComputerGamesPerClient: 5, ComputerGames: 1, Hub: round.Settings{ComputerIdle: time.Second}}) // long enough for the steps after a move on a loaded machine
	h := s.Handler()
	const body = `{"mode":"computer","level":"greedy","color":"white"}` // the person to move
	rec := createFrom(h, "192.0.2.1:1", body)
	if rec.Code != 201 {
		t.Fatalf("first: %d %s", rec.Code, rec.Body)
	}
	var g createResponse
	mustDecode(t, rec.Body.Bytes(), &g)
	secret := ""
	for _, c := range rec.Result().Cookies() {
		if c.Name == playerCookie {
			secret = c.Value
		}
	}
	p := dial(t, srv, g.ID, secret) // connected, not playing
	p.state("state")
	if rec := createFrom(h, "192.0.2.2:1", body); rec.Code != 503 {
		t.Fatalf("while the first is fresh: %d, want 503 (the machine's one place taken)", rec.Code)
	}
	time.Sleep(1300 * time.Millisecond)
	if rec := createFrom(h, "192.0.2.2:2", body); rec.Code != 201 {
		t.Fatalf("after the first went idle: %d %s, want 201", rec.Code, rec.Body)
	}
	p.send(`{"t":"move","d":{"u":"e2e4"}}`) // playing again: counted again, over the cap (it is under way)
	if m := p.state("move"); m.Ply != 1 {
		t.Fatalf("the move: ply %d", m.Ply)
	}
	if rec := createFrom(h, "192.0.2.3:1", body); rec.Code != 503 {
		t.Errorf("with both games counted: %d, want 503", rec.Code)
	}
}

// TestLeftComputerGamesFreeTheirPlace: four games against the computer
// left open (their tabs still connected, no move) fill one player's
// share: a fifth is refused with an offer to resume or resign those four,
// named only to the person who plays them (another person behind the same
// address has a share of their own). Once their player has gone (no
// connection for ComputerAway), they hold no place and a fifth is made.
func TestLeftComputerGamesFreeTheirPlace(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Hub: round.Settings{ComputerAway: 300 * time.Millisecond, IdleGrace: time.Minute}})
	h := s.Handler()
	const body = `{"mode":"computer","level":"greedy","color":"white","clock":{"minutes":10,"increment":0}}`
	first := createAs(t, h, body, "")
	ids := []string{first.ID}
	for range 3 {
		ids = append(ids, createAs(t, h, body, first.Token).ID)
	}
	var tabs []*wsClient
	for _, id := range ids {
		tab := dial(t, srv, id, first.Token)
		tab.state("state")
		tabs = append(tabs, tab)
	}
	refused := func(secret string) wire.ErrorJSON {
		t.Helper()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, personRequest("POST", "/api/games", body, secret))
		var e wire.ErrorJSON
		mustDecode(t, rec.Body.Bytes(), &e)
		if rec.Code != http.StatusTooManyRequests || e.Code != "computer_games" {
			t.Fatalf("a fifth game: %d %s, want 429 computer_games", rec.Code, rec.Body)
		}
		return e
	}
	e := refused(first.Token)
	slices.Sort(ids)
	if slices.Sort(e.Games); !slices.Equal(e.Games, ids) {
		t.Errorf("the games offered: %v, want the four %v", e.Games, ids)
	}
	other := httptest.NewRecorder()
	h.ServeHTTP(other, personRequest("POST", "/api/games", body, ""))
	if other.Code != http.StatusCreated || strings.Contains(other.Body.String(), first.ID) {
		t.Errorf("another person behind the address: %d %s, want their own game", other.Code, other.Body)
	}
	for _, tab := range tabs { // the player closes the tabs
		tab.conn.Close(websocket.StatusNormalClosure, "")
	}
	// Their places are free once the player has been away ComputerAway
	// (300 ms): asked until then and a while after, on a loaded machine.
	deadline := time.Now().Add(10 * time.Second)
	for {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, personRequest("POST", "/api/games", body, first.Token))
		if rec.Code == http.StatusCreated {
			break
		}
		if rec.Code != http.StatusTooManyRequests || time.Now().After(deadline) {
			t.Fatalf("a fifth game after the player left the four: %d %s", rec.Code, rec.Body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// patientBot thinks at the "full" level until it is stopped (or for a
// minute), like a strong engine with a long think, and plays at once at
// any other level: the first legal move either way.
type patientBot struct{}

func (patientBot) Move(ctx context.Context, g *game.Game, level computer.Level) (string, error) {
	if level.Name == "full" {
		select {
		case <-ctx.Done():
		case <-time.After(time.Minute):
		}
	}
	for from, tos := range g.DestsFor(game.Viewer{Seats: [2]bool{true, true}}) {
		return from + tos[0], nil
	}
	return "", errors.New("no move")
}

func (patientBot) AcceptsDraw(context.Context, *game.Game, chess.Color) bool { return false }

// postGame creates a game through c and returns its id.
func postGame(c *http.Client, url, body string) (string, error) {
	req, err := http.NewRequest("POST", url+"/api/games", strings.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("create: %d %s", resp.StatusCode, data)
	}
	var r createResponse
	if err := json.Unmarshal(data, &r); err != nil {
		return "", err
	}
	return r.ID, nil
}

// firstComputerMove creates a game at level from client c, the computer
// playing White, and returns how long its first move took to be stored.
func firstComputerMove(c *http.Client, url, level string) (time.Duration, error) {
	start := time.Now()
	id, err := postGame(c, url, `{"mode":"computer","color":"black","level":"`+level+`"}`)
	if err != nil {
		return 0, err
	}
	for deadline := start.Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		resp, err := c.Get(url + "/api/games/" + id)
		if err != nil {
			return 0, err
		}
		var st round.StateJSON
		err = json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		if err != nil {
			return 0, err
		}
		if st.Ply > 0 {
			return time.Since(start), nil
		}
	}
	return 0, fmt.Errorf("no computer move in game %s after 30 s", id)
}

// flood creates n games at level from client c, concurrently.
func flood(c *http.Client, url, level string, n int) error {
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := postGame(c, url, `{"mode":"computer","color":"black","level":"`+level+`"}`); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// TestComputerSharedFairly: 200 games at the strongest level flooded in
// from one address (its limit raised, as if from 200 people behind one
// address) do not keep the computer from another address's game: its first
// move comes within a second or two, not after the 200 long thoughts.
func TestComputerSharedFairly(t *testing.T) {
	s := New(Config{Store: openStore(t, t.TempDir()), Bot: patientBot{}, Workers: 1,
		ComputerGamesPerClient: 1000, ComputerGames: 1000, CreatePerMinute: 1000})
	if err := s.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	url := httptestServer(t, s)
	// Patient clients: under the race detector on a loaded machine a
	// request may wait its turn for seconds. What the test tells apart is
	// a turn of its own (well under a second on a quiet machine,
	// BenchmarkComputerFairness) from a place behind the flood's 200
	// searches of 2 s (minutes).
	flooder, other := clientFrom(t, 2), clientFrom(t, 3)
	flooder.Timeout, other.Timeout = 30*time.Second, 30*time.Second
	if err := flood(flooder, url, "full", 200); err != nil {
		t.Fatal(err)
	}
	d, err := firstComputerMove(other, url, "greedy")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first computer move behind a flood of 200: %v", d)
	if d > 10*time.Second {
		t.Errorf("the first computer move took %v behind another address's flood", d)
	}
}

// httptestServer serves s on a loopback port until the test ends, and
// returns its URL.
func httptestServer(tb testing.TB, s *Server) string {
	srv := httptest.NewServer(s.Handler())
	tb.Cleanup(func() { srv.Close(); s.Close() })
	return srv.URL
}

// TestComputerGamesPerPlayer: people behind one address (a household, a
// school's network) each have their own share of games against the
// computer, 4; the fifth of one is refused with their own games described
// (variant, level, the computer's name, their side, plies, when begun),
// never another's; and the address's ceiling holds for everyone behind
// it, whoever asks.
func TestComputerGamesPerPlayer(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), ComputerGamesPerClient: 10, Hub: round.Settings{IdleGrace: time.Minute}})
	h := s.Handler()
	type held struct {
		ID, Variant, Level, Opponent, Color string
		Plies                               int
		Started                             time.Time
	}
	type refusal struct {
		Code, Reason string
		Params       map[string]int
		Games        []string
		Held         []held
	}
	post := func(body, secret string) (*httptest.ResponseRecorder, string) {
		t.Helper()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, personRequest("POST", "/api/games", body, secret)) // all from 192.0.2.1
		if c := seatCookie(rec.Header()); c != nil {
			secret = c.Value
		}
		return rec, secret
	}
	refused := func(who, body, secret, reason string, most int) refusal {
		t.Helper()
		rec, _ := post(body, secret)
		var e refusal
		mustDecode(t, rec.Body.Bytes(), &e)
		if rec.Code != http.StatusTooManyRequests || e.Code != "computer_games" || e.Reason != reason || e.Params["most"] != most {
			t.Fatalf("%s: %d %s, want 429 computer_games for the %s's %d", who, rec.Code, rec.Body, reason, most)
		}
		return e
	}
	games := []string{
		`{"mode":"computer","level":"greedy","color":"white"}`,
		`{"mode":"computer","variant":"xiangqi","level":"beginner","color":"white"}`,
		`{"mode":"computer","level":"casual","color":"black"}`,
		`{"mode":"computer","level":"greedy","color":"white"}`,
	}
	start := func(who string, bodies []string) (ids []string, secret string) {
		t.Helper()
		for i, body := range bodies {
			rec, sec := post(body, secret)
			if rec.Code != http.StatusCreated {
				t.Fatalf("%s's game %d behind the shared address: %d %s", who, i+1, rec.Code, rec.Body)
			}
			var g createResponse
			mustDecode(t, rec.Body.Bytes(), &g)
			ids, secret = append(ids, g.ID), sec
		}
		return ids, secret
	}
	ann, annSecret := start("ann", games)
	p := dial(t, srv, ann[0], annSecret) // one of hers under way
	p.state("state")
	p.send(`{"t":"move","d":{"u":"e2e4"}}`)
	p.state("move")
	bob, bobSecret := start("bob", games)

	e := refused("ann's fifth", games[0], annSecret, "player", 4)
	want := slices.Clone(ann)
	slices.Sort(want)
	if got := slices.Sorted(slices.Values(e.Games)); !slices.Equal(got, want) {
		t.Errorf("ann is offered %v, want her four %v", e.Games, ann)
	}
	if len(e.Held) != len(e.Games) {
		t.Fatalf("held %+v for games %v", e.Held, e.Games)
	}
	byID := map[string]held{}
	for i, g := range e.Held {
		if g.ID != e.Games[i] {
			t.Errorf("held game %d is %s, games[%d] %s", i, g.ID, i, e.Games[i])
		}
		if i > 0 && g.Started.Before(e.Held[i-1].Started) {
			t.Errorf("held games not the oldest first: %+v", e.Held)
		}
		byID[g.ID] = g
	}
	for i, w := range []held{
		{Variant: "chess", Level: "greedy", Color: "white"},
		{Variant: "xiangqi", Level: "beginner", Color: "white"},
		{Variant: "chess", Level: "casual", Color: "black"},
		{Variant: "chess", Level: "greedy", Color: "white"},
	} {
		g := byID[ann[i]]
		if g.Variant != w.Variant || g.Level != w.Level || g.Color != w.Color || !strings.HasPrefix(g.Opponent, "Gambit ") ||
			g.Started.IsZero() || time.Since(g.Started) > time.Minute {
			t.Errorf("ann's game %d described as %+v, want %+v, the computer named, begun just now", i+1, g, w)
		}
	}
	if g := byID[ann[0]]; g.Plies < 1 {
		t.Errorf("the game under way has %d plies", g.Plies)
	}
	refused("bob's fifth", games[0], bobSecret, "player", 4)

	carol, carolSecret := start("carol", games[:2]) // the address's tenth
	e = refused("carol's third", games[0], carolSecret, "address", 10)
	if got := slices.Sorted(slices.Values(e.Games)); !slices.Equal(got, slices.Sorted(slices.Values(carol))) {
		t.Errorf("carol is offered %v, want her own %v", e.Games, carol)
	}
	if e = refused("a newcomer", games[0], "", "address", 10); len(e.Games)+len(e.Held) != 0 {
		t.Errorf("a newcomer is offered others' games: %+v", e)
	}
	for _, id := range slices.Concat(ann, bob) {
		if slices.Contains(e.Games, id) {
			t.Errorf("the address refusal names %s", id)
		}
	}
}
