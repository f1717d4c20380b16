package server

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/servertest"
)

// Client frames written by hand, and a raw client that sends them over a
// bare TCP connection: what a hostile client sends, not what a library
// would let it send.

// WebSocket opcodes, as the tests send them.
const (
	opContinuation = 0x0
	opText         = 0x1
	opClose        = 0x8
	opPing         = 0x9
)

// rawWS is a WebSocket client on a bare connection.
type rawWS struct {
	t  *testing.T
	c  net.Conn
	br *bufio.Reader
}

// upgradeRequest is the handshake for game id's WebSocket, as the person
// whose secret is secret ("": a spectator). It offers compression.
func upgradeRequest(id, host, secret string) string {
	cookie := ""
	if secret != "" {
		cookie = "Cookie: " + (&http.Cookie{Name: playerCookie, Value: secret}).String() + "\r\n"
	}
	return fmt.Sprintf("GET /ws/game/%s HTTP/1.1\r\nHost: %s\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"+
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n%s"+
		"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n", id, host, cookie)
}

// openRawWS opens game id's WebSocket from 127.0.0.n as the person whose
// secret is secret, sending then (if any) in the same write as the
// handshake, before the answer.
func openRawWS(t *testing.T, rs *running, n byte, id, secret string, then []byte) *rawWS {
	t.Helper()
	c := rawConn(t, rs, n)
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := c.Write(append([]byte(upgradeRequest(id, rs.addr, secret)), then...)); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", resp, err)
	}
	if ext := resp.Header.Get("Sec-WebSocket-Extensions"); ext != "" {
		t.Errorf("the server negotiated %q; want no compression (a small frame could inflate past every limit)", ext)
	}
	return &rawWS{t: t, c: c, br: br}
}

// write sends frames.
func (w *rawWS) write(frames ...[]byte) {
	w.t.Helper()
	if _, err := w.c.Write(bytes.Join(frames, nil)); err != nil {
		w.t.Fatalf("write: %v", err)
	}
}

// next reads the server's next frame (unmasked, never fragmented by this
// server), answering pings on the way as a browser would.
func (w *rawWS) next() (op byte, payload []byte, err error) {
	for {
		var h [2]byte
		if _, err := io.ReadFull(w.br, h[:]); err != nil {
			return 0, nil, err
		}
		n := int64(h[1] & 0x7f)
		switch n {
		case 126:
			var b [2]byte
			if _, err := io.ReadFull(w.br, b[:]); err != nil {
				return 0, nil, err
			}
			n = int64(binary.BigEndian.Uint16(b[:]))
		case 127:
			var b [8]byte
			if _, err := io.ReadFull(w.br, b[:]); err != nil {
				return 0, nil, err
			}
			n = int64(binary.BigEndian.Uint64(b[:]))
		}
		payload = make([]byte, n)
		if _, err := io.ReadFull(w.br, payload); err != nil {
			return 0, nil, err
		}
		op = h[0] & 0x0f
		if op == opPing {
			// Answered as a browser would, but the server may have closed
			// meanwhile (a test waiting for the close): a failed write is
			// no failure here, the read that follows tells.
			_, _ = w.c.Write(servertest.ClientFrame(true, 0xA, payload))
			continue
		}
		return op, payload, nil
	}
}

// awaitText reads frames until a text message containing want.
func (w *rawWS) awaitText(want string) {
	w.t.Helper()
	for {
		op, p, err := w.next()
		if err != nil {
			w.t.Fatalf("waiting for %q: %v", want, err)
		}
		if op == opClose {
			w.t.Fatalf("waiting for %q: closed, %x", want, p)
		}
		if op == opText && strings.Contains(string(p), want) {
			return
		}
	}
}

// closedTooBig reads until the server ends the connection, within limit,
// and checks that a close frame, if one came, says 1009.
func (w *rawWS) closedTooBig(limit time.Duration) {
	w.t.Helper()
	w.closedWith(1009, limit)
}

