package guards

import (
	"bytes"
	"encoding/binary"
	"errors"
	"github.com/gambitchess/gambit/server/servertest"
	"slices"
	"testing"
	"time"
)

// WebSocket opcodes, as the tests send them.
const (
	opContinuation = 0x0
	opText         = 0x1
	opClose        = 0x8
	opPing         = 0x9
)

// maxMessage is the server's limit on a message, as the fuzz seeds use it.
const maxMessage = 2048

// referenceFrameStarts reads data as a whole, one frame after another,
// the plain way: where each frame starts, and where and why the first
// frame over a bound is refused (refusedAt -1 if none is). The frame
// numbered burst (from 0), and the data frame after MaxFragments of one
// message, are refused at their first byte; a frame that declares more
// than limit (or a length with the top bit set), just past its length
// field.
func referenceFrameStarts(data []byte, limit int64, burst int) (starts []int64, refusedAt int64, why error) {
	i, fragments := 0, 0
	for i < len(data) {
		starts = append(starts, int64(i))
		if len(starts) > burst {
			return starts, int64(i) + 1, ErrTooManyFrames
		}
		if op := data[i] & 0x0f; op < 8 {
			fragments++
			if fragments > MaxFragments {
				return starts, int64(i) + 1, ErrTooManyFragments
			}
			if data[i]&0x80 != 0 {
				fragments = 0
			}
		}
		if len(data)-i < 2 {
			break
		}
		masked, l7 := data[i+1]&0x80 != 0, int(data[i+1]&0x7f)
		pos := i + 2
		var length uint64
		switch l7 {
		case 126:
			if len(data)-pos < 2 {
				return starts, -1, nil
			}
			length = uint64(binary.BigEndian.Uint16(data[pos:]))
			pos += 2
		case 127:
			if len(data)-pos < 8 {
				return starts, -1, nil
			}
			length = binary.BigEndian.Uint64(data[pos:])
			pos += 8
		default:
			length = uint64(l7)
		}
		if length > uint64(limit) {
			return starts, int64(pos), ErrFrameTooLarge
		}
		if masked {
			pos += 4
		}
		i = pos + int(length)
	}
	return starts, -1, nil
}

// FuzzFrameScanner: the frame scanner, fed any bytes in pieces of any
// size, never panics and finds the frames where a plain reading of the
// whole finds them, refusing at the same byte for the same reason. Its
// clock stands still, so that the frame bucket holds burst frames and no
// more.
func FuzzFrameScanner(f *testing.F) {
	f.Add(servertest.ClientFrame(true, opText, []byte(`{"t":"resign"}`)), uint16(maxMessage), uint8(3), uint8(255))
	f.Add(append(servertest.FrameHeader(false, opText, 300, bytes.Repeat([]byte("a"), 300)), servertest.FrameHeader(true, opContinuation, 1<<20, nil)...),
		uint16(maxMessage), uint8(7), uint8(255))
	f.Add(servertest.FrameHeader(true, opText, -1, nil), uint16(125), uint8(1), uint8(255))
	f.Add([]byte{0x81, 0xfe, 0x08}, uint16(maxMessage), uint8(0), uint8(255))
	f.Add(bytes.Repeat(servertest.ClientFrame(false, opContinuation, nil), MaxFragments+1), uint16(maxMessage), uint8(5), uint8(255))
	f.Add(bytes.Repeat(servertest.ClientFrame(true, opPing, []byte("x")), 9), uint16(maxMessage), uint8(2), uint8(8))
	f.Fuzz(func(t *testing.T, data []byte, limit uint16, piece, burst uint8) {
		wantStarts, wantRefused, why := referenceFrameStarts(data, int64(limit), int(burst))
		var starts []int64
		still := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
		fs := frameScanner{limit: int64(limit), rate: 1, burst: float64(burst), now: func() time.Time { return still },
			onFrame: func(off int64) { starts = append(starts, off) }}
		size := int(piece%16) + 1
		var err error
		for p := data; len(p) > 0 && err == nil; {
			k := min(size, len(p))
			err = fs.scan(p[:k])
			p = p[k:]
		}
		if (err != nil) != (wantRefused >= 0) || err != nil && (fs.off != wantRefused || !errors.Is(err, why)) {
			t.Fatalf("refused %v at %d, want %v at %d", err, fs.off, why, wantRefused)
		}
		if !slices.Equal(starts, wantStarts) {
			t.Fatalf("frames start at %v, want %v", starts, wantStarts)
		}
	})
}
