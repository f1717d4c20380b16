package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/games"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/web"
)

// The hostile-client tests run the server as `gambit serve` does (its own
// Run, on loopback) and play distinct clients from distinct loopback
// addresses, 127.0.0.N: Linux routes all of 127/8 to lo.

// running is a server run by its own Run on 127.0.0.1.
type running struct {
	s    *Server
	addr string // host:port
}

// runServer runs a server with cfg (a fresh store and the seeded engine
// unless given) until the test ends.
func runServer(t *testing.T, cfg Config) *running {
	t.Helper()
	if cfg.Store == nil {
		cfg.Store = openStore(t, t.TempDir())
	}
	if cfg.Bot == nil {
		cfg.Bot = computer.NewEngineBot(1)
	}
	if cfg.PasswordParams == (account.Params{}) {
		cfg.PasswordParams = cheapPasswords
	}
	s := New(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, "127.0.0.1:0", func(a net.Addr) { ready <- a }) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("Run did not return within 10 s of its context ending")
		}
	})
	select {
	case a := <-ready:
		return &running{s: s, addr: a.String()}
	case err := <-done:
		t.Fatalf("Run: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not start within 10 s")
	}
	return nil
}

// url is the server's address for path.
func (rs *running) url(path string) string { return "http://" + rs.addr + path }

// dialerFrom dials from loopback address 127.0.0.n.
func dialerFrom(n byte) *net.Dialer {
	return &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, n)}, Timeout: 3 * time.Second}
}

// clientFrom is an HTTP client at 127.0.0.n, one connection per request.
func clientFrom(t testing.TB, n byte) *http.Client {
	t.Helper()
	tr := &http.Transport{DialContext: dialerFrom(n).DialContext, DisableKeepAlives: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 5 * time.Second}
}

