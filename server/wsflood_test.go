package server

import (
	"bytes"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/servertest"
	"testing"
	"time"
)

// Floods that stay within the size of a message: too many messages, too
// many frames, a message that never ends, data of the wrong kind. Each is
// read only so far, then the connection is closed.

const opBinary, opPong = 0x2, 0xA

// awaitPong pings the server and reads until its pong: the server has
// read and handled every message sent before.
func (w *rawWS) awaitPong() {
	w.t.Helper()
	w.write(servertest.ClientFrame(true, opPing, []byte("sync")))
	for {
		op, p, err := w.next()
		if err != nil || op == opClose {
			w.t.Fatalf("waiting for a pong: %v %x", err, p)
		}
		if op == opPong && string(p) == "sync" {
			return
		}
	}
}

// TestMessageFloodClosed: a socket that keeps sending messages past its
// rate limit is told once (rate_limited) and closed with 1008 at the
// message after round.MaxDropped over its own limit, not before; another socket
// of the same address, which keeps to its limit, stays open and heard.
// The clock is the test's: no message is let through by the time sending
// takes.
func TestMessageFloodClosed(t *testing.T) {
	clock := &fakeClock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
	rs := runServer(t, Config{Now: clock.now})
	g := create(t, rs.s.Handler(), `{"mode":"local"}`)
	probe := servertest.ClientFrame(true, opText, []byte(`{"t":"move"}`)) // answered "move needs ..." by the reader itself

	good := openRawWS(t, rs, 90, g.ID, "", nil)
	good.awaitText(`"t":"state"`)
	bad := openRawWS(t, rs, 90, g.ID, "", nil)
	bad.awaitText(`"t":"state"`)

	resign := servertest.ClientFrame(true, opText, []byte(`{"t":"resign"}`)) // a spectator's: refused by the game, changing nothing
	bad.write(bytes.Repeat(resign, round.MessageBurst+round.MaxDropped))     // the burst, then round.MaxDropped dropped
	bad.awaitText(`"code":"rate_limited"`)
	bad.awaitPong()                                // all read before the clock moves
	clock.advance(time.Second / round.MessageRate) // one message's worth
	bad.write(probe)
	bad.awaitText("move needs") // still open, and heard again
	good.write(probe)
	good.awaitText("move needs")

	bad.write(probe) // one more over its own limit: too many
	bad.closedWith(1008, 3*time.Second)

	good.write(probe) // the other socket of the address is still heard
	good.awaitText("move needs")
}

// TestEndlessFragmentsClosed: a message may take guards.MaxFragments data frames
// (read as before); one more fragment closes the connection with 1008,
// and so do ten thousand empty fragments of a message that never ends.
func TestEndlessFragmentsClosed(t *testing.T) {
	rs := runServer(t, Config{})
	g := create(t, rs.s.Handler(), `{"mode":"local"}`)
	fragments := func(n int, fin bool) []byte {
		var out []byte
		for i := range n {
			op := byte(opContinuation)
			if i == 0 {
				op = opText
			}
			payload := []byte(nil)
			if i == 0 {
				payload = []byte(`{"t":"move"}`)
			}
			out = append(out, servertest.ClientFrame(fin && i == n-1, op, payload)...)
		}
		return out
	}

	w := openRawWS(t, rs, 91, g.ID, "", nil)
	w.awaitText(`"t":"state"`)
	w.write(fragments(guards.MaxFragments, true)) // the most fragments a message may take
	w.awaitText("move needs")
	w.write(fragments(guards.MaxFragments+1, false))
	w.closedWith(1008, 3*time.Second)

	w = openRawWS(t, rs, 92, g.ID, "", nil)
	w.awaitText(`"t":"state"`)
	_, _ = w.c.Write(fragments(10_000, false)) // the server may close before all is sent
	w.closedWith(1008, 3*time.Second)
}

// TestFrameFloodClosed: frames that are no messages (unasked pongs here)
// count too: a burst under guards.FrameBurst leaves the connection open and
// heard, a flood of them closes it with 1008.
func TestFrameFloodClosed(t *testing.T) {
	rs := runServer(t, Config{})
	g := create(t, rs.s.Handler(), `{"mode":"local"}`)
	pong := servertest.ClientFrame(true, opPong, nil)

	w := openRawWS(t, rs, 93, g.ID, "", nil)
	w.awaitText(`"t":"state"`)
	w.write(bytes.Repeat(pong, guards.FrameBurst/2))
	w.write(servertest.ClientFrame(true, opText, []byte(`{"t":"move"}`)))
	w.awaitText("move needs")
	_, _ = w.c.Write(bytes.Repeat(pong, 4*guards.FrameBurst)) // the server may close before all is sent
	w.closedWith(1008, 3*time.Second)
}

// TestBinaryMessageRefused: the protocol is JSON text; a binary message
// closes the connection with 1003 (unsupported data).
func TestBinaryMessageRefused(t *testing.T) {
	rs := runServer(t, Config{})
	g := create(t, rs.s.Handler(), `{"mode":"local"}`)
	w := openRawWS(t, rs, 94, g.ID, "", nil)
	w.awaitText(`"t":"state"`)
	w.write(servertest.ClientFrame(true, opBinary, bytes.Repeat([]byte{0xff}, 100)))
	w.closedWith(1003, 3*time.Second)
}
