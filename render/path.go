package render

import (
	"fmt"
	"math"
	"strconv"
)

// Point is a position in drawing units (pixels at scale 1), y pointing down.
type Point struct{ X, Y float64 }

// Op is a path command.
type Op uint8

// Path commands; each takes 1 (MoveTo, LineTo), 2 (QuadTo), 3 (CubicTo) or
// 0 (Close) points.
const (
	MoveTo Op = iota
	LineTo
	QuadTo
	CubicTo
	Close
)

// opPoints is the number of points each Op takes.
var opPoints = [...]int{MoveTo: 1, LineTo: 1, QuadTo: 2, CubicTo: 3, Close: 0}

// opLetters are the SVG path letters of each Op.
const opLetters = "MLQCZ"

// Path is a sequence of subpaths in absolute coordinates: Ops, and for each
// op its points, in order, in Pts.
type Path struct {
	Ops []Op
	Pts []Point
}

// MoveTo starts a new subpath at (x, y).
func (p *Path) MoveTo(x, y float64) { p.add(MoveTo, Point{x, y}) }

// LineTo adds a straight line to (x, y).
func (p *Path) LineTo(x, y float64) { p.add(LineTo, Point{x, y}) }

// QuadTo adds a quadratic Bézier curve with control point (cx, cy) to (x, y).
func (p *Path) QuadTo(cx, cy, x, y float64) { p.add(QuadTo, Point{cx, cy}, Point{x, y}) }

// CubicTo adds a cubic Bézier curve with control points (c1x, c1y) and
// (c2x, c2y) to (x, y).
func (p *Path) CubicTo(c1x, c1y, c2x, c2y, x, y float64) {
	p.add(CubicTo, Point{c1x, c1y}, Point{c2x, c2y}, Point{x, y})
}

// Close closes the current subpath with a line back to its start.
func (p *Path) Close() { p.Ops = append(p.Ops, Close) }

func (p *Path) add(op Op, pts ...Point) {
	p.Ops = append(p.Ops, op)
	p.Pts = append(p.Pts, pts...)
}

// Polygon returns the closed path through pts.
func Polygon(pts ...Point) *Path {
	p := &Path{}
	for i, q := range pts {
		if i == 0 {
			p.MoveTo(q.X, q.Y)
		} else {
			p.LineTo(q.X, q.Y)
		}
	}
	p.Close()
	return p
}

// bounds returns the box around the path's points, control points included.
func (p *Path) bounds() (lo, hi Point) {
	lo, hi = Point{math.Inf(1), math.Inf(1)}, Point{math.Inf(-1), math.Inf(-1)}
	for _, q := range p.Pts {
		lo.X, lo.Y = math.Min(lo.X, q.X), math.Min(lo.Y, q.Y)
		hi.X, hi.Y = math.Max(hi.X, q.X), math.Max(hi.Y, q.Y)
	}
	return lo, hi
}

// parsePath reads the path data the generator writes: absolute M, L, Q, C
// and Z commands with numbers separated by spaces or signs.
func parsePath(d string) (*Path, error) {
	p := &Path{}
	i := 0
	for i < len(d) {
		c := d[i]
		i++
		op := Op(255)
		for k := 0; k < len(opLetters); k++ {
			if opLetters[k] == c {
				op = Op(k)
			}
		}
		if op == 255 {
			return nil, fmt.Errorf("render: path data at %d: unknown command %q", i-1, c)
		}
		p.Ops = append(p.Ops, op)
		for n := 0; n < 2*opPoints[op]; n++ {
			for i < len(d) && d[i] == ' ' {
				i++
			}
			j := i
			for j < len(d) && (d[j] == '-' && j == i || d[j] == '.' || d[j] >= '0' && d[j] <= '9') {
				j++
			}
			v, err := strconv.ParseFloat(d[i:j], 64)
			if err != nil {
				return nil, fmt.Errorf("render: path data at %d: %w", i, err)
			}
			if n%2 == 0 {
				p.Pts = append(p.Pts, Point{X: v})
			} else {
				p.Pts[len(p.Pts)-1].Y = v
			}
			i = j
		}
	}
	return p, nil
}

// mustPath parses generated path data, which is known to be well formed.
func mustPath(d string) *Path {
	p, err := parsePath(d)
	if err != nil {
		panic(err) // generated data only; a test parses every entry
	}
	return p
}
