package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/charset"
	"github.com/gambitchess/gambit/render"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// pgnFrames draws every position of game n (1-based) of a PGN file's
// mainline, the start first: each with its move as the last move and the
// move comment's [%csl]/[%cal] marks. o is the drawing's base options.
func pgnFrames(variant, file string, n int, o render.Options) ([]*render.Drawing, error) {
	board, _, err := boardOf(variant)
	if err != nil {
		return nil, fmt.Errorf("render: --variant: %w", errors.Unwrap(err))
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("render: --pgn: %w", err)
	}
	defer f.Close()
	if board == game.BoardXiangqi {
		return xiangqiFrames(f, file, n, o)
	}
	return chessFrames(f, file, n, o)
}

func chessFrames(r io.Reader, file string, n int, o render.Options) ([]*render.Drawing, error) {
	rd := pgn.NewReader(r)
	var g *pgn.Game
	for i := 1; i <= n; i++ {
		var err error
		g, err = rd.Next()
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("render: --game: %s has %d game(s), not %d", file, i-1, n)
		}
		if err != nil && i == n {
			return nil, fmt.Errorf("render: --pgn: %s:%w", file, err)
		}
		if err != nil {
			var pe *pgn.Error
			if !errors.As(err, &pe) {
				return nil, fmt.Errorf("render: --pgn: %s: %w", file, err)
			}
		}
	}
	start := g.Start()
	frames := []*render.Drawing{}
	d, err := render.Chess(&start, o)
	if err != nil {
		return nil, err
	}
	frames = append(frames, d)
	for node := range g.Mainline() {
		p := node.Position()
		fo := o
		fo.LastMove = node.Move.From().String() + node.Move.To().String()
		fo.Marks = chessMarks(node)
		d, err := render.Chess(&p, fo)
		if err != nil {
			return nil, fmt.Errorf("render: --pgn: %s: ply %d: %w", file, node.Ply(), err)
		}
		frames = append(frames, d)
	}
	return frames, nil
}

// chessMarks converts the marks chess/pgn read from a move's comment.
func chessMarks(node *pgn.Node) render.Marks {
	var m render.Marks
	coord := func(s chess.Square) render.Coord {
		return render.Coord{File: byte(s.File()), Digit: byte(s.Rank()) + 1}
	}
	color := func(c byte) render.MarkColor {
		for i, l := range "GRYB" {
			if byte(l) == c {
				return render.MarkColor(i)
			}
		}
		return render.Green
	}
	for _, s := range node.Squares {
		m.Squares = append(m.Squares, render.SquareMark{Color: color(s.Color), Square: coord(s.From)})
	}
	for _, a := range node.Arrows {
		m.Arrows = append(m.Arrows, render.Arrow{Color: color(a.Color), From: coord(a.From), To: coord(a.To)})
	}
	return m
}

func xiangqiFrames(r io.Reader, file string, n int, o render.Options) ([]*render.Drawing, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("render: --pgn: %w", err)
	}
	data, _ := charset.Decode(raw, charset.GBK) // xiangqi files are often GBK, as gambit pgn reads them
	games, err := xqpgn.ReadAll(bytes.NewReader(data))
	if err != nil && len(games) < n {
		return nil, fmt.Errorf("render: --pgn: %s: %w", file, err)
	}
	if len(games) < n {
		return nil, fmt.Errorf("render: --game: %s has %d game(s), not %d", file, len(games), n)
	}
	g := games[n-1]
	start := g.Start()
	d, err := render.Xiangqi(&start, o)
	if err != nil {
		return nil, err
	}
	frames := []*render.Drawing{d}
	ply := 0
	for node := range g.Mainline() {
		ply++
		p := node.Position()
		fo := o
		fo.LastMove = node.Move.From().String() + node.Move.To().String()
		if m, err := render.ParseMarks(node.Comment); err == nil {
			fo.Marks = m // a comment's other text may look like a bad mark: then no marks
		}
		d, err := render.Xiangqi(&p, fo)
		if err != nil {
			return nil, fmt.Errorf("render: --pgn: %s: ply %d: %w", file, ply, err)
		}
		frames = append(frames, d)
	}
	return frames, nil
}
