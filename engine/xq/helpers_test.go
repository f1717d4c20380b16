package xq

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

// mustFEN parses fen or fails the test.
func mustFEN(t testing.TB, fen string) xiangqi.Position {
	t.Helper()
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// mirrorFEN swaps the colours of a FEN: the board is turned upside down
// (rank order reversed), piece letters change case and the other side
// moves. Files keep their order, so a red move from f to t becomes a black
// move between the mirrored points.
func mirrorFEN(fen string) string {
	fields := strings.Fields(fen)
	ranks := strings.Split(fields[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	board := []byte(strings.Join(ranks, "/"))
	for i, c := range board {
		switch {
		case c >= 'a' && c <= 'z':
			board[i] = c - 'a' + 'A'
		case c >= 'A' && c <= 'Z':
			board[i] = c - 'A' + 'a'
		}
	}
	side := "b"
	if len(fields) > 1 && fields[1] == "b" {
		side = "w"
	}
	return string(board) + " " + side
}

// forcedMate reports whether the side to move can force mate (or
// stalemate, which also wins in xiangqi) within n moves: a plain
// exhaustive search, independent of the engine, to check test positions.
func forcedMate(p *xiangqi.Position, n int) bool {
	var ml xiangqi.MoveList
	p.GenerateLegal(&ml)
	for i := 0; i < ml.Len(); i++ {
		var c xiangqi.Position
		p.MakeMove(ml.At(i), &c)
		var replies xiangqi.MoveList
		c.GenerateLegal(&replies)
		if replies.Len() == 0 {
			return true
		}
		if n > 1 && allReplies(&c, &replies, n-1) {
			return true
		}
	}
	return false
}

func allReplies(p *xiangqi.Position, replies *xiangqi.MoveList, n int) bool {
	for j := 0; j < replies.Len(); j++ {
		var c xiangqi.Position
		p.MakeMove(replies.At(j), &c)
		if !forcedMate(&c, n) {
			return false
		}
	}
	return true
}