// rawConn opens a bare TCP connection from 127.0.0.n, closed when the test
// ends (before the server stops, so Shutdown need not wait for it).
func rawConn(t *testing.T, rs *running, n byte) net.Conn {
	t.Helper()
	c, err := dialerFrom(n).Dial("tcp", rs.addr)
	if err != nil {
		t.Fatalf("dial from 127.0.0.%d: %v", n, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// answer is an HTTP answer read whole.
type answer struct {
	status int
	header http.Header
	body   string
	close  bool // the server said Connection: close
}

// do sends a request from client c; a POST carries JSON from no page
// (neither Origin nor Sec-Fetch-Site, as curl sends it) unless hdr says
// otherwise.
func do(t *testing.T, c *http.Client, method, url, body string, hdr ...string) answer {
	t.Helper()
	r, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if method == http.MethodPost {
		r.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.Do(r)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, url, err)
	}
	return answer{status: resp.StatusCode, header: resp.Header, body: string(data)}
}

// rawGet sends GET path on c and reads the answer, within 3 s.
func rawGet(t *testing.T, c net.Conn, path string) answer {
	t.Helper()
	_ = c.SetDeadline(time.Now().Add(3 * time.Second))
	if _, err := fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: gambit.test\r\n\r\n", path); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return answer{status: resp.StatusCode, header: resp.Header, body: string(data), close: resp.Close}
}

// closedWithin reads c until the server closes it, and reports how long
// that took; it fails if c is still open after limit.
func closedWithin(t *testing.T, c net.Conn, limit time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	_ = c.SetReadDeadline(start.Add(limit))
	_, err := io.Copy(io.Discard, c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("the connection is still open after %v", limit)
	}
	return time.Since(start) // EOF (nil) or a reset: closed by the server either way
}

// TestConnectionDefaults: unless configured, a trickled body is cut off
// within 30 s, an idle keep-alive within 60 s, one address holds 256
// connections (the total below the file-descriptor limit: guards.DefaultMaxConns).
func TestConnectionDefaults(t *testing.T) {
	s := New(Config{Store: openStore(t, t.TempDir())})
	defer s.Close()
	hs := s.httpServer()
	if hs.ReadTimeout <= 0 || hs.ReadTimeout > 30*time.Second || hs.ReadHeaderTimeout <= 0 || hs.ReadHeaderTimeout > hs.ReadTimeout {
		t.Errorf("read timeouts: header %v, whole request %v; want both set, at most 30 s", hs.ReadHeaderTimeout, hs.ReadTimeout)
	}
	if hs.IdleTimeout <= 0 || hs.IdleTimeout > 60*time.Second {
		t.Errorf("idle timeout %v, want at most 60 s", hs.IdleTimeout)
	}
	if hs.WriteTimeout <= hs.ReadTimeout {
		t.Errorf("write timeout %v, want more than the read timeout %v (a request cut off is answered 408)", hs.WriteTimeout, hs.ReadTimeout)
	}
	if s.conn.PingPeriod+s.conn.PongWait > 30*time.Second {
		t.Errorf("a silent WebSocket peer stays up to %v", s.conn.PingPeriod+s.conn.PongWait)
	}
	if s.conn.MaxConnsPerAddr != 256 {
		t.Errorf("per-address cap %d, want 256", s.conn.MaxConnsPerAddr)
	}
}

// TestSlowBodyCutOff: a request body trickled in a byte at a time is cut
// off at ReadTimeout, not kept as long as the trickle lasts, and answered
// 408.
func TestSlowBodyCutOff(t *testing.T) {
	rs := runServer(t, Config{Conn: guards.ConnLimits{ReadTimeout: 500 * time.Millisecond}})
	c := rawConn(t, rs, 1)
	if _, err := io.WriteString(c, "POST /api/games HTTP/1.1\r\nHost: gambit.test\r\nContent-Type: application/json\r\n"+
		"Content-Length: 1000\r\n\r\n{"); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() { // a byte every 50 ms, for at most 10 s
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for range 200 {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			if _, err := io.WriteString(c, " "); err != nil {
				return
			}
		}
	}()
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no answer to the trickled body: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestTimeout || !resp.Close {
		t.Errorf("the trickled body: %d, close %v; want 408 and the connection closed", resp.StatusCode, resp.Close)
	}
	if d := closedWithin(t, c, 5*time.Second); d > 3*time.Second {
		t.Errorf("the trickle kept the connection %v more", d)
	}
}

// TestIdleKeepAliveClosed: a keep-alive connection that asks nothing more
// is closed at IdleTimeout.
func TestIdleKeepAliveClosed(t *testing.T) {
	rs := runServer(t, Config{Conn: guards.ConnLimits{IdleTimeout: 300 * time.Millisecond}})
	c := rawConn(t, rs, 1)
	if a := rawGet(t, c, "/api/levels"); a.status != http.StatusOK {
		t.Fatalf("GET /api/levels: %d %s", a.status, a.body)
	}
	if d := closedWithin(t, c, 5*time.Second); d > 2*time.Second {
		t.Errorf("the idle connection stayed %v", d)
	}
}

// wantRefused checks a's the connection cap's answer: 503, when to retry,
// the connection closed, the security headers.
func wantRefused(t *testing.T, a answer) {
	t.Helper()
	if a.status != http.StatusServiceUnavailable || a.header.Get("Retry-After") == "" || !a.close {
		t.Errorf("over the cap: %d %v %s; want 503 with Retry-After and Connection: close", a.status, a.header, a.body)
	}
	checkSecurityHeaders(t, "over the cap", a.header)
}

// TestPerAddressCap: one address holding its whole share of connections
// gets 503 for one more, while another address is served as usual.
func TestPerAddressCap(t *testing.T) {
	const perAddr = 8
	rs := runServer(t, Config{Conn: guards.ConnLimits{MaxConnsPerAddr: perAddr, MaxConns: 100}})
	for range perAddr {
		rawConn(t, rs, 2) // held, silent
	}
	wantRefused(t, rawGet(t, rawConn(t, rs, 2), "/api/levels"))
	if a := do(t, clientFrom(t, 3), "GET", rs.url("/api/levels"), ""); a.status != http.StatusOK {
		t.Errorf("127.0.0.3 beside a full 127.0.0.2: %d %s", a.status, a.body)
	}
}

// TestTotalCap: with every connection taken, one more is answered 503 at
// once (never left pending); when the holders leave, the server answers
// again.
func TestTotalCap(t *testing.T) {
	const total = 6
	rs := runServer(t, Config{Conn: guards.ConnLimits{MaxConns: total, MaxConnsPerAddr: 100}})
	var held []net.Conn
	for range total {
		held = append(held, rawConn(t, rs, 4))
	}
	wantRefused(t, rawGet(t, rawConn(t, rs, 5), "/api/levels"))
	for _, c := range held {
		c.Close()
	}
	client := clientFrom(t, 5)
	for try := 0; ; try++ {
		a := do(t, client, "GET", rs.url("/api/levels"), "")
		if a.status == http.StatusOK {
			break
		}
		if try == 50 {
			t.Fatalf("after the holders left: %d %s", a.status, a.body)
		}
		time.Sleep(50 * time.Millisecond) // the server notices the closes as it reads them
	}
}

// wantTooMany checks a 429 and its Retry-After, in the header and the body.
func wantTooMany(t *testing.T, what string, a answer) {
	t.Helper()
	n, err := strconv.Atoi(a.header.Get("Retry-After"))
	var body wire.ErrorJSON
	_ = json.Unmarshal([]byte(a.body), &body)
	if a.status != http.StatusTooManyRequests || err != nil || n < 1 || body.Code != "rate_limited" || body.RetryAfter != n {
		t.Errorf("%s: %d Retry-After %q %s; want 429 with Retry-After in seconds, in the body too", what, a.status,
			a.header.Get("Retry-After"), a.body)
	}
}

// TestHTTPRateLimitsSayWhenToRetry: creating games, opening lobby
// challenges and quick pairing are limited per address (loopback
// included), and every 429 says when to come back.
func TestHTTPRateLimitsSayWhenToRetry(t *testing.T) {
	rs := runServer(t, Config{CreatePerMinute: 3, ChallengePerMinute: 2})
	games, challenges := rs.url("/api/games"), rs.url("/api/pair")
	a := clientFrom(t, 10)
	for i := range 3 {
		if got := do(t, a, "POST", games, `{"mode":"local"}`); got.status != http.StatusCreated {
			t.Fatalf("game %d: %d %s", i+1, got.status, got.body)
		}
	}
	wantTooMany(t, "a fourth game a minute", do(t, a, "POST", games, `{"mode":"local"}`))

	// No cookie jar: each request is a new person, who may pair with the
	// last one's challenge; this one has a time control no pairing asks for.
	b := clientFrom(t, 11)
	challenge := `{"mode":"online","lobby":true,"clock":{"minutes":5}}`
	if got := do(t, b, "POST", games, challenge); got.status != http.StatusCreated {
		t.Fatalf("a challenge: %d %s", got.status, got.body)
	}
	if got := do(t, b, "POST", challenges, `{"variant":"chess"}`); got.status != http.StatusCreated {
		t.Fatalf("a pairing: %d %s", got.status, got.body)
	}
	wantTooMany(t, "a third challenge a minute", do(t, b, "POST", games, challenge))
	wantTooMany(t, "a third pairing a minute", do(t, b, "POST", challenges, `{"variant":"chess"}`))
	if got := do(t, b, "POST", games, `{"mode":"online"}`); got.status != http.StatusCreated { // the third game
		t.Errorf("a private invite is no challenge, and refused challenges cost no game: %d %s", got.status, got.body)
	}
	if got := do(t, clientFrom(t, 12), "POST", challenges, `{"variant":"chess"}`); got.status != http.StatusOK {
		t.Errorf("another address pairs (with 127.0.0.11's waiting challenge): %d %s", got.status, got.body)
	}
}

// awaitError reads c's messages until an error event with code arrives.
func awaitError(c *wsClient, code string) wire.ErrorJSON {
	c.t.Helper()
	for range 1000 {
		data, err := c.read(5 * time.Second)
		if err != nil {
			c.t.Fatalf("waiting for error %s: %v", code, err)
		}
		var m inMsg
		var e wire.ErrorJSON
		if json.Unmarshal(data, &m) == nil && m.T == "error" && json.Unmarshal(m.D, &e) == nil && e.Code == code {
			return e
		}
	}
	c.t.Fatalf("no error %s in 1000 messages", code)
	return wire.ErrorJSON{}
}

// TestChatFloodPerAddress: more sockets buy no more chat: an address's
// lines are limited over all its connections, the excess answered with a
// rate_limited error saying when to retry, and the connection stays open.
func TestChatFloodPerAddress(t *testing.T) {
	s, srv, clock := serveAt(t)
	g := openChatGame(t, s, srv)
	w3, _ := chatDial(t, srv, g.id, "", "spectators")
	for i := range round.ChatBurst { // each within its own connection's burst
		for _, c := range []*wsClient{g.watcher1, g.watcher2} {
			text := fmt.Sprint("line ", i)
			c.say(text)
			if got := w3.chat(); got.Text != text { // in the hub, in this order
				t.Fatalf("read %q, want %q", got.Text, text)
			}
		}
	}
	w3.say("one line too many for 127.0.0.1")
	if e := awaitError(w3, "rate_limited"); e.RetryAfter < 1 {
		t.Errorf("the error says retry after %d s", e.RetryAfter)
	}
	clock.advance(time.Second)
	w3.say("a second later")
	for {
		if line := w3.chat(); line.Text == "a second later" {
			break
		}
	}
}

// TestMessageFloodPerAddress: an address's WebSocket messages are limited
// over all its connections, each under its own limit; the excess is
// answered with a rate_limited error and the connections stay open.
func TestMessageFloodPerAddress(t *testing.T) {
	s, srv, clock := serveAt(t)
	g := create(t, s.Handler(), `{"mode":"local"}`)
	const sockets, each = 4, round.MessageBurst - 5 // each socket under its own burst; together over the address's
	var conns []*wsClient
	for range sockets {
		c := dial(t, srv, g.ID, "") // a spectator: its moves are refused, and change nothing
		c.next("state")
		conns = append(conns, c)
	}
	for _, c := range conns[:sockets-1] {
		for range each {
			c.send(`{"t":"resign"}`)
		}
		for range each {
			c.wantError("not_your_seat") // through: within both limits
		}
	}
	last := conns[sockets-1] // the address's allowance runs out during its messages
	for range each {
		last.send(`{"t":"resign"}`)
	}
	if e := awaitError(last, "rate_limited"); e.RetryAfter < 1 {
		t.Errorf("the error says retry after %d s", e.RetryAfter)
	}
	clock.advance(time.Minute)
	last.send(`{"t":"resign"}`)
	last.wantError("not_your_seat") // heard again, and still connected
}

// TestForwardedForFromTrustedProxyOnly: X-Forwarded-For names the client
// only when a trusted proxy sends it; anyone else's is ignored.
func TestForwardedForFromTrustedProxyOnly(t *testing.T) {
	proxies, err := guards.ParseTrustedProxies("127.0.0.20, 10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	rs := runServer(t, Config{CreatePerMinute: 1, Conn: guards.ConnLimits{TrustedProxies: proxies}})
	games := rs.url("/api/games")
	create := func(c *http.Client, xff string) int {
		t.Helper()
		return do(t, c, "POST", games, `{"mode":"local"}`, "X-Forwarded-For", xff).status
	}
	proxy, stranger := clientFrom(t, 20), clientFrom(t, 21)
	steps := []struct {
		name string
		c    *http.Client
		xff  string
		want int
	}{
		{"a client through the proxy", proxy, "203.0.113.7", http.StatusCreated},
		{"the same client again", proxy, "203.0.113.7", http.StatusTooManyRequests},
		{"another client through the proxy", proxy, "203.0.113.8", http.StatusCreated},
		{"the first, claiming another address left of its own", proxy, "198.51.100.1, 203.0.113.7", http.StatusTooManyRequests},
		{"a client behind two trusted proxies", proxy, "203.0.113.9, 10.1.2.3", http.StatusCreated},
		{"a stranger's header, ignored", stranger, "203.0.113.10", http.StatusCreated},
		{"the stranger, claiming to be someone else", stranger, "203.0.113.11", http.StatusTooManyRequests},
	}
	for _, st := range steps {
		if got := create(st.c, st.xff); got != st.want {
			t.Errorf("%s (X-Forwarded-For %q): %d, want %d", st.name, st.xff, got, st.want)
		}
	}
}

// TestCrossSitePostRefused: on a real server, a POST a page on another
// site could make is refused 403 and creates nothing; a program's POST
// (no Origin, no Sec-Fetch-Site) and the app's own are served.
func TestCrossSitePostRefused(t *testing.T) {
	rs := runServer(t, Config{})
	c := clientFrom(t, 30)
	games := rs.url("/api/games")
	refused := []struct {
		name string
		hdr  []string
	}{
		{"a foreign Origin", []string{"Origin", "https://evil.example"}},
		{"Sec-Fetch-Site cross-site", []string{"Sec-Fetch-Site", "cross-site"}},
		{"Sec-Fetch-Site same-site (a sibling subdomain)", []string{"Sec-Fetch-Site", "same-site"}},
		{"text/plain, as a cross-site form sends it", []string{"Content-Type", "text/plain"}},
		{"same origin, but a form", []string{"Origin", "http://" + rs.addr, "Sec-Fetch-Site", "same-origin",
			"Content-Type", "application/x-www-form-urlencoded"}},
	}
	for _, tt := range refused {
		if a := do(t, c, "POST", games, `{"mode":"local"}`, tt.hdr...); a.status != http.StatusForbidden || !strings.Contains(a.body, "cross_site") {
			t.Errorf("%s: %d %s, want 403 cross_site", tt.name, a.status, a.body)
		}
	}
	allowed := []struct {
		name string
		hdr  []string
	}{
		{"a program (no Origin, no Sec-Fetch-Site)", nil},
		{"the app itself", []string{"Origin", "http://" + rs.addr, "Sec-Fetch-Site", "same-origin"}},
		{"Sec-Fetch-Site none (the user's own doing)", []string{"Sec-Fetch-Site", "none"}},
	}
	for _, tt := range allowed {
		if a := do(t, c, "POST", games, `{"mode":"local"}`, tt.hdr...); a.status != http.StatusCreated {
			t.Errorf("%s: %d %s, want 201", tt.name, a.status, a.body)
		}
	}
}

// checkSecurityHeaders checks that h carries every security header.
func checkSecurityHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	for _, kv := range guards.SecurityHeaders {
		if got := h.Get(kv[0]); got != kv[1] {
			t.Errorf("%s: %s %q, want %q", what, kv[0], got, kv[1])
		}
	}
}

// TestSecurityHeadersEverywhere: every kind of answer the server gives
// carries the security headers: pages, assets, API answers, redirects,
// 4xx of every kind, a refused WebSocket upgrade, a 429 and the connection
// cap's 503.
func TestSecurityHeadersEverywhere(t *testing.T) {
	rs := runServer(t, Config{Assets: web.FS(), CreatePerMinute: 1, Conn: guards.ConnLimits{MaxConnsPerAddr: 4}})
	id := create(t, rs.s.Handler(), `{"mode":"local"}`).ID
	c := clientFrom(t, 40)
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	ws := []string{"Connection", "Upgrade", "Upgrade", "websocket", "Sec-WebSocket-Version", "13",
		"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}
	routes := []struct {
		method, path, body string
		hdr                []string
		want               int
	}{
		{"GET", "/", "", nil, 200},
		{"HEAD", "/", "", nil, 200},
		{"GET", "/game/" + id, "", nil, 200},
		{"GET", "/favicon.ico", "", nil, 200},
		{"GET", "/favicon.svg", "", nil, 200},
		{"GET", "/index.html", "", nil, 301},
		{"GET", "/no-such-file.js", "", nil, 404},
		{"GET", "/api/games", "", nil, 200},
		{"GET", "/api/games/" + id, "", nil, 200},
		{"GET", "/api/games/" + id + "/pgn", "", nil, 200},
		{"GET", "/api/games/nosuchgame", "", nil, 404},
		{"GET", "/api/levels", "", nil, 200},
		{"GET", "/api/levels?variant=nope", "", nil, 422},
		{"GET", "/api/lobby", "", nil, 200},
		{"GET", "/api/nothing", "", nil, 404},
		{"POST", "/api/levels", "{}", nil, 405},
		{"DELETE", "/api/games", "", []string{"Content-Type", "application/json"}, 405},
		{"POST", "/api/games", `{"mode":"local"}`, nil, 201},
		{"POST", "/api/games", `{"mode":"local"}`, nil, 429},
		{"POST", "/api/games", `{"mode":`, nil, 400},
		{"POST", "/api/games", `{}`, []string{"Origin", "https://evil.example"}, 403},
		{"POST", "/api/games/" + id + "/join", `{}`, nil, 409},
		{"GET", "/ws/game/" + id, "", nil, 426},
		{"GET", "/ws/game/" + id, "", append([]string{"Origin", "https://evil.example"}, ws...), 403},
		{"GET", "/ws/game/nosuchgame", "", ws, 404},
	}
	for _, r := range routes {
		a := do(t, c, r.method, rs.url(r.path), r.body, r.hdr...)
		what := r.method + " " + r.path
		if a.status != r.want {
			t.Errorf("%s: %d, want %d (%.100s)", what, a.status, r.want, a.body)
		}
		checkSecurityHeaders(t, what, a.header)
	}
	for range 4 {
		rawConn(t, rs, 41)
	}
	a := rawGet(t, rawConn(t, rs, 41), "/")
	wantRefused(t, a)
}

// dialFrom opens game id's WebSocket from 127.0.0.n on a running server,
// as the person whose secret is secret.
func dialFrom(t *testing.T, rs *running, n byte, id, secret string) *wsClient {
	t.Helper()
	c, err := tryDialFrom(t, rs, n, id, secret)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// tryDialFrom is dialFrom, returning an error when the dial fails.
func tryDialFrom(t *testing.T, rs *running, n byte, id, secret string) (*wsClient, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	tr := &http.Transport{DialContext: dialerFrom(n).DialContext}
	opts := &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr}, HTTPHeader: http.Header{}}
	if secret != "" {
		opts.HTTPHeader.Set("Cookie", (&http.Cookie{Name: playerCookie, Value: secret}).String())
	}
	conn, _, err := websocket.Dial(ctx, "ws://"+rs.addr+"/ws/game/"+id, opts)
	if err != nil {
		return nil, fmt.Errorf("dial game %s: %w", id, err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	c := &wsClient{t: t, conn: conn, in: make(chan []byte, 1024), err: make(chan error, 1)}
	go c.readAll()
	return c, nil
}

// TestWebSocketOutlivesHTTPTimeouts: a WebSocket is not held to the
// request timeouts of the HTTP request that opened it: long after them it
// still carries moves both ways.
func TestWebSocketOutlivesHTTPTimeouts(t *testing.T) {
	const timeout = 200 * time.Millisecond
	rs := runServer(t, Config{Conn: guards.ConnLimits{ReadHeaderTimeout: timeout, ReadTimeout: timeout, WriteTimeout: timeout, IdleTimeout: timeout}})
	g := create(t, rs.s.Handler(), `{"mode":"local"}`)
	p := dialFrom(t, rs, 50, g.ID, g.Token)
	p.state("state")
	time.Sleep(5 * timeout)
	p.send(`{"t":"move","d":{"u":"e2e4"}}`)
	if st := p.position(1); st.Last.UCI != "e2e4" {
		t.Fatalf("after %v: last move %+v", 5*timeout, st.Last)
	}
	time.Sleep(5 * timeout)
	p.send(`{"t":"move","d":{"u":"e7e5"}}`)
	p.position(2)
}

// TestSilentWebSocketPeerDropped: a peer that stops answering pings (here,
// one that never reads: nothing answers them) is dropped within PingPeriod
// + PongWait.
func TestSilentWebSocketPeerDropped(t *testing.T) {
	rs := runServer(t, Config{Conn: guards.ConnLimits{PingPeriod: 200 * time.Millisecond, PongWait: 300 * time.Millisecond}})
	g := create(t, rs.s.Handler(), `{"mode":"local"}`)
	c := rawConn(t, rs, 60)
	_, err := fmt.Fprintf(c, "GET /ws/game/%s HTTP/1.1\r\nHost: %s\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"+
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n", g.ID, rs.addr)
	if err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", resp, err)
	}
	start := time.Now()
	_ = c.SetReadDeadline(start.Add(5 * time.Second))
	_, err = io.Copy(io.Discard, br) // reads frames, answers nothing
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatal("the silent peer is still connected after 5 s")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the silent peer was dropped after %v", d)
	}
}

// TestWebSocketCountsTowardTheCap: an open WebSocket holds its address's
// connection slot, and gives it back when it closes (the hijacked
// connection is still the counted one).
func TestWebSocketCountsTowardTheCap(t *testing.T) {
	rs := runServer(t, Config{Conn: guards.ConnLimits{MaxConnsPerAddr: 1}})
	g := create(t, rs.s.Handler(), `{"mode":"local"}`)
	client := clientFrom(t, 71)
	for round := range 3 {
		p, err := tryDialFrom(t, rs, 71, g.ID, g.Token)
		for try := 0; err != nil; try++ { // the last round's connections close as the server notices
			if try == 50 {
				t.Fatalf("round %d: the slot was not given back: %v", round, err)
			}
			time.Sleep(20 * time.Millisecond)
			p, err = tryDialFrom(t, rs, 71, g.ID, g.Token)
		}
		p.state("state")
		if a := do(t, client, "GET", rs.url("/api/levels"), ""); a.status != http.StatusServiceUnavailable {
			t.Fatalf("round %d: beside an open WebSocket, the address's second connection got %d", round, a.status)
		}
		p.conn.CloseNow()
	}
}

// TestRequestBoundsOnLoopback: on a real server, a body over its limit is
// 413, a clock outside its bounds is 400 naming the field, and an id that
// could not be one is not echoed back.
func TestRequestBoundsOnLoopback(t *testing.T) {
	rs := runServer(t, Config{})
	c := clientFrom(t, 50)
	tests := []struct {
		method, path, body string
		want               int
		in, notIn          string
	}{
		{"POST", "/api/games", `{"mode":"local","setup":"` + strings.Repeat("x", games.MaxBody+1) + `"}`, 413, "too_large", ""},
		{"POST", "/api/games", `{"mode":"local","clock":{"minutes":1e-300}}`, 400, "minutes", ""},
		{"POST", "/api/games", `{"mode":"local","clock":{"minutes":181}}`, 400, "minutes", ""},
		{"POST", "/api/games", `{"mode":"local","clock":{"minutes":5,"increment":181}}`, 400, "increment", ""},
		{"GET", "/api/games/" + strings.Repeat("z", 5_000), "", 404, "no such game", "zzzz"},
		{"GET", "/api/games/" + strings.Repeat("z", 100_000), "", 431, "", "zzzz"}, // past the header limit
		{"GET", "/api/games/<script>", "", 404, "no such game", "script"},
	}
	for _, tt := range tests {
		a := do(t, c, tt.method, rs.url(tt.path), tt.body)
		if a.status != tt.want || !strings.Contains(a.body, tt.in) || tt.notIn != "" && strings.Contains(a.body, tt.notIn) {
			t.Errorf("%s %.60s: %d %.200s; want %d with %q", tt.method, tt.path, a.status, a.body, tt.want, tt.in)
		}
	}
}
