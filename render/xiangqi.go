package render

import (
	"fmt"

	"github.com/gambitchess/gambit/xiangqi"
)

// Xiangqi draws a xiangqi position on its 9×10 points: the river with
// 楚河 漢界, the palaces' diagonals and the cannons' and soldiers' marks.
// It fails only on options that name points off the board.
func Xiangqi(p *xiangqi.Position, o Options) (*Drawing, error) {
	var checkers []xiangqi.Square
	if o.Check {
		checkers = XiangqiCheckers(p)
	}
	return drawXiangqi(p, checkers, o)
}

// xiangqiBoard is what a xiangqi drawing reads of a board: a position, or
// a placement that may hold face-down pieces.
type xiangqiBoard interface {
	PieceAt(s xiangqi.Square) xiangqi.Piece
	SideToMove() xiangqi.Color
	InCheck() bool
	KingSquare(c xiangqi.Color) xiangqi.Square
}

// faceDown is a board whose points may hold a piece face down, known only
// by its side: drawn as the back of a disc.
type faceDown interface {
	FaceDown(s xiangqi.Square) (xiangqi.Color, bool)
}

func drawXiangqi(p xiangqiBoard, checkers []xiangqi.Square, o Options) (*Drawing, error) {
	size := o.size()
	cols, rows, first := 9.0, 10.0, 0.5
	if o.Coordinates {
		cols, rows, first = 10, 11, 1
	}
	c := size / cols
	d := &Drawing{Width: size, Height: rows * c, CSS: o.CSS}
	b := &board{cell: c, x0: first * c, y0: first * c, files: 9, ranks: 10,
		flipped: o.Flipped, script: o.Script, colors: o.Colors.withDefaults(), drawing: d}
	d.Add(Rect("board", 0, 0, d.Width, d.Height, Fill(b.colors.Board)))
	b.xiangqiLines()
	b.river()
	if err := b.xiangqiOverlays(p, o); err != nil {
		return nil, err
	}
	b.xiangqiPieces(p)
	if err := b.squareMarks(o.Marks.Squares, b.xiangqiCentre); err != nil {
		return nil, err
	}
	for _, s := range checkers {
		d.Add(b.checkerMark(b.centre(s.File(), s.Rank())))
	}
	for _, a := range o.Marks.Arrows {
		from, err := b.xiangqiCentre(a.From)
		if err != nil {
			return nil, &MarkError{"arrow", a.String(), err}
		}
		to, err := b.xiangqiCentre(a.To)
		if err != nil {
			return nil, &MarkError{"arrow", a.String(), err}
		}
		d.Add(b.arrow(a.Color, from, to))
	}
	if o.Coordinates {
		b.xiangqiCoordinates(o.CoordStyle)
	}
	return d, nil
}

// xiangqiLines draws the grid, the frame, the palaces' diagonals and the
// marks on the cannons' and soldiers' points.
func (b *board) xiangqiLines() {
	c, d := b.cell, b.drawing
	ink := Stroke(b.colors.Line, c*0.03)
	ink.ButtCap = true
	grid := &Path{}
	line := func(f1, r1, f2, r2 int) {
		a, z := b.centre(f1, r1), b.centre(f2, r2)
		grid.MoveTo(a.X, a.Y)
		grid.LineTo(z.X, z.Y)
	}
	for r := 0; r < 10; r++ {
		line(0, r, 8, r)
	}
	for f := 0; f < 9; f++ {
		if f == 0 || f == 8 {
			line(f, 0, f, 9)
			continue
		}
		line(f, 0, f, 4)
		line(f, 5, f, 9)
	}
	line(3, 0, 5, 2)
	line(5, 0, 3, 2)
	line(3, 7, 5, 9)
	line(5, 7, 3, 9)
	d.Add(PathNode("lines", grid, ink))
	lo, hi := b.centre(0, 9), b.centre(8, 0)
	if b.flipped {
		lo, hi = hi, lo
	}
	g := c * 0.12
	d.Add(Rect("frame", lo.X-g, lo.Y-g, hi.X-lo.X+2*g, hi.Y-lo.Y+2*g, Stroke(b.colors.Line, c*0.06)))
	marks := &Path{}
	for _, pt := range [][2]int{{1, 2}, {7, 2}, {1, 7}, {7, 7}, {0, 3}, {2, 3}, {4, 3}, {6, 3}, {8, 3}, {0, 6}, {2, 6}, {4, 6}, {6, 6}, {8, 6}} {
		b.pointMark(marks, pt[0], pt[1])
	}
	d.Add(PathNode("points", marks, ink))
}

// pointMark adds the four corner brackets around a point (two on the edge files).
func (b *board) pointMark(p *Path, f, r int) {
	at := b.centre(f, r)
	gap, l := b.cell*0.08, b.cell*0.2
	for _, sx := range []float64{-1, 1} {
		if left := (sx < 0) != b.flipped; left && f == 0 || !left && f == 8 {
			continue
		}
		for _, sy := range []float64{-1, 1} {
			p.MoveTo(at.X+sx*(gap+l), at.Y+sy*gap)
			p.LineTo(at.X+sx*gap, at.Y+sy*gap)
			p.LineTo(at.X+sx*gap, at.Y+sy*(gap+l))
		}
	}
}

