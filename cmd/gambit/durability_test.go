package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/gambitchess/gambit/internal/pgtest"
)

// TestMain lets the test binary run as gambit itself, for the tests that
// start a server process and kill it.
func TestMain(m *testing.M) {
	if os.Getenv("GAMBIT_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(pgtest.Main(m))
}

// serverProcess is "gambit serve" in a process of its own.
type serverProcess struct {
	cmd  *exec.Cmd
	base string // http://127.0.0.1:port
}

// startServer runs gambit serve on a free loopback port with the store
// flags given (--data DIR, or --db URL).
func startServer(t testing.TB, storeArgs ...string) *serverProcess {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"serve", "--addr", "127.0.0.1:0"}, storeArgs...)...)
	cmd.Env = append(os.Environ(), "GAMBIT_TEST_MAIN=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if dir := os.Getenv("GAMBIT_TEST_LOGS"); dir != "" {
		if f, err := os.CreateTemp(dir, "serve-*.log"); err == nil {
			cmd.Stderr = f
		}
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "serving on") {
				line <- sc.Text()
			}
		}
	}()
	select {
	case l := <-line:
		port := regexp.MustCompile(`:(\d+)`).FindStringSubmatch(l)
		if port == nil {
			t.Fatalf("no port in %q", l)
		}
		return &serverProcess{cmd: cmd, base: "http://127.0.0.1:" + port[1]}
	case <-time.After(60 * time.Second): // a node joining PostgreSQL and NATS on a loaded machine took over 20 s
		t.Fatal("gambit serve did not start")
	}
	return nil
}

// kill ends the server at once, as a crash or a power cut would.
func (p *serverProcess) kill(t testing.TB) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = p.cmd.Wait()
}

// TestKilledServerKeepsAcknowledgedMoves: a move the server acknowledged
// is stored, in SQLite and in PostgreSQL. Each round plays one move, and
// the moment its acknowledgement arrives the server is killed (kill -9);
// after the restart every acknowledged move is in the game.
func TestKilledServerKeepsAcknowledgedMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills servers")
	}
	stores := []struct {
		name string
		args func(t *testing.T) []string
	}{
		{"SQLite", func(t *testing.T) []string { return []string{"--data", t.TempDir()} }},
		{"Postgres", func(t *testing.T) []string { return []string{"--db", pgtest.URL(t)} }},
	}
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) { killAfterEachMove(t, st.args(t)) })
	}
}

// killAfterEachMove plays a game, killing and restarting the server
// over storeArgs after each acknowledged move.
func killAfterEachMove(t *testing.T, storeArgs []string) {
	srv := startServer(t, storeArgs...)
	id, cookie := createLocalGame(t, srv.base)
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"}
	for i, u := range moves {
		ackMove(t, srv.base, id, cookie, u, i+1)
		srv.kill(t)
		srv = startServer(t, storeArgs...)
		if got := stateOf(t, srv.base, id); got.Ply != i+1 {
			t.Fatalf("after %s was acknowledged and the server killed: ply %d, want %d", u, got.Ply, i+1)
		}
	}
	want := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"
	resp, err := http.Get(srv.base + "/api/games/" + id + "/pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	pgn, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(pgn), want) {
		t.Errorf("PGN after the kills:\n%s\nwant %s", pgn, want)
	}
}

// createLocalGame makes a game on one screen and returns its id and the
// player cookie that holds both seats.
func createLocalGame(t *testing.T, base string) (string, *http.Cookie) {
	t.Helper()
	resp, err := http.Post(base+"/api/games", "application/json", strings.NewReader(`{"mode":"local"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var g struct{ ID string }
	if err := json.NewDecoder(resp.Body).Decode(&g); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %v", resp.StatusCode, err)
	}
	for _, c := range resp.Cookies() {
		if c.Name == "gambit_player" {
			return g.ID, c
		}
	}
	t.Fatal("no player cookie")
	return "", nil
}

// ackMove plays u in game id over a WebSocket and returns when the server
// acknowledges it: the move comes back at ply.
func ackMove(t *testing.T, base, id string, cookie *http.Cookie, u string, ply int) {
	t.Helper()
	if err := tryMove(base, id, cookie, u, ply); err != nil {
		t.Fatal(err)
	}
}

// tryMove is ackMove that reports what went wrong.
func tryMove(base, id string, cookie *http.Cookie, u string, ply int) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws/game/"+id,
		&websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {cookie.String()}}})
	if err != nil {
		return fmt.Errorf("move %s: %w", u, err)
	}
	defer conn.CloseNow()
	if err := conn.Write(ctx, websocket.MessageText, fmt.Appendf(nil, `{"t":"move","d":{"u":%q}}`, u)); err != nil {
		return fmt.Errorf("move %s: %w", u, err)
	}
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return fmt.Errorf("no acknowledgement of %s: %w", u, err)
		}
		var m struct {
			T string
			D struct{ Ply int }
		}
		if json.Unmarshal(data, &m) == nil && m.T == "move" && m.D.Ply == ply {
			return nil
		}
	}
}

// gameState is the part of GET /api/games/{id} the test reads.
type gameState struct {
	Ply   int
	Clock *struct{ White, Black int64 }
}

func stateOf(t *testing.T, base, id string) gameState {
	t.Helper()
	resp, err := http.Get(base + "/api/games/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st gameState
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	return st
}
