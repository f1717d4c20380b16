package render

import "image/color"

// Drawing is a display list: shapes in painting order on a Width×Height
// canvas (pixels), written out as SVG (WriteSVG) or rasterised (Rasterize,
// PNG). A board is built into a Drawing once; both outputs read the same
// list, so they show the same picture.
type Drawing struct {
	Width, Height float64
	CSS           string // a user style sheet, written into the SVG's <style> element
	Defs          []Def  // shapes drawn by reference (KindUse): written once, in the SVG's <defs>
	Nodes         []Node
}

// Def is a shape that Use nodes draw by its ID, as often as needed: a
// piece or a character is written into the SVG once.
type Def struct {
	ID   string
	Node Node
}

// Kind is the kind of a Node.
type Kind uint8

// Node kinds.
const (
	KindRect   Kind = iota // the box from (X1, Y1) to (X2, Y2)
	KindCircle             // centre (X1, Y1), radius R
	KindLine               // from (X1, Y1) to (X2, Y2), stroked only
	KindPath               // Path
	KindGroup              // Children, drawn through Transform
	KindUse                // the Def named Ref, drawn through Transform, lending it Paint
)

// Paint is how a shape is filled and stroked. A colour with zero alpha
// paints nothing.
type Paint struct {
	Fill, Stroke color.NRGBA
	Width        float64 // stroke width
	ButtCap      bool    // butt line caps; round otherwise
	// Inherit paints the shape with the Paint of the Use node that draws
	// it (in SVG: inherited from the <use> element, so CSS can restyle it).
	Inherit bool
}

// Transform maps a group's coordinates to its parent's: scale, then translate.
type Transform struct {
	DX, DY, Scale float64
}

func (t Transform) apply(p Point) Point { return Point{p.X*t.Scale + t.DX, p.Y*t.Scale + t.DY} }

// then returns the transform that applies t, then u.
func (t Transform) then(u Transform) Transform {
	return Transform{t.DX*u.Scale + u.DX, t.DY*u.Scale + u.DY, t.Scale * u.Scale}
}

// identity is the transform that changes nothing.
var identity = Transform{Scale: 1}

// Node is one element of a Drawing. Class names the element for CSS
// ("square dark", "piece white-king"): SVG output writes it as the class
// attribute; the raster ignores it.
type Node struct {
	Kind           Kind
	Class          string
	X1, Y1, X2, Y2 float64
	R              float64
	Path           *Path
	Paint          Paint
	Transform      Transform
	Children       []Node
	Ref            string // KindUse: the ID of a Def
}

// Rect returns a rectangle node.
func Rect(class string, x, y, w, h float64, p Paint) Node {
	return Node{Kind: KindRect, Class: class, X1: x, Y1: y, X2: x + w, Y2: y + h, Paint: p}
}

// Circle returns a circle node.
func Circle(class string, cx, cy, r float64, p Paint) Node {
	return Node{Kind: KindCircle, Class: class, X1: cx, Y1: cy, R: r, Paint: p}
}

// Line returns a line node; only its stroke is painted.
func Line(class string, x1, y1, x2, y2 float64, p Paint) Node {
	return Node{Kind: KindLine, Class: class, X1: x1, Y1: y1, X2: x2, Y2: y2, Paint: p}
}

// PathNode returns a node painting path.
func PathNode(class string, path *Path, p Paint) Node {
	return Node{Kind: KindPath, Class: class, Path: path, Paint: p}
}

// Group returns a node drawing children scaled by scale, then moved by (dx, dy).
func Group(class string, dx, dy, scale float64, children ...Node) Node {
	return Node{Kind: KindGroup, Class: class, Transform: Transform{dx, dy, scale}, Children: children}
}

// Use returns a node drawing the Def with ID ref scaled by scale, then
// moved by (dx, dy), lending it p for its shapes that Inherit.
func Use(class, ref string, dx, dy, scale float64, p Paint) Node {
	return Node{Kind: KindUse, Class: class, Ref: ref, Transform: Transform{dx, dy, scale}, Paint: p}
}

// Define adds a Def unless one with its ID exists; build makes its node
// only when needed.
func (d *Drawing) Define(id string, build func() Node) {
	for i := range d.Defs {
		if d.Defs[i].ID == id {
			return
		}
	}
	d.Defs = append(d.Defs, Def{id, build()})
}

// Add appends nodes to the drawing.
func (d *Drawing) Add(nodes ...Node) { d.Nodes = append(d.Nodes, nodes...) }

// inherit is the paint of a shape coloured by the Use that draws it.
var inherit = Paint{Inherit: true}

// Fill is the paint that fills with c.
func Fill(c color.NRGBA) Paint { return Paint{Fill: c} }

// Stroke is the paint that strokes with c, w wide.
func Stroke(c color.NRGBA, w float64) Paint { return Paint{Stroke: c, Width: w} }
