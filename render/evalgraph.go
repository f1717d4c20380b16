package render

import (
	"fmt"
	"image/color"
)

// EvalPoint is one position of a game's eval graph: White's (Red's)
// winning percentage there (0-100), and the class of the move that led to
// it ("", "inaccuracy", "mistake" or "blunder"), marked by a dot.
type EvalPoint struct {
	Win  float64
	Mark string
}

// GraphOptions sizes an eval graph; Ply, when 1 or more, draws a line at
// that position (the one on the board).
type GraphOptions struct {
	Width, Height float64
	Ply           int
}

// The eval graph's colours: White's share light over Black's dark, as
// lichess's advantage chart; the marks in lichess's colours for its
// judgements (inaccuracy #56b4e9, mistake #e69f00, blunder #db3031).
var (
	graphBlack = color.NRGBA{0x3a, 0x38, 0x36, 0xff}
	graphWhite = color.NRGBA{0xf2, 0xf0, 0xec, 0xff}
	graphMid   = color.NRGBA{0x88, 0x88, 0x88, 0xff}
	graphLine  = color.NRGBA{0xd8, 0x6c, 0x00, 0xff}
	graphPly   = color.NRGBA{0x2b, 0x7c, 0xd3, 0xff}
	markPaint  = map[string]color.NRGBA{
		"inaccuracy": {0x56, 0xb4, 0xe9, 0xff},
		"mistake":    {0xe6, 0x9f, 0x00, 0xff},
		"blunder":    {0xdb, 0x30, 0x31, 0xff},
	}
)

// EvalGraph draws the eval graph of points (the start position first, at
// least two): x runs over the plies, y from Black winning (bottom) to
// White winning (top), the area under the curve is White's. Written out
// with WriteSVG or PNG like a board.
func EvalGraph(points []EvalPoint, o GraphOptions) (*Drawing, error) {
	if len(points) < 2 {
		return nil, fmt.Errorf("render: an eval graph needs two positions or more, got %d", len(points))
	}
	w, h := max(o.Width, 60), max(o.Height, 30)
	d := &Drawing{Width: w, Height: h}
	d.Add(Rect("graph-black", 0, 0, w, h, Fill(graphBlack)))
	x := func(i int) float64 { return float64(i) * w / float64(len(points)-1) }
	y := func(win float64) float64 { return h - min(max(win, 0), 100)/100*h }
	area, curve := &Path{}, &Path{}
	area.MoveTo(0, h)
	for i, p := range points {
		area.LineTo(x(i), y(p.Win))
		if i == 0 {
			curve.MoveTo(x(i), y(p.Win))
		} else {
			curve.LineTo(x(i), y(p.Win))
		}
	}
	area.LineTo(w, h)
	area.Close()
	d.Add(PathNode("graph-white", area, Fill(graphWhite)))
	d.Add(Line("graph-mid", 0, h/2, w, h/2, Stroke(graphMid, 1)))
	d.Add(PathNode("graph-curve", curve, Stroke(graphLine, 1.5)))
	if o.Ply > 0 && o.Ply < len(points) {
		d.Add(Line("graph-ply", x(o.Ply), 0, x(o.Ply), h, Stroke(graphPly, 1.5)))
	}
	r := min(max(h/40, 2.5), 5)
	for i, p := range points {
		if c, ok := markPaint[p.Mark]; ok {
			d.Add(Circle("graph-mark "+p.Mark, x(i), y(p.Win), r, Paint{Fill: c, Stroke: graphBlack, Width: 0.75}))
		}
	}
	return d, nil
}