// closedWith reads until the server ends the connection, within limit,
// and checks that a close frame, if one came, says status. (A close may
// come as a reset alone: the server closes with bytes of the client's
// still unread.)
func (w *rawWS) closedWith(status uint16, limit time.Duration) {
	w.t.Helper()
	start := time.Now()
	_ = w.c.SetReadDeadline(start.Add(limit))
	for {
		op, p, err := w.next()
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			w.t.Fatalf("still open after %v", limit)
		}
		if err != nil {
			return // closed (EOF or reset) without a close frame: refused all the same
		}
		if op == opClose {
			if len(p) < 2 || binary.BigEndian.Uint16(p) != status {
				w.t.Errorf("close frame %x, want status %d", p, status)
			}
			return
		}
	}
}

// TestOversizedFrameRefusedFromItsHeader: a frame whose header declares a
// megabyte closes the connection at once, with only its header and a few
// bytes sent: the server does not wait for (nor read) the payload. With
// the default ping timing a server that waited would hold the connection
// 10 s or more.
func TestOversizedFrameRefusedFromItsHeader(t *testing.T) {
	rs := runServer(t, Config{})
	g := create(t, rs.s.Handler(), `{"mode":"local"}`)
	lie := servertest.FrameHeader(true, opText, 1<<20, []byte(`{"t":"mo`))

	w := openRawWS(t, rs, 80, g.ID, "", nil)
	w.awaitText(`"t":"state"`)
	w.write(lie)
	w.closedTooBig(3 * time.Second)

	// The same frame sent with the handshake, before the server answered:
	// bytes net/http read ahead of the upgrade are checked as well.
	w = openRawWS(t, rs, 81, g.ID, "", lie)
	w.closedTooBig(3 * time.Second)

	// A frame of 16-bit length just over the limit, and a 64-bit length
	// with its top bit set (no frame may declare one).
	w = openRawWS(t, rs, 82, g.ID, "", nil)
	w.write(servertest.FrameHeader(true, opText, round.MaxMessage+1, nil))
	w.closedTooBig(3 * time.Second)
	w = openRawWS(t, rs, 83, g.ID, "", nil)
	w.write(servertest.FrameHeader(true, opText, -1, nil)[:10])
	w.closedTooBig(3 * time.Second)
}

// TestFragmentedOversizedMessageRefused: a message over the limit in
// small fragments, each well under it, closes the connection with 1009;
// a message of the largest size allowed, fragmented the same way, and an
// ordinary move are read as before.
func TestFragmentedOversizedMessageRefused(t *testing.T) {
	rs := runServer(t, Config{})
	g := create(t, rs.s.Handler(), `{"mode":"local"}`)
	fragments := func(msg string) [][]byte {
		var out [][]byte
		for i := 0; i < len(msg); i += 200 {
			op := byte(opContinuation)
			if i == 0 {
				op = opText
			}
			end := min(i+200, len(msg))
			out = append(out, servertest.ClientFrame(end == len(msg), op, []byte(msg[i:end])))
		}
		return out
	}
	pad := func(n int) string { // a chat line n bytes long: refused by the game, not by the limit
		head, tail := `{"t":"chat","d":{"text":"`, `"}}`
		return head + strings.Repeat("x", n-len(head)-len(tail)) + tail
	}

	w := openRawWS(t, rs, 84, g.ID, g.Token, nil)
	w.awaitText(`"t":"state"`)
	w.write(fragments(pad(round.MaxMessage))...) // the largest message: answered
	w.awaitText(`"t":"error"`)
	w.write(fragments(`{"t":"move","d":{"u":"e2e4"}}`)...) // an ordinary move, fragmented
	w.awaitText(`"uci":"e2e4"`)
	w.write(servertest.ClientFrame(true, opText, []byte(`{"t":"move","d":{"u":"e7e5"}}`))) // and in one frame
	w.awaitText(`"uci":"e7e5"`)

	w.write(fragments(pad(round.MaxMessage + 1))...)
	w.closedTooBig(3 * time.Second)
}
