package render

import (
	"image/color"
	"math"

	"github.com/gambitchess/gambit/xiangqi"
)

// board is the geometry shared by both games: a grid of cells whose
// centres hold the pieces (chess squares, xiangqi points).
type board struct {
	cell    float64 // distance between neighbouring centres
	x0, y0  float64 // centre of the top-left cell
	files   int     // files on the board, for flipping
	ranks   int     // ranks on the board, for flipping
	flipped bool
	script  xiangqi.Script // a xiangqi board's characters
	colors  Colors
	drawing *Drawing
}

// centre returns the centre of file f (0 = a), rank r (0 = the first rank).
func (b *board) centre(f, r int) Point {
	col, row := f, b.ranks-1-r
	if b.flipped {
		col, row = b.files-1-f, r
	}
	return Point{b.x0 + float64(col)*b.cell, b.y0 + float64(row)*b.cell}
}

// withAlpha returns c with alpha a.
func withAlpha(c color.NRGBA, a uint8) color.NRGBA {
	c.A = a
	return c
}

// arrow draws an arrow from a to b as one filled outline: the shaft, then
// the head, whose tip is at b. An arrow from a square to itself is a ring.
func (b *board) arrow(c MarkColor, from, to Point) Node {
	class := "arrow arrow-" + c.String()
	col := withAlpha(markColors[c], 204)
	dx, dy := to.X-from.X, to.Y-from.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return b.ring(class, from, markColors[c])
	}
	ux, uy := dx/l, dy/l
	nx, ny := -uy, ux
	hw, hh, hl := b.cell*0.08, b.cell*0.22, math.Min(b.cell*0.42, l)
	bx, by := to.X-ux*hl, to.Y-uy*hl
	p := Polygon(
		Point{from.X + nx*hw, from.Y + ny*hw},
		Point{bx + nx*hw, by + ny*hw},
		Point{bx + nx*hh, by + ny*hh},
		to,
		Point{bx - nx*hh, by - ny*hh},
		Point{bx - nx*hw, by - ny*hw},
		Point{from.X - nx*hw, from.Y - ny*hw},
	)
	return PathNode(class, p, Fill(col))
}

// ring draws a circle outline around a cell centre.
func (b *board) ring(class string, at Point, c color.NRGBA) Node {
	w := b.cell * 0.07
	return Circle(class, at.X, at.Y, b.cell/2-w/2-b.cell*0.02, Stroke(withAlpha(c, 230), w))
}

// squareMark draws a marked square ([%csl]) as a coloured ring.
func (b *board) squareMark(m SquareMark, at Point) Node {
	return b.ring("mark mark-"+m.Color.String(), at, markColors[m.Color])
}

// checkGlow highlights the king in check with a filled disc under it, of
// radius r cells: wider than a xiangqi disc, so that it shows around it.
func (b *board) checkGlow(at Point, r float64) Node {
	return Circle("check", at.X, at.Y, b.cell*r, Fill(withAlpha(b.colors.Check, 140)))
}

// squareMarks draws the marked squares ([%csl]) over the pieces, as
// lichess does, so that a mark on an occupied square shows.
func (b *board) squareMarks(marks []SquareMark, toPoint func(Coord) (Point, error)) error {
	for _, m := range marks {
		at, err := toPoint(m.Square)
		if err != nil {
			return &MarkError{"square", m.String(), err}
		}
		b.drawing.Add(b.squareMark(m, at))
	}
	return nil
}

// checkerMark rings a piece that gives check.
func (b *board) checkerMark(at Point) Node {
	return b.ring("checker", at, b.colors.Check)
}
