package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/vector"
)

// Rasterize paints the drawing, anti-aliased, on a new image of
// ceil(Width×scale) by ceil(Height×scale) pixels. Scale 1 gives one pixel
// per drawing unit. The user style sheet (CSS) does not apply here. The
// image takes 4 bytes a pixel: callers taking sizes from users should bound
// them (gambit render allows at most 4096 pixels across).
func (d *Drawing) Rasterize(scale float64) *image.RGBA {
	w, h := int(math.Ceil(d.Width*scale)), int(math.Ceil(d.Height*scale))
	r := &rasterizer{dst: image.NewRGBA(image.Rect(0, 0, w, h)), defs: make(map[string]*Node, len(d.Defs))}
	for i := range d.Defs {
		r.defs[d.Defs[i].ID] = &d.Defs[i].Node
	}
	t := Transform{Scale: scale}
	for i := range d.Nodes {
		r.node(&d.Nodes[i], t, Paint{})
	}
	return r.dst
}

// PNG writes the drawing rasterised at scale 1 as a PNG image.
func PNG(w io.Writer, d *Drawing) error {
	if err := png.Encode(w, d.Rasterize(1)); err != nil {
		return fmt.Errorf("render: writing PNG: %w", err)
	}
	return nil
}

// rasterizer paints nodes on dst. Each shape is filled through one reused
// vector.Rasterizer sized to the shape's bounding box, so a small shape
// costs little whatever the image size.
//
// With a clip, only the pixels inside it change, and they change exactly
// as painting the whole image would change them: a shape's rasteriser
// keeps the origin it has unclipped (the fixed-point rasteriser steps
// along each edge from there, so another origin rounds differently) and
// is only cut short on the right and below, which leaves its running
// sums unchanged at every pixel kept.
type rasterizer struct {
	dst     *image.RGBA
	z       vector.Rasterizer
	flat    []Point // reused buffer for flattened strokes
	off     Point   // top-left of the current shape's box, in pixels
	defs    map[string]*Node
	clip    image.Rectangle // when not empty, the only pixels painted
	scratch image.RGBA      // reused: a shape's box when it crosses clip
}

// node paints n through t; inh is the paint of the Use drawing it, for
// shapes that Inherit.
func (r *rasterizer) node(n *Node, t Transform, inh Paint) {
	pt := n.Paint
	if pt.Inherit {
		pt = inh
	}
	switch n.Kind {
	case KindGroup:
		u := n.Transform.then(t)
		for i := range n.Children {
			r.node(&n.Children[i], u, inh)
		}
	case KindUse:
		if def := r.defs[n.Ref]; def != nil {
			r.node(def, n.Transform.then(t), pt)
		}
	case KindRect:
		if r.solidRect(n, pt, t) {
			return
		}
		p := Polygon(Point{n.X1, n.Y1}, Point{n.X2, n.Y1}, Point{n.X2, n.Y2}, Point{n.X1, n.Y2})
		r.paint(p, pt, t)
	case KindCircle:
		r.paint(circlePath(n.X1, n.Y1, n.R), pt, t)
	case KindLine:
		p := &Path{}
		p.MoveTo(n.X1, n.Y1)
		p.LineTo(n.X2, n.Y2)
		r.paint(p, Paint{Stroke: pt.Stroke, Width: pt.Width, ButtCap: pt.ButtCap}, t)
	case KindPath:
		r.paint(n.Path, pt, t)
	}
}

// solidRect paints an opaque, unstroked rectangle whose corners fall on
// whole pixels (a board's squares, the background) with a plain copy, and
// reports whether it could.
func (r *rasterizer) solidRect(n *Node, pt Paint, t Transform) bool {
	if pt.Fill.A != 255 || pt.Stroke.A != 0 {
		return false
	}
	lo, hi := t.apply(Point{n.X1, n.Y1}), t.apply(Point{n.X2, n.Y2})
	whole := func(v float64) bool { return v == math.Trunc(v) }
	if !whole(lo.X) || !whole(lo.Y) || !whole(hi.X) || !whole(hi.Y) {
		return false
	}
	box := image.Rect(int(lo.X), int(lo.Y), int(hi.X), int(hi.Y))
	if !r.clip.Empty() {
		box = box.Intersect(r.clip)
	}
	draw.Draw(r.dst, box, image.NewUniform(pt.Fill), image.Point{}, draw.Src)
	return true
}

