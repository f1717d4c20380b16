package viewer

import (
	"fmt"
	"strconv"
	"strings"
)

// Step is one move of a game given position by position (FromSteps).
type Step struct {
	// UCI is the move's coordinates ("e2e4", "e7e8q"; xiangqi's ICCS
	// "h2e2"): the squares the list highlights. "0000" or "" for a pass.
	UCI string
	// FEN is the position after the move, as the program that played it
	// wrote it: face-down pieces as X and x.
	FEN string
	// Text is the move in each notation: NotationSAN for chess and a
	// board of discs; NotationChinese (traditional characters),
	// NotationWXF and NotationICCS for xiangqi.
	Text map[string]string
}

// FromSteps makes a game of the variants whose rules are not the board's
// own (hidden pieces, several moves a turn, a board an event changes),
// which the PGN readers of FromPGN cannot replay: a face-down piece, a
// blast, a turn of three moves. The page knows no rules and only shows positions, so a record
// that carries every position, as Gambit's does, shows as it was played.
// v is the board (Chess, Xiangqi or Discs), start the FEN of the start
// position.
// A move's number and side are read from the FEN before it (its side to
// move and move number); a move by the side that made the one before it
// (a variant of several moves a turn) continues that turn, and the list
// writes no number before it. Chinese notation is given in traditional characters and written in
// the page's script by Write.
func FromSteps(v Board, tags []Tag, result, start string, steps []Step) (Game, error) {
	if v != Chess && v != Xiangqi && v != Discs {
		return Game{}, fmt.Errorf("%w %q (want %q, %q or %q)", ErrVariant, v, Chess, Xiangqi, Discs)
	}
	if result == "" {
		result = "*"
	}
	g := Game{Variant: v, Tags: tags, Result: result, positional: true, Nodes: make([]Node, 0, len(steps)+1)}
	g.Nodes = append(g.Nodes, Node{Parent: -1, Children: []int{}, FEN: start})
	for i, st := range steps {
		before := g.Nodes[i].FEN
		side, number, err := turnOf(before)
		if err != nil {
			return Game{}, fmt.Errorf("viewer: move %d: the position before it: %w", i+1, err)
		}
		n := Node{Parent: i, Children: []int{}, FEN: st.FEN, Number: number, Second: side == 'b', Text: st.Text}
		n.Continues = i > 0 && g.Nodes[i].Second == n.Second
		if u := st.UCI; u != "" && u != "0000" && len(u) >= 4 {
			n.From, n.To = u[0:2], u[2:4]
		}
		g.Nodes[i].Children = []int{i + 1}
		g.Nodes = append(g.Nodes, n)
	}
	return g, nil
}

// turnOf reads a FEN's side to move ('w' or 'b'; xiangqi's Red 'r' is 'w')
// and move number.
func turnOf(fen string) (byte, int, error) {
	f := strings.Fields(fen)
	if len(f) < 2 || len(f[1]) != 1 || !strings.Contains("wbr", f[1]) {
		return 0, 0, fmt.Errorf("no side to move in %q", fen)
	}
	side := f[1][0]
	if side == 'r' {
		side = 'w'
	}
	number := 1
	if len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			number = n
		}
	}
	return side, number, nil
}
