package render

import (
	"image"
	"math"
	"slices"
)

// Drawing a game's frames: consecutive positions differ in a few squares,
// so each frame after the first is painted over the previous one only
// where their display lists differ. A pixel is covered by the same nodes,
// in the same order, in both frames unless some node covering it is in
// one list and not matched in the other: only the boxes of such nodes are
// painted again, each with every node of the new frame that reaches it.

// frameCanvas paints a sequence of drawings of one size on one reused
// image, each over the last.
//
// The nodes every drawing begins with (a board's squares, lines and
// river) are painted once, on a base image: a region is painted again from
// the base's pixels and only the nodes after those.
type frameCanvas struct {
	img   *image.RGBA // nil before the first drawing
	prev  *Drawing
	base  *Drawing    // the nodes every drawing so far began with; nil before the second
	under *image.RGBA // base rasterised
	r     rasterizer  // reused: its buffers grow once
}

// pixelSize is the size of the image d rasterises to at scale 1.
func pixelSize(d *Drawing) image.Rectangle {
	return image.Rect(0, 0, int(math.Ceil(d.Width)), int(math.Ceil(d.Height)))
}

// regions returns the regions that painting d over the canvas paints
// afresh: the whole image for the first drawing, or when the two display
// lists cannot be compared node by node.
func (c *frameCanvas) regions(d *Drawing) []image.Rectangle {
	if c.img == nil {
		return []image.Rectangle{pixelSize(d)}
	}
	if regions, ok := changedRegions(c.prev, d, c.img.Bounds()); ok {
		return regions
	}
	return []image.Rectangle{c.img.Bounds()}
}

// paint paints d over the canvas in regions, as c.regions(d) gave them.
func (c *frameCanvas) paint(d *Drawing, regions []image.Rectangle) {
	switch {
	case c.img == nil:
		c.img = d.Rasterize(1)
	case !c.startsWithBase(d):
		c.img = d.Rasterize(1)
		c.base, c.under = nil, nil
	default:
		c.r.dst, c.r.defs = c.img, defsByID(d)
		for _, rect := range regions {
			c.r.paintRegion(c.under, d, len(c.base.Nodes), rect)
		}
		c.r.clip = image.Rectangle{}
	}
	c.prev = d
}

// startsWithBase reports whether d begins with the base's nodes, taking
// as the base, at the second drawing, the nodes it shares with the first.
func (c *frameCanvas) startsWithBase(d *Drawing) bool {
	if c.prev.Width != d.Width || c.prev.Height != d.Height {
		return false
	}
	if c.base == nil {
		n := commonPrefix(c.prev, d)
		c.base = &Drawing{Width: d.Width, Height: d.Height, Defs: c.prev.Defs, Nodes: c.prev.Nodes[:n]}
		c.under = c.base.Rasterize(1)
		return true
	}
	return commonPrefix(c.base, d) == len(c.base.Nodes)
}

// commonPrefix is how many nodes a and b begin with alike.
func commonPrefix(a, b *Drawing) int {
	cmp := nodeComparer{aDefs: defsByID(a), bDefs: defsByID(b), sameDef: map[string]bool{}}
	n := 0
	for n < len(a.Nodes) && n < len(b.Nodes) && cmp.same(&a.Nodes[n], &b.Nodes[n]) {
		n++
	}
	return n
}

// paintRegion paints rect of r.dst afresh: the pixels of under (d's
// first skip nodes, rasterised), then d's other nodes that reach it.
// r.defs must be d's.
func (r *rasterizer) paintRegion(under *image.RGBA, d *Drawing, skip int, rect image.Rectangle) {
	copyPixels(r.dst, under, rect)
	r.clip = rect
	for i := skip; i < len(d.Nodes); i++ {
		if nodeBox(&d.Nodes[i], identity, r.defs).Overlaps(rect) {
			r.node(&d.Nodes[i], identity, Paint{})
		}
	}
}

// defsByID indexes a drawing's Defs.
func defsByID(d *Drawing) map[string]*Node {
	defs := make(map[string]*Node, len(d.Defs))
	for i := range d.Defs {
		defs[d.Defs[i].ID] = &d.Defs[i].Node
	}
	return defs
}

// changedRegions returns disjoint boxes, within bounds, outside which a
// and b paint the same pixels. It matches b's nodes, in order, against
// a's (a greedy common subsequence: matched nodes keep their order); the
// boxes are those of the nodes left unmatched on either side. It reports
// false when the drawings' sizes differ.
func changedRegions(a, b *Drawing, bounds image.Rectangle) ([]image.Rectangle, bool) {
	if a.Width != b.Width || a.Height != b.Height {
		return nil, false
	}
	cmp := nodeComparer{aDefs: defsByID(a), bDefs: defsByID(b), sameDef: map[string]bool{}}
	var boxes []image.Rectangle
	dirty := func(n *Node, defs map[string]*Node) {
		if box := nodeBox(n, identity, defs).Intersect(bounds); !box.Empty() {
			boxes = append(boxes, box)
		}
	}
	i := 0
	for j := range b.Nodes {
		k := i
		for k < len(a.Nodes) && !cmp.same(&a.Nodes[k], &b.Nodes[j]) {
			k++
		}
		if k == len(a.Nodes) {
			dirty(&b.Nodes[j], cmp.bDefs)
			continue
		}
		for ; i < k; i++ {
			dirty(&a.Nodes[i], cmp.aDefs)
		}
		i = k + 1
	}
	for ; i < len(a.Nodes); i++ {
		dirty(&a.Nodes[i], cmp.aDefs)
	}
	return mergeBoxes(boxes), true
}

