package server

import (
	"bytes"
	"testing"
	"time"
)

// Floods that stay within the size of a message: too many frames, a
// message that never ends. Each is read only so far, then the connection
// is closed.

const opPong = 0xA

// TestEndlessFragmentsClosed: a message may take maxFragments data frames
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
			out = append(out, clientFrame(fin && i == n-1, op, payload)...)
		}
		return out
	}

	w := openRawWS(t, rs, 91, g.ID, "", nil)
	w.awaitText(`"t":"state"`)
	w.write(fragments(maxFragments, true)) // the most fragments a message may take
	w.awaitText("move needs")
	w.write(fragments(maxFragments+1, false))
	w.closedWith(1008, 3*time.Second)

	w = openRawWS(t, rs, 92, g.ID, "", nil)
	w.awaitText(`"t":"state"`)
	_, _ = w.c.Write(fragments(10_000, false)) // the server may close before all is sent
	w.closedWith(1008, 3*time.Second)
}

// TestFrameFloodClosed: frames that are no messages (unasked pongs here)
// count too: a burst under frameBurst leaves the connection open and
// heard, a flood of them closes it with 1008.
func TestFrameFloodClosed(t *testing.T) {
	rs := runServer(t, Config{})
	g := create(t, rs.s.Handler(), `{"mode":"local"}`)
	pong := clientFrame(true, opPong, nil)

	w := openRawWS(t, rs, 93, g.ID, "", nil)
	w.awaitText(`"t":"state"`)
	w.write(bytes.Repeat(pong, frameBurst/2))
	w.write(clientFrame(true, opText, []byte(`{"t":"move"}`)))
	w.awaitText("move needs")
	_, _ = w.c.Write(bytes.Repeat(pong, 4*frameBurst)) // the server may close before all is sent
	w.closedWith(1008, 3*time.Second)
}