// circlePath returns a circle as four cubic quarter arcs.
func circlePath(cx, cy, rad float64) *Path {
	const k = 0.5522847498
	p := &Path{}
	p.MoveTo(cx+rad, cy)
	p.CubicTo(cx+rad, cy+k*rad, cx+k*rad, cy+rad, cx, cy+rad)
	p.CubicTo(cx-k*rad, cy+rad, cx-rad, cy+k*rad, cx-rad, cy)
	p.CubicTo(cx-rad, cy-k*rad, cx-k*rad, cy-rad, cx, cy-rad)
	p.CubicTo(cx+k*rad, cy-rad, cx+rad, cy-k*rad, cx+rad, cy)
	p.Close()
	return p
}

func (r *rasterizer) paint(p *Path, pt Paint, t Transform) {
	if pt.Fill.A != 0 {
		r.fill(p, pt.Fill, t)
	}
	if pt.Stroke.A != 0 && pt.Width > 0 {
		r.stroke(p, pt, t)
	}
}

// begin sizes the rasterizer to the box lo-hi (pixels, padded by pad) and
// reports false when the box misses the image.
func (r *rasterizer) begin(lo, hi Point, pad float64) bool {
	b := r.dst.Bounds()
	x0, y0 := int(math.Floor(lo.X-pad)), int(math.Floor(lo.Y-pad))
	x1, y1 := int(math.Ceil(hi.X+pad)), int(math.Ceil(hi.Y+pad))
	x0, y0 = max(x0, b.Min.X), max(y0, b.Min.Y)
	x1, y1 = min(x1, b.Max.X), min(y1, b.Max.Y)
	if !r.clip.Empty() {
		if !image.Rect(x0, y0, x1, y1).Overlaps(r.clip) {
			return false
		}
		x1, y1 = min(x1, r.clip.Max.X), min(y1, r.clip.Max.Y)
	}
	if x0 >= x1 || y0 >= y1 {
		return false
	}
	r.off = Point{float64(x0), float64(y0)}
	r.z.Reset(x1-x0, y1-y0)
	r.z.DrawOp = draw.Over
	return true
}

func (r *rasterizer) end(c color.NRGBA) {
	w, h := r.z.Size().X, r.z.Size().Y
	x0, y0 := int(r.off.X), int(r.off.Y)
	box := image.Rect(x0, y0, x0+w, y0+h)
	if r.clip.Empty() || box.In(r.clip) {
		r.z.Draw(r.dst, box, image.NewUniform(c), image.Point{})
		return
	}
	// The shape crosses the clip: paint its whole box on a copy, then
	// copy back what lies inside the clip.
	sc := &r.scratch
	sc.Rect, sc.Stride = box, 4*w
	if n := 4 * w * h; cap(sc.Pix) < n {
		sc.Pix = make([]uint8, n)
	} else {
		sc.Pix = sc.Pix[:n]
	}
	copyPixels(sc, r.dst, box)
	r.z.Draw(sc, box, image.NewUniform(c), image.Point{})
	copyPixels(r.dst, sc, box.Intersect(r.clip))
}

// copyPixels copies the pixels of rect from src to dst.
func copyPixels(dst, src *image.RGBA, rect image.Rectangle) {
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		copy(dst.Pix[dst.PixOffset(rect.Min.X, y):dst.PixOffset(rect.Max.X, y)], src.Pix[src.PixOffset(rect.Min.X, y):src.PixOffset(rect.Max.X, y)])
	}
}

func (r *rasterizer) pt(p Point, t Transform) (float32, float32) {
	q := t.apply(p)
	return float32(q.X - r.off.X), float32(q.Y - r.off.Y)
}

// fill fills p with the non-zero rule (vector.Rasterizer accumulates
// signed coverage and takes its absolute value).
func (r *rasterizer) fill(p *Path, c color.NRGBA, t Transform) {
	lo, hi := p.bounds()
	if !r.begin(t.apply(lo), t.apply(hi), 1) {
		return
	}
	k := 0
	open := false
	for _, op := range p.Ops {
		switch op {
		case MoveTo:
			if open {
				r.z.ClosePath()
			}
			r.z.MoveTo(r.pt(p.Pts[k], t))
			open = true
		case LineTo:
			r.z.LineTo(r.pt(p.Pts[k], t))
		case QuadTo:
			ax, ay := r.pt(p.Pts[k], t)
			bx, by := r.pt(p.Pts[k+1], t)
			r.z.QuadTo(ax, ay, bx, by)
		case CubicTo:
			ax, ay := r.pt(p.Pts[k], t)
			bx, by := r.pt(p.Pts[k+1], t)
			cx, cy := r.pt(p.Pts[k+2], t)
			r.z.CubeTo(ax, ay, bx, by, cx, cy)
		case Close:
			r.z.ClosePath()
			open = false
		}
		k += opPoints[op]
	}
	if open {
		r.z.ClosePath()
	}
	r.end(c)
}