// mergeBoxes joins overlapping boxes until none overlap.
func mergeBoxes(boxes []image.Rectangle) []image.Rectangle {
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(boxes) && !merged; i++ {
			for j := i + 1; j < len(boxes); j++ {
				if boxes[i].Overlaps(boxes[j]) {
					boxes[i] = boxes[i].Union(boxes[j])
					boxes = slices.Delete(boxes, j, j+1)
					merged = true
					break
				}
			}
		}
	}
	return boxes
}

// nodeComparer tells whether two nodes, of two drawings, paint the same.
type nodeComparer struct {
	aDefs, bDefs map[string]*Node
	sameDef      map[string]bool // Defs of the same ID compared so far
}

// same reports whether a and b paint the same pixels: equal in every
// field, their paths equal point for point, their children and the Defs
// they draw the same.
func (c *nodeComparer) same(a, b *Node) bool {
	if a.Kind != b.Kind || a.X1 != b.X1 || a.Y1 != b.Y1 || a.X2 != b.X2 || a.Y2 != b.Y2 || a.R != b.R ||
		a.Paint != b.Paint || a.Transform != b.Transform || a.Ref != b.Ref || len(a.Children) != len(b.Children) {
		return false
	}
	if a.Path != b.Path && (a.Path == nil || b.Path == nil ||
		!slices.Equal(a.Path.Ops, b.Path.Ops) || !slices.Equal(a.Path.Pts, b.Path.Pts)) {
		return false
	}
	for i := range a.Children {
		if !c.same(&a.Children[i], &b.Children[i]) {
			return false
		}
	}
	if a.Kind == KindUse {
		return c.sameDefs(a.Ref)
	}
	return true
}

// sameDefs reports whether both drawings define id alike.
func (c *nodeComparer) sameDefs(id string) bool {
	if v, ok := c.sameDef[id]; ok {
		return v
	}
	da, db := c.aDefs[id], c.bDefs[id]
	v := da == db || da != nil && db != nil && c.same(da, db)
	c.sameDef[id] = v
	return v
}

// nodeBox is the box of pixels node n may paint through t: its shapes'
// bounds, widened by half their stroke and two pixels of anti-aliasing.
func nodeBox(n *Node, t Transform, defs map[string]*Node) image.Rectangle {
	lo, hi, ok := nodeBounds(n, t, defs)
	if !ok {
		return image.Rectangle{}
	}
	return image.Rect(int(math.Floor(lo.X))-2, int(math.Floor(lo.Y))-2, int(math.Ceil(hi.X))+2, int(math.Ceil(hi.Y))+2)
}

// nodeBounds is the bounding box of what n paints through t, in pixels;
// false when it paints nothing.
func nodeBounds(n *Node, t Transform, defs map[string]*Node) (lo, hi Point, ok bool) {
	switch n.Kind {
	case KindGroup:
		u := n.Transform.then(t)
		for i := range n.Children {
			if l, h, o := nodeBounds(&n.Children[i], u, defs); o {
				lo, hi, ok = unionBounds(lo, hi, ok, l, h)
			}
		}
		return lo, hi, ok
	case KindUse:
		if def := defs[n.Ref]; def != nil {
			// A Def's shapes that inherit paint take the Use's: widen by its stroke.
			u := n.Transform.then(t)
			lo, hi, ok = nodeBounds(def, u, defs)
			lo, hi = grow(lo, hi, n.Paint.Width*u.Scale/2)
			return lo, hi, ok
		}
		return lo, hi, false
	case KindRect, KindLine:
		lo, hi = Point{min(n.X1, n.X2), min(n.Y1, n.Y2)}, Point{max(n.X1, n.X2), max(n.Y1, n.Y2)}
	case KindCircle:
		lo, hi = Point{n.X1 - n.R, n.Y1 - n.R}, Point{n.X1 + n.R, n.Y1 + n.R}
	case KindPath:
		if n.Path == nil || len(n.Path.Pts) == 0 {
			return lo, hi, false
		}
		lo, hi = n.Path.bounds()
	}
	lo, hi = t.apply(lo), t.apply(hi)
	lo, hi = grow(lo, hi, n.Paint.Width*t.Scale/2)
	return lo, hi, true
}

// grow widens the box lo-hi by d on every side.
func grow(lo, hi Point, d float64) (Point, Point) {
	return Point{lo.X - d, lo.Y - d}, Point{hi.X + d, hi.Y + d}
}

// unionBounds joins the box lo-hi (if ok) with l-h.
func unionBounds(lo, hi Point, ok bool, l, h Point) (Point, Point, bool) {
	if !ok {
		return l, h, true
	}
	return Point{min(lo.X, l.X), min(lo.Y, l.Y)}, Point{max(hi.X, h.X), max(hi.Y, h.Y)}, true
}
