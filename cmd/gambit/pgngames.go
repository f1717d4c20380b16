package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/internal/charset"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// pgnGame is one game of a PGN file in the registry's terms: its variant,
// its start as that variant's rules read FENs, and its moves in coordinate
// text.
type pgnGame struct {
	variant, start string
	moves          []string
}

// eachPGNGame calls each with the games of PGN text raw in order, numbered
// from 1: xiangqi's when its first header says so (GBK decoded), chess's
// otherwise (Chess960's when the start is one). A game the text or the
// rules refuse comes with its error, which names the ply or the line, and
// the reading goes on; each returns false to stop. The error returned is
// one that stopped the reading (not a game's: the reader's own).
func eachPGNGame(raw []byte, each func(n int, g pgnGame, err error) bool) error {
	if isXiangqiPGN(raw) {
		return eachXiangqiGame(raw, each)
	}
	return eachChessGame(raw, each)
}

// eachChessGame is eachPGNGame for chess's PGN.
func eachChessGame(raw []byte, each func(n int, g pgnGame, err error) bool) error {
	rd := pgn.NewReader(bytes.NewReader(raw))
	var ml pgn.Mainline
	for n := 1; ; n++ {
		err := rd.NextMainline(&ml)
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case err != nil && !errors.As(err, new(*pgn.Error)):
			return err // the reader's own: no game after it
		case err != nil:
			if !each(n, pgnGame{}, err) {
				return nil
			}
			continue
		}
		g, err := chessMoves(ml)
		if !each(n, g, err) {
			return nil
		}
	}
}

// chessMoves writes a chess mainline in the registry's terms.
func chessMoves(ml pgn.Mainline) (pgnGame, error) {
	g := chess.NewGameFrom(ml.Start)
	for i, m := range ml.Moves {
		if err := g.Push(m); err != nil {
			return pgnGame{}, fmt.Errorf("ply %d: %w", i+1, err)
		}
	}
	out := pgnGame{moves: make([]string, 0, len(ml.Moves))}
	ps := g.Positions()
	for i, m := range g.Moves() {
		out.moves = append(out.moves, ps[i].UCI(m))
	}
	out.variant, out.start = chessStart(ml.Start)
	return out, nil
}

// eachXiangqiGame is eachPGNGame for xiangqi's PGN (xqbase's, GBK).
func eachXiangqiGame(raw []byte, each func(n int, g pgnGame, err error) bool) error {
	data, _ := charset.Decode(raw, charset.GBK)
	games, err := xqpgn.ReadAll(bytes.NewReader(data))
	for i, rec := range games {
		g, gerr := xiangqiMoves(rec)
		if !each(i+1, g, gerr) {
			return nil
		}
	}
	return err
}

// xiangqiMoves writes a xiangqi game's mainline in the registry's terms.
func xiangqiMoves(rec *xqpgn.Game) (pgnGame, error) {
	start := rec.Start()
	g := xiangqi.NewGameFrom(start)
	for i, m := range rec.MainlineMoves() {
		if err := g.Push(m); err != nil {
			return pgnGame{}, fmt.Errorf("ply %d: %w", i+1, err)
		}
	}
	out := pgnGame{variant: variantXiangqi, start: start.FEN(), moves: make([]string, 0, g.Ply())}
	ps := g.Positions()
	for i, m := range g.Moves() {
		out.moves = append(out.moves, ps[i].UCI(m))
	}
	return out, nil
}
