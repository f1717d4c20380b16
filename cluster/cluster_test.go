package cluster_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go"

	"github.com/gambitchess/gambit/cluster"
	"github.com/gambitchess/gambit/internal/pgtest"
	"github.com/gambitchess/gambit/server"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/store"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// node is one in-process server of a test cluster.
type node struct {
	name string
	srv  *server.Server
	http *httptest.Server
	bus  *cluster.Node
	nc   *nats.Conn
}

// startNode starts node name on database url and NATS natsURL.
func startNode(t *testing.T, name, db, natsURL string) *node {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenPostgres(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	bus, err := cluster.New(nc, name)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := server.New(server.Config{Store: st, Leases: st, Bus: bus, Logger: log, Hub: round.Settings{IdleGrace: time.Hour}})
	if err := srv.Start(ctx); err != nil {
		t.Fatal(err)
	}
	n := &node{name: name, srv: srv, http: httptest.NewServer(srv.Handler()), bus: bus, nc: nc}
	t.Cleanup(func() { n.stop(); st.Close() })
	return n
}

// stop shuts the node down as an operator would.
func (n *node) stop() {
	n.http.Close()
	n.srv.Close()
	n.bus.Close()
	n.nc.Close()
}

// person is a browser: its cookies hold its player secret.
type person struct {
	t      *testing.T
	client *http.Client
}

func newPerson(t *testing.T) *person {
	jar, _ := cookiejar.New(nil)
	return &person{t: t, client: &http.Client{Jar: jar, Timeout: 10 * time.Second}}
}

// post sends a JSON POST to base+path and decodes the answer into out.
func (p *person) post(base, path, body string, want int, out any) {
	p.t.Helper()
	resp, err := p.client.Post(base+path, "application/json", strings.NewReader(body))
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		p.t.Fatalf("POST %s: %d %s, want %d", path, resp.StatusCode, data, want)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			p.t.Fatal(err)
		}
	}
}

// socket is a person's WebSocket to a game on one node.
type socket struct {
	t    *testing.T
	conn *websocket.Conn
	in   chan msg
}

type msg struct {
	T string          `json:"t"`
	D json.RawMessage `json:"d"`
}

// state is the part of a state or move message the tests read.
type state struct {
	V     int64               `json:"v"`
	Ply   int                 `json:"ply"`
	Turn  string              `json:"turn"`
	Dests map[string][]string `json:"dests"`
	Clock *struct {
		White, Black int64
	} `json:"clock"`
}

func (p *person) dial(base, id string) *socket {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(base, "http") + "/ws/game/" + id
	hdr := http.Header{}
	for _, c := range p.client.Jar.Cookies(mustURL(base)) {
		hdr.Add("Cookie", c.String())
	}
	conn, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		p.t.Fatalf("dial %s: %v", u, err)
	}
	s := &socket{t: p.t, conn: conn, in: make(chan msg, 256)}
	go func() {
		defer close(s.in)
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				return
			}
			var m msg
			if json.Unmarshal(data, &m) == nil {
				s.in <- m
			}
		}
	}()
	p.t.Cleanup(func() { conn.CloseNow() })
	return s
}

// until reads states until one at ply, failing the test after 10 s.
func (s *socket) until(ply int) state {
	s.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case m, ok := <-s.in:
			if !ok {
				s.t.Fatalf("connection closed waiting for ply %d", ply)
			}
			if m.T != "state" && m.T != "move" {
				continue
			}
			var st state
			if json.Unmarshal(m.D, &st) == nil && st.Ply == ply {
				return st
			}
		case <-deadline:
			s.t.Fatalf("no state at ply %d within 10 s", ply)
		}
	}
}

