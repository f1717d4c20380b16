// Package chesssetup reads what a player pastes to start a game on a chess
// board from (a FEN, or a PGN whose moves are played from its start), for
// every variant registered on that board. A pasted null move is refused: it
// is not a move in chess.
package chesssetup

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/game"
)

// ParsePGN reads the first game of a PGN text and returns its start
// position and mainline moves.
func ParsePGN(text string) (chess.Position, []chess.Move, error) {
	r := pgn.NewReader(strings.NewReader(text))
	var ml pgn.Mainline
	err := r.NextMainline(&ml)
	switch {
	case errors.Is(err, io.EOF):
		return chess.Position{}, nil, fmt.Errorf("%w: no game in the PGN", game.ErrBadSetup)
	case err != nil:
		return chess.Position{}, nil, fmt.Errorf("%w: PGN: %v", game.ErrBadSetup, err)
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
		return fmt.Errorf("%w: PGN: move %d%s --: a null move (a pass) is not a move in chess", game.ErrBadSetup, number, dots)
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
			return chess.Position{}, nil, fmt.Errorf("%w: FEN: %v", game.ErrBadSetup, err)
		}
		return p, nil, nil
	}
	return ParsePGN(text)
}

// IsChessFEN tells a FEN of a chess board from a PGN: eight ranks and no tag.
func IsChessFEN(text string) bool {
	return strings.Count(text, "/") == 7 && !strings.Contains(text, "[")
}

// Read reads a FEN or PGN into a start FEN and UCI moves: a game on a
// chess board's Spec.Setup.
func Read(text string) (string, []string, error) {
	start, moves, err := ParseSetup(text)
	if err != nil {
		return "", nil, err
	}
	fen := ""
	if start != chess.StartPosition() {
		fen = start.FEN()
	}
	return fen, UCIMoves(start, moves), nil
}

// UCIMoves writes moves, played from start, in UCI: Chess960 castling as
// the king's move onto its rook when start is a Chess960 position.
func UCIMoves(start chess.Position, moves []chess.Move) []string {
	out := make([]string, len(moves))
	p := start
	for i, m := range moves {
		out[i] = p.UCI(m)
		var next chess.Position
		p.MakeMove(m, &next)
		p = next
	}
	return out
}
