package guards

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// coder/websocket bounds a message by counting the bytes it reads
// (Conn.SetReadLimit), so a frame whose header declares a megabyte is read
// up to the limit before it is refused. The server refuses it earlier: the
// connection a WebSocket takes over is wrapped (frameGuard) so that every
// byte the client sends passes a scanner of frame headers, which fails the
// read as soon as a header declares more than maxMessage, before a byte
// of that payload reaches the library. readPump then closes with 1009.
//
// The guard bounds the frames as well as their size: a connection may send
// FrameBurst frames at once, then frameRate a second (pings, pongs and
// closes included), and a message may take at most MaxFragments data
// frames. Messages over the rate limit are dropped unread by the game, but
// the library still reads them; without a bound on frames a client could
// make the server read (and unmask) 2 KiB frames as fast as its line
// allows, or feed it empty fragments of a message that never ends. Over
// either bound the read fails as it does for a frame too large, and
// readPump closes with 1008 (policy violation).
//
// The numbers: a browser sends one frame a message (it does not fragment
// what it sends) and answers a ping every 10 s; a connection's messages
// are limited to 10 a second after a burst of 30 (round.MessageRate,
// MessageBurst), and the load test's players send a move per turn with a
// sync now and then. Over six times the message rate, and a burst of eight
// times the message burst, leave them far from the bound while capping what
// a connection makes the server read at 64 frames of 2 KiB a second.
const (
	frameRate    = 64  // a connection's frames a second, after...
	FrameBurst   = 256 // ...a burst of this many
	MaxFragments = 16  // data frames one message may take
)

// ErrFrameTooLarge fails every read of a connection once a client frame
// has declared a payload over the limit.
var ErrFrameTooLarge = errors.New("server: websocket frame over the message limit")

// ErrTooManyFrames fails every read of a connection once its client has
// sent frames faster than frameRate after a burst of FrameBurst.
var ErrTooManyFrames = errors.New("server: websocket frames over the rate limit")

// ErrTooManyFragments fails every read of a connection once a message has
// taken more than MaxFragments data frames.
var ErrTooManyFragments = errors.New("server: websocket message in too many fragments")

// frameScanner follows a client's byte stream frame by frame, reading each
// header (RFC 6455 section 5.2) and skipping its payload without looking
// at it. It checks the declared length, counts the frames against a token
// bucket as each begins, and counts the data frames of the message under
// way; everything else in a header (the order of opcodes, masking,
// reserved bits) is the library's to judge.
//
// The header: byte 0 holds FIN, RSV1-3 and the opcode; byte 1 the MASK bit
// and a 7-bit length, where 126 means a 16-bit length follows and 127 a
// 64-bit one (big-endian); then the 4-byte mask key when MASK is set.
type frameScanner struct {
	limit       int64            // the largest payload a frame may declare
	rate, burst float64          // frames a second after a burst (frameRate, FrameBurst)
	now         func() time.Time // the clock the frame Bucket reads

	off       int64    // bytes scanned so far
	skip      int64    // payload bytes left of the current frame
	hdr       [14]byte // the header being read
	n         int      // its bytes so far
	frames    Bucket   // the frames sent lately
	fragments int      // data frames of the message under way
	err       error    // sticky: the stream stopped at a frame over a bound

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

// newFrameScanner is the scanner of a client connection: payloads of at
// most limit bytes, frames at frameRate after FrameBurst, by the clock.
func newFrameScanner(limit int64) frameScanner {
	return frameScanner{limit: limit, rate: frameRate, burst: FrameBurst, now: time.Now}
}

// startFrame counts a frame whose first header byte is b0: against the
// frame bucket, and, if it carries data (a control frame's opcode has its
// high bit set), against the fragments of the message under way, which
// its FIN bit ends.
func (fs *frameScanner) startFrame(b0 byte) error {
	if !fs.frames.Allow(fs.now(), fs.rate, fs.burst) {
		return fmt.Errorf("%w: more than %g frames at once, then %g a second", ErrTooManyFrames, fs.burst, fs.rate)
	}
	if b0&0x08 != 0 {
		return nil
	}
	fs.fragments++
	if fs.fragments > MaxFragments {
		return fmt.Errorf("%w: at most %d", ErrTooManyFragments, MaxFragments)
	}
	if b0&0x80 != 0 {
		fs.fragments = 0
	}
	return nil
}

// scan passes p, the next bytes of the stream, through the scanner. It
// returns ErrFrameTooLarge (for good) as soon as a header declares a
// payload over the limit, or a length no frame may have, even before the
// rest of that header has arrived; ErrTooManyFrames or
// ErrTooManyFragments as soon as the first byte of a frame over those
// bounds has.
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
		if fs.n == 1 {
			if fs.err = fs.startFrame(fs.hdr[0]); fs.err != nil {
				break
			}
		}
		if !lengthKnown(fs.hdr[:], fs.n) {
			continue
		}
		length := declaredLength(fs.hdr[:])
		if length < 0 || length > fs.limit {
			fs.err = fmt.Errorf("%w: a frame of %d bytes, at most %d", ErrFrameTooLarge, uint64(length), fs.limit)
			break
		}
		if fs.n == headerSize(fs.hdr[1]) { // the header is whole: its payload follows
			fs.skip, fs.n = length, 0
		}
	}
	return fs.err
}

// frameGuard is a hijacked connection whose reads pass a frameScanner: a
// read that brings a frame over a bound fails (and so does every read
// after it), so the library never gets that frame's payload. Writes and
// everything else go to the connection as they are.
type frameGuard struct {
	net.Conn
	src  io.Reader // what net/http had buffered, then the connection
	scan frameScanner
}

// Read reads from the connection and scans what came. The bytes of a read
// that brings a frame over a bound are not handed on. Like the
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

// GuardedWriter is a ResponseWriter whose Hijack hands out the connection
// behind a frameGuard, for websocket.Accept: a frame over Limit, too many
// frames or fragments fail the read with ErrFrameTooLarge, ErrTooManyFrames
// or ErrTooManyFragments.
type GuardedWriter struct {
	http.ResponseWriter
	Limit int64 // the largest message, in bytes: a frame declaring more is refused
	// Conn, when not nil, is given the hijacked connection (behind its
	// guard), for its deadlines.
	Conn *net.Conn
}

// Unwrap gives http.ResponseController the ResponseWriter underneath.
func (w GuardedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack takes over the connection as http.Hijacker does, and puts a
// frameGuard in front of its reads. What net/http had already read past
// the request (a client may send its first frames at once) goes through
// the guard first.
func (w GuardedWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// Peek does not read from the connection when asked only for what is
	// buffered; the bytes are copied, as Reader's buffer is not ours.
	buffered, _ := brw.Reader.Peek(brw.Reader.Buffered())
	g := &frameGuard{Conn: conn, src: io.MultiReader(bytes.NewReader(bytes.Clone(buffered)), conn), scan: newFrameScanner(w.Limit)}
	if w.Conn != nil {
		*w.Conn = g
	}
	return g, bufio.NewReadWriter(bufio.NewReader(g), brw.Writer), nil
}
