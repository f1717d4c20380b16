// Package servertest holds what the tests of the server's packages share:
// WebSocket frames written by hand, games played to a given length, a
// Polyglot book and the NDJSON streams read.
// Only tests import it.
package servertest

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/review"
)

// ClientFrame is one masked client frame with the given payload.
func ClientFrame(fin bool, op byte, payload []byte) []byte {
	return FrameHeader(fin, op, int64(len(payload)), append([]byte(nil), payload...))
}

// FrameHeader is a masked frame's header declaring length, followed by
// payload (which may be shorter than length: a lie), masked.
func FrameHeader(fin bool, op byte, length int64, payload []byte) []byte {
	b0 := op
	if fin {
		b0 |= 0x80
	}
	out := []byte{b0}
	switch {
	case length >= 0 && length < 126:
		out = append(out, 0x80|byte(length))
	case length >= 0 && length <= 0xffff:
		out = append(out, 0x80|126)
		out = binary.BigEndian.AppendUint16(out, uint16(length))
	default:
		out = append(out, 0x80|127)
		out = binary.BigEndian.AppendUint64(out, uint64(length))
	}
	key := [4]byte{0x37, 0xfa, 0x21, 0x3d}
	out = append(out, key[:]...)
	for i, b := range payload {
		out = append(out, b^key[i%4])
	}
	return out
}

// PlayedGame is a chess game of up to plies plies, each move the first
// legal one in a fixed order that shifts with the ply, so that the pieces
// wander; it stops early if the game ends.
func PlayedGame(tb testing.TB, plies int) *game.Game {
	tb.Helper()
	me := game.Seat{Kind: game.SeatHuman, Player: "p"}
	g, err := game.New(game.Options{ID: "bench", Mode: game.ModeLocal, Seats: [2]game.Seat{me, me}})
	if err != nil {
		tb.Fatal(err)
	}
	for ply := 0; ply < plies && !g.Status().Finished(); ply++ {
		var moves []string
		for from, tos := range g.DestsFor(game.Viewer{Seats: [2]bool{true, true}}) {
			for _, to := range tos {
				moves = append(moves, from+to)
			}
		}
		slices.Sort(moves)
		u := moves[(ply*7)%len(moves)]
		if _, err := g.Move(g.Turn(), u); err != nil { // a promotion: dests name the squares only
			if _, err := g.Move(g.Turn(), u+"q"); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return g
}

// ReviewGame is a game of variant v after moves (coordinate text, spaced),
// under review.
func ReviewGame(tb testing.TB, v game.Variant, moves string) *review.Game {
	tb.Helper()
	g, err := game.New(game.Options{ID: "r" + string(v), Variant: v, MoveText: strings.Fields(moves)})
	if err != nil {
		tb.Fatal(err)
	}
	rg, err := review.Open(g)
	if err != nil {
		tb.Fatal(err)
	}
	return rg
}
