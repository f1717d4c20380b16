package game

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// PGN returns the game in PGN export format: for chess and Chess960, written
// by package chess/pgn (the seven-tag roster, SetUp and FEN for a set
// position, Variant for Chess960, TimeControl and Termination); for xiangqi, xqbase-style PGN in Chinese
// notation with Red and Black tags.
func (g *Game) PGN() string { return g.rules.PGN(g.pgnHeader()) }

// pgnHeader is what the PGN export says of the game besides its moves.
func (g *Game) pgnHeader() PGNHeader {
	o := g.Outcome()
	h := PGNHeader{Event: "Gambit " + string(g.Mode()) + " game", Date: g.CreatedAt().UTC().Format("2006.01.02"),
		White: g.playerName(chess.White), Black: g.playerName(chess.Black), Result: g.Result(), Termination: o.Termination, Over: g.status.Finished()}
	if g.spec.Name != Chess {
		h.Event = "Gambit " + string(g.Mode()) + " " + string(g.spec.Name) + " game"
	}
	if k := g.clock; k != nil {
		h.TimeControl = fmt.Sprintf("%d+%d", int(k.Initial.Seconds()), int(k.Increment.Seconds()))
	}
	return h
}

// playerName names the player of colour c for the PGN header.
func (g *Game) playerName(c chess.Color) string {
	s := g.seats[c]
	switch {
	case s.Name != "":
		return s.Name
	case s.Kind == SeatBot:
		return "Gambit " + s.Level
	}
	return "?"
}

// ParsePGN reads the first game of a PGN text and returns its start
// position and mainline moves.
func ParsePGN(text string) (chess.Position, []chess.Move, error) {
	r := pgn.NewReader(strings.NewReader(text))
	var ml pgn.Mainline
	err := r.NextMainline(&ml)
	switch {
	case errors.Is(err, io.EOF):
		return chess.Position{}, nil, fmt.Errorf("%w: no game in the PGN", ErrBadSetup)
	case err != nil:
		return chess.Position{}, nil, fmt.Errorf("%w: PGN: %v", ErrBadSetup, err)
	}
	if err := refuseNullMoves(ml.Start, ml.Moves); err != nil {
		return chess.Position{}, nil, err
	}
	return ml.Start, append([]chess.Move(nil), ml.Moves...), nil
}

// refuseNullMoves names the first null move (PGN's "--" or "Z0", a pass)
// in moves played from start: package chess/pgn reads them, as analysis
// files use them, but no game of chess may start from a record with one.
func refuseNullMoves(start chess.Position, moves []chess.Move) error {
	for i, m := range moves {
		if m != chess.MoveNull {
			continue
		}
		ply := i
		if start.SideToMove() == chess.Black {
			ply++
		}
		number := start.FullmoveNumber() + ply/2
		dots := "."
		if ply%2 == 1 {
			dots = "..."
		}
		return fmt.Errorf("%w: PGN: move %d%s --: a null move (a pass) is not a move in chess", ErrBadSetup, number, dots)
	}
	return nil
}

// ParseSetup reads a FEN or, failing that, a PGN, into a start position and moves.
func ParseSetup(text string) (chess.Position, []chess.Move, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return chess.StartPosition(), nil, nil
	}
	if IsChessFEN(text) {
		p, err := chess.ParseFEN(text)
		if err != nil {
			return chess.Position{}, nil, fmt.Errorf("%w: FEN: %v", ErrBadSetup, err)
		}
		return p, nil, nil
	}
	return ParsePGN(text)
}

// IsChessFEN tells a FEN of a chess board from a PGN: eight ranks and no tag.
func IsChessFEN(text string) bool {
	return strings.Count(text, "/") == 7 && !strings.Contains(text, "[")
}

// ParseXiangqiSetup reads a xiangqi FEN or, failing that, a xiangqi PGN (in
// any of its notations) into a start FEN and ICCS moves.
func ParseXiangqiSetup(text string) (start string, moves []string, err error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", nil, nil
	}
	if strings.Count(text, "/") == 9 && !strings.Contains(text, "[") {
		p, err := xiangqi.ParseFEN(text)
		if err != nil {
			return "", nil, fmt.Errorf("%w: xiangqi FEN: %v", ErrBadSetup, err)
		}
		return p.FEN(), nil, nil
	}
	games, err := xqpgn.ReadAll(strings.NewReader(text))
	switch {
	case err != nil:
		return "", nil, fmt.Errorf("%w: xiangqi PGN: %v", ErrBadSetup, err)
	case len(games) == 0:
		return "", nil, fmt.Errorf("%w: no game in the PGN", ErrBadSetup)
	}
	first := games[0].Start()
	start = first.FEN()
	for n := range games[0].Mainline() {
		before := n.Parent.Position()
		moves = append(moves, before.UCI(n.Move))
	}
	return start, moves, nil
}