func (s *socket) move(u string) {
	s.t.Helper()
	if err := s.conn.Write(context.Background(), websocket.MessageText, fmt.Appendf(nil, `{"t":"move","d":{"u":%q}}`, u)); err != nil {
		s.t.Fatal(err)
	}
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// twoNodes starts nodes a and b on a new database and an embedded NATS
// server, stopped when the test ends; it returns the database's URL too.
func twoNodes(t *testing.T) (a, b *node, db string) {
	t.Helper()
	ns, err := cluster.Embedded("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ns.Shutdown)
	db = pgtest.URL(t)
	return startNode(t, "a", db, ns.ClientURL()), startNode(t, "b", db, ns.ClientURL()), db
}

// TestTwoNodesPlay: a game created on node a, joined and played from node
// b: the seat command and every move of b's player are relayed to a, the
// owner, and each player sees the other's moves; the clocks run.
func TestTwoNodesPlay(t *testing.T) {
	a, b, db := twoNodes(t)

	ann, bob := newPerson(t), newPerson(t)
	var g struct{ ID, Color string }
	ann.post(a.http.URL, "/api/games", `{"mode":"online","color":"white","clock":{"minutes":5,"increment":0}}`, 201, &g)
	var joined struct{ Color string }
	bob.post(b.http.URL, "/api/games/"+g.ID+"/join", `{}`, 200, &joined)
	if joined.Color != "black" {
		t.Fatalf("joined through node b as %q, want black", joined.Color)
	}
	white, black := ann.dial(a.http.URL, g.ID), bob.dial(b.http.URL, g.ID)
	white.until(0)
	black.until(0)
	if owner := ownerOf(t, db, g.ID); owner != "a" {
		t.Fatalf("the game is owned by %q, want a (where it was made)", owner)
	}
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"}
	for i, u := range moves {
		mover, other := white, black
		if i%2 == 1 {
			mover, other = black, white
		}
		mover.move(u)
		mover.until(i + 1)
		st := other.until(i + 1)
		if i >= 2 && (st.Clock == nil || st.Clock.White >= 300000 && st.Clock.Black >= 300000) {
			t.Errorf("after %s: clock %+v, want one side charged", u, st.Clock)
		}
	}
}

// ownerOf asks the database which node holds game id's lease.
func ownerOf(t *testing.T, db, id string) string {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	owner, err := st.Acquire(context.Background(), id, "probe", time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	return owner
}

// TestLobbyAcrossNodes: a challenge made on node a is listed on node b
// within a few seconds, and a quick pairing on node b meets it.
func TestLobbyAcrossNodes(t *testing.T) {
	a, b, _ := twoNodes(t)
	ann, bob := newPerson(t), newPerson(t)
	var g struct{ ID, Color string }
	ann.post(a.http.URL, "/api/games", `{"mode":"online","lobby":true,"color":"white","clock":{"minutes":5,"increment":3}}`, 201, &g)
	ann.dial(a.http.URL, g.ID).until(0) // present: listed

	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, err := bob.client.Get(b.http.URL + "/api/lobby")
		if err != nil {
			t.Fatal(err)
		}
		var list []struct{ ID string }
		err = json.NewDecoder(resp.Body).Decode(&list)
		resp.Body.Close()
		if err == nil && len(list) == 1 && list[0].ID == g.ID {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("node b's lobby: %+v, want node a's challenge %s", list, g.ID)
		}
		time.Sleep(100 * time.Millisecond)
	}
	var paired struct{ ID, Color string }
	bob.post(b.http.URL, "/api/pair", `{"variant":"chess","clock":{"minutes":5,"increment":3}}`, 200, &paired)
	if paired.ID != g.ID || paired.Color != "black" {
		t.Fatalf("paired on node b into %s as %s, want %s as black", paired.ID, paired.Color, g.ID)
	}
}

// TestRatedLobbyAcrossNodes: a rated seek made on node a is listed on
// node b with its seeker's rating, and a rated quick pairing of another
// account on node b meets it, rated.
func TestRatedLobbyAcrossNodes(t *testing.T) {
	a, b, _ := twoNodes(t)
	ann, bob := newPerson(t), newPerson(t)
	ann.post(a.http.URL, "/api/signup", `{"username":"ann","password":"long enough pass"}`, 201, nil)
	bob.post(b.http.URL, "/api/signup", `{"username":"bob","password":"long enough pass"}`, 201, nil)
	const rated = `{"variant":"chess","clock":{"minutes":5,"increment":3},"rated":true}`
	var g struct{ ID, Color string }
	ann.post(a.http.URL, "/api/pair", rated, 201, &g)
	ann.dial(a.http.URL, g.ID).until(0)

	type listed struct {
		ID          string
		Rated       bool
		Rating      int
		Provisional bool
	}
	var list []listed
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		resp, err := bob.client.Get(b.http.URL + "/api/lobby")
		if err != nil {
			t.Fatal(err)
		}
		err = json.NewDecoder(resp.Body).Decode(&list)
		resp.Body.Close()
		if err == nil && len(list) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("node b's lobby: %+v, want node a's rated seek %s", list, g.ID)
		}
	}
	if want := (listed{ID: g.ID, Rated: true, Rating: 1500, Provisional: true}); list[0] != want {
		t.Fatalf("node b lists %+v, want %+v", list[0], want)
	}
	var paired struct{ ID, Color string }
	bob.post(b.http.URL, "/api/pair", rated, 200, &paired)
	if paired.ID != g.ID || paired.Color == g.Color {
		t.Fatalf("paired on node b into %s as %s, want %s", paired.ID, paired.Color, g.ID)
	}
	var rg struct {
		Rated        bool
		White, Black struct{ Name string }
	}
	resp, err := bob.client.Get(b.http.URL + "/api/games/" + g.ID + "/rating")
	if err != nil {
		t.Fatal(err)
	}
	err = json.NewDecoder(resp.Body).Decode(&rg)
	resp.Body.Close()
	if err != nil || !rg.Rated || rg.White.Name == "" || rg.Black.Name == "" || rg.White.Name == rg.Black.Name {
		t.Errorf("the game they met in: %+v", rg)
	}
}
