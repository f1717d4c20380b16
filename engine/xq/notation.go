package xq

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/xiangqi"
)

// FormatFairy writes m as Fairy-Stockfish's UCI does for xiangqi: files a-i
// as in ICCS but ranks 1-10 instead of 0-9, so ICCS "h2e2" is "h3e3" and
// "a9a8" is "a10a9". MoveNone is "0000". (xiangqi.Position.UCI writes the
// ICCS form, ranks 0-9, as Pikafish's UCI does.)
func FormatFairy(m xiangqi.Move) string {
	if m == xiangqi.MoveNone {
		return "0000"
	}
	return uciSquare(m.From()) + uciSquare(m.To())
}

func uciSquare(s xiangqi.Square) string {
	return string(rune('a'+s.File())) + strconv.Itoa(s.Rank()+1)
}

// ParseFairy reads a move in the UCI convention of FormatFairy ("h3e3",
// "a10a9") and checks that it is legal in p. The error is a
// *xiangqi.MoveError wrapping xiangqi.ErrInvalidMove or
// xiangqi.ErrIllegalMove.
func ParseFairy(p *xiangqi.Position, s string) (xiangqi.Move, error) {
	t := strings.TrimSpace(s)
	from, rest, ok1 := parseUCISquare(t)
	to, rest, ok2 := parseUCISquare(rest)
	if !ok1 || !ok2 || rest != "" {
		return xiangqi.MoveNone, &xiangqi.MoveError{Move: s, Err: xiangqi.ErrInvalidMove}
	}
	m := xiangqi.NewMove(from, to)
	if !p.IsLegal(m) {
		return xiangqi.MoveNone, &xiangqi.MoveError{Move: s, Err: xiangqi.ErrIllegalMove}
	}
	return m, nil
}

// parseUCISquare reads a file letter and a rank 1-10 from the start of s.
func parseUCISquare(s string) (xiangqi.Square, string, bool) {
	if len(s) < 2 {
		return xiangqi.NoSquare, s, false
	}
	f := int(s[0]|0x20) - 'a'
	n := 1
	if len(s) >= 3 && s[1] == '1' && s[2] == '0' {
		n = 2
	}
	r, err := strconv.Atoi(s[1 : 1+n])
	if err != nil || f < 0 || f >= xiangqi.NumFiles || r < 1 || r > xiangqi.NumRanks {
		return xiangqi.NoSquare, s, false
	}
	return xiangqi.NewSquare(f, r-1), s[1+n:], true
}

// FairyToICCS converts Fairy-Stockfish move text ("h3e3") to ICCS ("h2e2") without a
// position, for logs and protocol adapters. It reports false for text
// that is not a move.
func FairyToICCS(s string) (string, bool) {
	from, rest, ok1 := parseUCISquare(strings.TrimSpace(s))
	to, rest, ok2 := parseUCISquare(rest)
	if !ok1 || !ok2 || rest != "" {
		return "", false
	}
	return xiangqi.NewMove(from, to).String(), true
}

// UCIVariant is the UCI_Variant name of xiangqi in Fairy-Stockfish.
const UCIVariant = "xiangqi"

// GameFromUCI builds the game of a UCI "position" command: fen is
// "startpos" or a FEN (Fairy-Stockfish writes xiangqi FENs in the form
// xiangqi.ParseFEN reads), moves are in the UCI convention of ParseFairy. The
// result is ready for (*Engine).SearchGame.
func GameFromUCI(fen string, moves []string) (*xiangqi.Game, error) {
	var g *xiangqi.Game
	if fen == "startpos" {
		g = xiangqi.NewGame()
	} else {
		var err error
		if g, err = xiangqi.NewGameFromFEN(fen); err != nil {
			return nil, fmt.Errorf("xq: position: %w", err)
		}
	}
	for i, s := range moves {
		pos := g.Position()
		m, err := ParseFairy(&pos, s)
		if err != nil {
			return nil, fmt.Errorf("xq: position: move %d: %w", i+1, err)
		}
		if err := g.Push(m); err != nil {
			return nil, fmt.Errorf("xq: position: move %d: %w", i+1, err)
		}
	}
	return g, nil
}
