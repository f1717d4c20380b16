package server

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
)

// coder/websocket bounds a message by counting the bytes it reads
// (Conn.SetReadLimit), so a frame whose header declares a megabyte is read
// up to the limit before it is refused. The server refuses it earlier: the
// connection a WebSocket takes over is wrapped (frameGuard) so that every
// byte the client sends passes a scanner of frame headers, which fails the
// read as soon as a header declares more than maxMessage, before a byte
// of that payload reaches the library. readPump then closes with 1009.

// errFrameTooLarge fails every read of a connection once a client frame
// has declared a payload over the limit.
var errFrameTooLarge = errors.New("server: websocket frame over the message limit")

// frameScanner follows a client's byte stream frame by frame, reading each
// header (RFC 6455 section 5.2) and skipping its payload without looking
// at it. It checks only the declared length; everything else in a header
// (opcodes, masking, reserved bits) is the library's to judge.
//
// The header: byte 0 holds FIN, RSV1-3 and the opcode; byte 1 the MASK bit
// and a 7-bit length, where 126 means a 16-bit length follows and 127 a
// 64-bit one (big-endian); then the 4-byte mask key when MASK is set.
type frameScanner struct {
	limit int64 // the largest payload a frame may declare

	off  int64    // bytes scanned so far
	skip int64    // payload bytes left of the current frame
	hdr  [14]byte // the header being read
	n    int      // its bytes so far
	err  error    // sticky: the stream stopped at a frame over the limit

	onFrame func(off int64) // if set, told where each frame starts (for tests)
}

// headerSize is the length of a header whose second byte is b1: 2, plus
// the extended length, plus the mask key.
func headerSize(b1 byte) int {
	size := 2
	switch b1 & 0x7f {
	case 126:
		size += 2
	case 127:
		size += 8
	}
	if b1&0x80 != 0 {
		size += 4
	}
	return size
}

// declaredLength is the payload length of the header in h, which holds
// at least its length fields; a 64-bit length with its top bit set (which
// RFC 6455 forbids) comes back negative.
func declaredLength(h []byte) int64 {
	switch n := h[1] & 0x7f; n {
	case 126:
		return int64(h[2])<<8 | int64(h[3])
	case 127:
		var v uint64
		for _, b := range h[2:10] {
			v = v<<8 | uint64(b)
		}
		return int64(v)
	default:
		return int64(n)
	}
}

// lengthKnown reports whether a header's first n bytes hold its length.
func lengthKnown(h []byte, n int) bool {
	if n < 2 {
		return false
	}
	switch h[1] & 0x7f {
	case 126:
		return n >= 4
	case 127:
		return n >= 10
	}
	return true
}

// scan passes p, the next bytes of the stream, through the scanner. It
// returns errFrameTooLarge (for good) as soon as a header declares a
// payload over the limit, or a length no frame may have, even before the
// rest of that header has arrived.
func (fs *frameScanner) scan(p []byte) error {
	for len(p) > 0 && fs.err == nil {
		if fs.skip > 0 { // inside a payload: skip as much of it as p holds
			k := int64(len(p))
			if k > fs.skip {
				k = fs.skip
			}
			fs.skip -= k
			fs.off += k
			p = p[k:]
			continue
		}
		if fs.n == 0 && fs.onFrame != nil {
			fs.onFrame(fs.off)
		}
		fs.hdr[fs.n] = p[0]
		fs.n++
		fs.off++
		p = p[1:]
		if !lengthKnown(fs.hdr[:], fs.n) {
			continue
		}
		length := declaredLength(fs.hdr[:])
		if length < 0 || length > fs.limit {
			fs.err = fmt.Errorf("%w: a frame of %d bytes, at most %d", errFrameTooLarge, uint64(length), fs.limit)
			break
		}
		if fs.n == headerSize(fs.hdr[1]) { // the header is whole: its payload follows
			fs.skip, fs.n = length, 0
		}
	}
	return fs.err
}

// frameGuard is a hijacked connection whose reads pass a frameScanner: a
// read that brings a header over the limit fails (and so does every read
// after it), so the library never gets that frame's payload. Writes and
// everything else go to the connection as they are.
type frameGuard struct {
	net.Conn
	src  io.Reader // what net/http had buffered, then the connection
	scan frameScanner
}

// Read reads from the connection and scans what came. The bytes of a read
// that brings a header over the limit are not handed on. Like the
// bufio.Reader the library reads it through, it is not for concurrent
// use: the library reads under its own lock.
func (g *frameGuard) Read(p []byte) (int, error) {
	if g.scan.err != nil {
		return 0, g.scan.err
	}
	n, err := g.src.Read(p)
	if serr := g.scan.scan(p[:n]); serr != nil {
		return 0, serr
	}
	return n, err
}

// guardedWriter is a ResponseWriter whose Hijack hands out the connection
// behind a frameGuard, for websocket.Accept.
type guardedWriter struct {
	http.ResponseWriter
	limit int64
}

// Unwrap gives http.ResponseController the ResponseWriter underneath.
func (w guardedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack takes over the connection as http.Hijacker does, and puts a
// frameGuard in front of its reads. What net/http had already read past
// the request (a client may send its first frames at once) goes through
// the guard first.
func (w guardedWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// Peek does not read from the connection when asked only for what is
	// buffered; the bytes are copied, as Reader's buffer is not ours.
	buffered, _ := brw.Reader.Peek(brw.Reader.Buffered())
	g := &frameGuard{Conn: conn, src: io.MultiReader(bytes.NewReader(bytes.Clone(buffered)), conn), scan: frameScanner{limit: w.limit}}
	return g, bufio.NewReadWriter(bufio.NewReader(g), brw.Writer), nil
}
