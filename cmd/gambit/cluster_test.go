package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/internal/pgtest"
)

// browser is a person with a cookie jar: the player secret of their seat.
type browser struct {
	t   *testing.T
	jar *cookiejar.Jar
	c   *http.Client
}

func newBrowser(t *testing.T) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, jar: jar, c: &http.Client{Jar: jar, Timeout: 10 * time.Second}}
}

// post sends a JSON POST and decodes the answer; it fails the test unless
// the status is want.
func (b *browser) post(base, path, body string, want int, out any) {
	b.t.Helper()
	resp, err := b.c.Post(base+path, "application/json", strings.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		b.t.Fatalf("POST %s%s: %d %s, want %d", base, path, resp.StatusCode, data, want)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			b.t.Fatal(err)
		}
	}
}

// cookie is the person's player cookie, for base's host.
func (b *browser) cookie(base string) *http.Cookie {
	u, _ := url.Parse(base)
	for _, c := range b.jar.Cookies(u) {
		if c.Name == "gambit_player" {
			return c
		}
	}
	b.t.Fatal("no player cookie")
	return nil
}

// debianNATS runs Debian's nats-server (package nats-server, which .ci/run
// installs) on a free loopback port until the test ends, and returns its
// URL. Where it is not installed the test fails, saying so: a skip would
// pass without testing the cluster.
func debianNATS(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("nats-server")
	if err != nil {
		if bin, err = exec.LookPath("/usr/sbin/nats-server"); err != nil {
			t.Fatal("no nats-server in PATH or /usr/sbin: install Debian's nats-server package (.ci/run does)")
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(bin, "-a", "127.0.0.1", "-p", strconv.Itoa(port))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	url := fmt.Sprintf("nats://127.0.0.1:%d", port)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return url
		}
		if time.Now().After(deadline) {
			t.Fatal("nats-server did not start")
		}
	}
}

// TestClusterSurvivesKilledOwner: two gambit serve nodes on one
// PostgreSQL and one NATS (Debian's nats-server); a timed game made on node a is joined and
// played from node b, then node a, its owner, is killed (kill -9). Node b
// takes the game over within a few seconds: every acknowledged move is in
// it, the clock of the side to move was not charged for the downtime, and
// the game goes on.
func TestClusterSurvivesKilledOwner(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills servers")
	}
	natsURL := debianNATS(t) // the other cluster tests use the embedded server
	db := pgtest.URL(t)
	a := startServer(t, "--db", db, "--nats", natsURL, "--node", "a")
	b := startServer(t, "--db", db, "--nats", natsURL, "--node", "b")

	ann, bob := newBrowser(t), newBrowser(t)
	var g struct{ ID string }
	ann.post(a.base, "/api/games", `{"mode":"online","color":"white","clock":{"minutes":5,"increment":0}}`, 201, &g)
	bob.post(b.base, "/api/games/"+g.ID+"/join", `{}`, 200, nil)
	// Each cookie is the person's on either node: the same secret.
	white, black := ann.cookie(a.base), bob.cookie(b.base)

	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"}
	for i, u := range moves {
		base, c := a.base, white
		if i%2 == 1 {
			base, c = b.base, black
		}
		ackMove(t, base, g.ID, c, u, i+1)
	}
	before := stateOf(t, b.base, g.ID)
	a.kill(t)
	killed := time.Now()

	// White moves next, now through node b, as a browser reconnecting would.
	var gap time.Duration
	for {
		if err := tryMove(b.base, g.ID, white, "b5a4", len(moves)+1); err == nil {
			gap = time.Since(killed)
			break
		}
		if time.Since(killed) > 20*time.Second {
			t.Fatal("node b did not take the game over within 20 s")
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("the game was back on node b %v after node a was killed", gap.Round(time.Millisecond))
	after := stateOf(t, b.base, g.ID)
	if after.Ply != len(moves)+1 {
		t.Fatalf("after the takeover: ply %d, want %d", after.Ply, len(moves)+1)
	}
	if lost := before.Clock.White - after.Clock.White; lost > 3000 {
		t.Errorf("White was charged %d ms across the takeover (%v without the game)", lost, gap)
	}
	ackMove(t, b.base, g.ID, black, "g8f6", len(moves)+2)
	resp, err := http.Get(b.base + "/api/games/" + g.ID + "/pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	pgn, _ := io.ReadAll(resp.Body)
	if want := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6"; !strings.Contains(string(pgn), want) {
		t.Errorf("PGN after the takeover:\n%s\nwant %s", pgn, want)
	}
}

// TestServeEmbeddedNATS: "--nats embedded=HOST:PORT" runs the messaging in
// the first node, and a second node connects to it: a game made on one is
// joined through the other.
func TestServeEmbeddedNATS(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	db := pgtest.URL(t)
	a := startServer(t, "--db", db, "--nats", "embedded="+addr, "--node", "a")
	b := startServer(t, "--db", db, "--nats", "nats://"+addr, "--node", "b")
	ann, bob := newBrowser(t), newBrowser(t)
	var g struct{ ID string }
	ann.post(a.base, "/api/games", `{"mode":"online","color":"white"}`, 201, &g)
	var joined struct{ Color string }
	bob.post(b.base, "/api/games/"+g.ID+"/join", `{}`, 200, &joined)
	if joined.Color != "black" {
		t.Errorf("joined through node b as %q, want black", joined.Color)
	}
}

// TestServeClusterFlags: the cluster's flags refuse what cannot work, as
// a bad command line (exit 2), before anything starts.
func TestServeClusterFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--nats", "embedded", "--data", t.TempDir()}, "--nats: several nodes share one PostgreSQL database"},
		{[]string{"--db", "mysql://x"}, "--db: want a postgres:// URL"},
	}
	for _, tt := range tests {
		var stdout, stderr strings.Builder
		code := run(append([]string{"serve", "--addr", "127.0.0.1:0"}, tt.args...), strings.NewReader(""), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("serve %q: exit %d, %q; want 2 and %q", tt.args, code, stderr.String(), tt.want)
		}
	}
}
