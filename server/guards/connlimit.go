package guards

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Connection caps: one client (one address, an IPv6 /64) may hold
// maxConnsPerAddr connections, and everyone together maxConns, which stays
// well below the file-descriptor limit. A connection over a cap is answered
// at once with a minimal 503 and closed, never left waiting in the accept
// queue, so a client holding thousands of idle sockets can neither exhaust
// the descriptors nor keep another address from being served.

// Refusing a connection over the cap: the request's head is read (for at
// most refuseHeadWait: a client that answers before asking confuses some
// HTTP clients, Go's among them), the 503 written, and the rest drained so
// that closing does not reset the answer away, all within refuseWait; at
// most maxRefusing such refusals run at once. Past that (a flood) the 503
// is written at once, within refuseNowWait, and the connection closed
// without draining: the answer reaches a client that has not sent its
// request yet, and may be reset away for one that has.
const (
	refuseWait     = time.Second
	refuseHeadWait = 500 * time.Millisecond
	refuseNowWait  = 10 * time.Millisecond
	maxRefusing    = 64
	refuseDrain    = 16 << 10 // bytes of request read, head and rest, before closing
)

// capListener counts the open connections a listener accepted, in total
// and per client address, and refuses those over its caps.
type capListener struct {
	net.Listener
	max, perAddr int
	exempt       func(netip.Addr) bool // addresses free of the per-address cap (trusted proxies)
	refusal      []byte                // the whole 503 answer
	refusing     chan struct{}         // a slot per refusal running
	refused      prometheus.Counter    // counts the refusals, when not nil

	mu     sync.Mutex
	open   int
	byAddr map[string]int
}

// NewCapListener caps ln at total connections in all and perAddr from one
// address, except for addresses exempt says are free of the latter; it
// counts each refusal on refused, when not nil.
func NewCapListener(ln net.Listener, total, perAddr int, exempt func(netip.Addr) bool, refused prometheus.Counter) net.Listener {
	return &capListener{Listener: ln, max: total, perAddr: perAddr, exempt: exempt, refused: refused, refusal: refusalResponse(),
		refusing: make(chan struct{}, maxRefusing), byAddr: map[string]int{}}
}

// Accept returns the next connection within the caps, refusing (and
// answering) those over them meanwhile.
func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if key, ok := l.admit(c.RemoteAddr()); ok {
			return &countedConn{Conn: c, release: func() { l.release(key) }}, nil
		}
		l.refuse(c)
	}
}

// admit counts a connection from remote if the caps allow it, and returns
// the key it is counted under.
func (l *capListener) admit(remote net.Addr) (string, bool) {
	key := AddressKey(remote.String())
	perAddr := l.perAddr
	if ap, err := netip.ParseAddrPort(remote.String()); err == nil && l.exempt != nil && l.exempt(ap.Addr().Unmap()) {
		perAddr = 0 // a trusted proxy speaks for many clients
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open >= l.max || (perAddr > 0 && l.byAddr[key] >= perAddr) {
		return "", false
	}
	l.open++
	l.byAddr[key]++
	return key, true
}

// release uncounts a connection from key that has closed.
func (l *capListener) release(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.byAddr[key]--; l.byAddr[key] <= 0 {
		delete(l.byAddr, key)
	}
}

// refuse answers c with the 503 and closes it, in the background and within
// refuseWait; when too many refusals are running already, it answers at
// once (a fresh connection's send buffer is empty: the write does not
// wait) and closes c without draining it.
func (l *capListener) refuse(c net.Conn) {
	if l.refused != nil {
		l.refused.Inc()
	}
	select {
	case l.refusing <- struct{}{}:
	default:
		_ = c.SetWriteDeadline(time.Now().Add(refuseNowWait))
		_, _ = c.Write(l.refusal)
		c.Close()
		return
	}
	go func() {
		defer func() { <-l.refusing }()
		answerAndClose(c, l.refusal, refuseWait)
	}()
}

// answerAndClose reads the head of the client's request, writes answer to
// c, then reads what else the client sent (a little, for a little while)
// before closing: closing a socket with unread input resets it, and the
// reset can destroy the answer before the client has read it.
func answerAndClose(c net.Conn, answer []byte, wait time.Duration) {
	defer c.Close()
	start := time.Now()
	_ = c.SetDeadline(start.Add(min(refuseHeadWait, wait)))
	head := readHead(c)
	_ = c.SetDeadline(start.Add(wait))
	if _, err := c.Write(answer); err != nil {
		return
	}
	if cw, ok := c.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(c, int64(refuseDrain-head)))
}

// readHead reads from c up to the blank line that ends a request's head,
// refuseDrain bytes, c's deadline or an error, whichever comes first, and
// returns how many bytes it read.
func readHead(c net.Conn) int {
	buf := make([]byte, refuseDrain)
	n := 0
	for n < len(buf) {
		m, err := c.Read(buf[n:])
		n += m
		if bytes.Contains(buf[max(0, n-m-3):n], []byte("\r\n\r\n")) || err != nil {
			break
		}
	}
	return n
}

// refusalResponse is the answer to a connection over a cap: 503 with
// Retry-After, the security headers every response carries, and a JSON
// error like the API's.
func refusalResponse() []byte {
	body := `{"code":"busy","message":"too many connections; try again shortly"}` + "\n"
	var b strings.Builder
	b.WriteString("HTTP/1.1 503 Service Unavailable\r\n")
	b.WriteString("Retry-After: 10\r\nConnection: close\r\nContent-Type: application/json\r\n")
	for _, kv := range SecurityHeaders {
		fmt.Fprintf(&b, "%s: %s\r\n", kv[0], kv[1])
	}
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	return []byte(b.String())
}

// countedConn is a connection a capListener counts until it is closed
// (by the HTTP server, or by the WebSocket that hijacked it).
type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// Close closes the connection and uncounts it, once however often it is called.
func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// CloseWrite half-closes a TCP connection, as net/http does before closing
// one whose request it did not read to the end (so the answer is not reset
// away); the wrapper must not hide it.
func (c *countedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return c.Conn.Close()
}
