package render

import "math"

// stroke paints the outline of p as filled pieces: a quadrilateral per
// flattened segment and a disc at every joint (and at the ends with round
// caps). All pieces wind the same way, so where they overlap the non-zero
// coverage just saturates: no seams, no double-painted alpha.
func (r *rasterizer) stroke(p *Path, pt Paint, t Transform) {
	hw := pt.Width * t.Scale / 2
	lo, hi := p.bounds()
	if !r.begin(t.apply(lo), t.apply(hi), hw+1) {
		return
	}
	k := 0
	var start, cur Point
	r.flat = r.flat[:0]
	for _, op := range p.Ops {
		switch op {
		case MoveTo:
			r.strokeRun(hw, false, pt.ButtCap)
			cur = t.apply(p.Pts[k])
			start = cur
			r.flat = append(r.flat[:0], cur)
		case LineTo:
			cur = t.apply(p.Pts[k])
			r.flat = append(r.flat, cur)
		case QuadTo:
			a, b := t.apply(p.Pts[k]), t.apply(p.Pts[k+1])
			n := segments(dist(cur, a) + dist(a, b))
			for i := 1; i <= n; i++ {
				s := float64(i) / float64(n)
				u := 1 - s
				r.flat = append(r.flat, Point{u*u*cur.X + 2*u*s*a.X + s*s*b.X, u*u*cur.Y + 2*u*s*a.Y + s*s*b.Y})
			}
			cur = b
		case CubicTo:
			a, b, c := t.apply(p.Pts[k]), t.apply(p.Pts[k+1]), t.apply(p.Pts[k+2])
			n := segments(dist(cur, a) + dist(a, b) + dist(b, c))
			for i := 1; i <= n; i++ {
				s := float64(i) / float64(n)
				u := 1 - s
				w0, w1, w2, w3 := u*u*u, 3*u*u*s, 3*u*s*s, s*s*s
				r.flat = append(r.flat, Point{w0*cur.X + w1*a.X + w2*b.X + w3*c.X, w0*cur.Y + w1*a.Y + w2*b.Y + w3*c.Y})
			}
			cur = c
		case Close:
			r.flat = append(r.flat, start)
			r.strokeRun(hw, true, pt.ButtCap)
			r.flat = append(r.flat[:0], start)
			cur = start
		}
		k += opPoints[op]
	}
	r.strokeRun(hw, false, pt.ButtCap)
	r.end(pt.Stroke)
}

// segments is how many straight pieces approximate a curve whose control
// polygon is length pixels long.
func segments(length float64) int {
	return min(max(int(math.Ceil(length/2)), 1), 64)
}

func dist(a, b Point) float64 { return math.Hypot(b.X-a.X, b.Y-a.Y) }

// strokeRun adds the pieces of the polyline in r.flat, then empties it.
func (r *rasterizer) strokeRun(hw float64, closed, butt bool) {
	pts := r.flat
	if len(pts) < 2 {
		return
	}
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		d := dist(a, b)
		if d == 0 {
			continue
		}
		nx, ny := -(b.Y-a.Y)/d*hw, (b.X-a.X)/d*hw
		r.polygon(Point{a.X + nx, a.Y + ny}, Point{b.X + nx, b.Y + ny}, Point{b.X - nx, b.Y - ny}, Point{a.X - nx, a.Y - ny})
	}
	first, last := 1, len(pts)-1
	if closed || !butt {
		first, last = 0, len(pts)
	}
	for i := first; i < last; i++ {
		r.disc(pts[i], hw)
	}
	r.flat = r.flat[:0]
}

// polygon adds a closed polygon given in pixels.
func (r *rasterizer) polygon(pts ...Point) {
	for i, p := range pts {
		x, y := float32(p.X-r.off.X), float32(p.Y-r.off.Y)
		if i == 0 {
			r.z.MoveTo(x, y)
		} else {
			r.z.LineTo(x, y)
		}
	}
	r.z.ClosePath()
}

// disc adds a disc of radius rad around c, wound like the segment pieces.
func (r *rasterizer) disc(c Point, rad float64) {
	n := min(max(int(math.Ceil(rad*2)), 8), 32)
	for i := 0; i <= n; i++ {
		a := -2 * math.Pi * float64(i) / float64(n)
		x, y := float32(c.X+rad*math.Cos(a)-r.off.X), float32(c.Y+rad*math.Sin(a)-r.off.Y)
		if i == 0 {
			r.z.MoveTo(x, y)
		} else {
			r.z.LineTo(x, y)
		}
	}
	r.z.ClosePath()
}