// river writes 楚河 and 漢界 (汉界 in simplified characters) across the
// river, upright whichever way the board is turned.
func (b *board) river() {
	text := "楚河漢界"
	if b.script == xiangqi.Simplified {
		text = "楚河汉界"
	}
	y := (b.centre(0, 4).Y + b.centre(0, 5).Y) / 2
	x := func(col float64) float64 { return b.x0 + col*b.cell }
	h := b.cell * 0.72
	for i, r := range []rune(text) {
		col := []float64{1.5, 2.5, 5.5, 6.5}[i]
		b.drawing.Add(b.glyph("river", r, x(col), y, h, b.colors.Line))
	}
}

func (b *board) xiangqiOverlays(p xiangqiBoard, o Options) error {
	d, c := b.drawing, b.cell
	if o.LastMove != "" {
		from, to, err := parseXiangqiMove(o.LastMove)
		if err != nil {
			return err
		}
		for _, s := range []xiangqi.Square{from, to} {
			at := b.centre(s.File(), s.Rank())
			d.Add(Rect("lastmove", at.X-c/2, at.Y-c/2, c, c, Fill(b.colors.LastMove)))
		}
	}
	if k := p.KingSquare(p.SideToMove()); o.Check && p.InCheck() && k != xiangqi.NoSquare {
		d.Add(b.checkGlow(b.centre(k.File(), k.Rank()), 0.56))
	}
	return nil
}

// xiangqiCentre is the centre of the point a mark names.
func (b *board) xiangqiCentre(c Coord) (Point, error) {
	s, err := xiangqiPoint(c)
	return b.centre(s.File(), s.Rank()), err
}

func (b *board) xiangqiPieces(p xiangqiBoard) {
	down, _ := p.(faceDown)
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		at := b.centre(s.File(), s.Rank())
		if down != nil {
			if c, ok := down.FaceDown(s); ok {
				b.drawing.Add(b.xiangqiBack(c, at))
				continue
			}
		}
		if pc := p.PieceAt(s); pc != xiangqi.NoPiece {
			b.drawing.Add(b.xiangqiPiece(pc, at))
		}
	}
}

// xiangqiBack draws a face-down piece of side c on the point at: the disc
// in the side's colour, its rim in the disc's, and no character.
func (b *board) xiangqiBack(c xiangqi.Color, at Point) Node {
	r := b.cell
	ink := b.colors.Red
	if c == xiangqi.Black {
		ink = b.colors.Black
	}
	return Group("piece "+c.String()+" face-down", 0, 0, 1,
		Circle("disc", at.X, at.Y, r*0.45, Paint{Fill: ink, Stroke: ink, Width: r * 0.04}),
		Circle("rim", at.X, at.Y, r*0.37, Stroke(b.colors.Disc, r*0.02)),
		Circle("rim", at.X, at.Y, r*0.2, Stroke(b.colors.Disc, r*0.02)))
}

// xiangqiPiece draws piece pc on the point at: a disc with a rim and the
// piece's character, red or black.
func (b *board) xiangqiPiece(pc xiangqi.Piece, at Point) Node {
	c := b.cell
	ink := b.colors.Red
	if pc.Color() == xiangqi.Black {
		ink = b.colors.Black
	}
	r := []rune(pc.HanziIn(b.script))[0]
	return Group("piece "+pc.Color().String()+" "+pc.Type().String(), 0, 0, 1,
		Circle("disc", at.X, at.Y, c*0.45, Paint{Fill: b.colors.Disc, Stroke: ink, Width: c * 0.04}),
		Circle("rim", at.X, at.Y, c*0.37, Stroke(ink, c*0.02)),
		b.glyph("", r, at.X, at.Y, c*0.56, ink))
}

// traditionalNumerals are Red's file numbers, 一 for Red's rightmost file.
var traditionalNumerals = []rune("一二三四五六七八九")

func (b *board) xiangqiCoordinates(style CoordStyle) {
	c, col := b.cell, b.colors.Line
	h := c * 0.38
	top, bottom := b.y0-c*0.74, b.y0+9*c+c*0.74
	for f := 0; f < 9; f++ {
		x := b.centre(f, 0).X
		if style == CoordICCS {
			b.drawing.Add(b.glyph("coord file", rune('a'+f), x, bottom, h, col))
			continue
		}
		red, black := traditionalNumerals[8-f], rune('1'+f)
		ry, by := bottom, top
		if b.flipped {
			ry, by = top, bottom
		}
		b.drawing.Add(b.glyph("coord file red", red, x, ry, h*0.9, col))
		b.drawing.Add(b.glyph("coord file black", black, x, by, h, col))
	}
	if style == CoordICCS {
		for r := 0; r < 10; r++ {
			b.drawing.Add(b.glyph("coord rank", rune('0'+r), b.x0-c*0.74, b.centre(0, r).Y, h, col))
		}
	}
}

// xiangqiPoint converts a mark's coordinate to a xiangqi point.
func xiangqiPoint(c Coord) (xiangqi.Square, error) {
	if c.File > 8 || c.Digit > 9 {
		return 0, fmt.Errorf("%w: %s is not a xiangqi point", ErrMark, c)
	}
	return xiangqi.NewSquare(int(c.File), int(c.Digit)), nil
}

// parseXiangqiMove reads the points of an ICCS move such as "h2e2".
func parseXiangqiMove(s string) (from, to xiangqi.Square, err error) {
	if len(s) != 4 {
		return 0, 0, fmt.Errorf("render: last move %q: want ICCS text like h2e2", s)
	}
	a, err1 := parseCoord(s[:2])
	z, err2 := parseCoord(s[2:])
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("render: last move %q: want ICCS text like h2e2", s)
	}
	return xiangqi.NewSquare(int(a.File), int(a.Digit)), xiangqi.NewSquare(int(z.File), int(z.Digit)), nil
}
