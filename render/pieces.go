package render

import "image/color"

// shapeData is one painted path of a cburnett piece, as generated:
// colours as 0xRRGGBB or -1 for none.
type shapeData struct {
	d            string
	fill, stroke int32
	width        float64
	butt, miter  bool
}

// glyphOutline is one rune's outline as generated: 1000 units to the em,
// y down, origin on the baseline.
type glyphOutline struct {
	advance int
	d       string
}

// pieceShape is a parsed shapeData.
type pieceShape struct {
	path  *Path
	paint Paint
}

// glyphShape is a parsed glyphOutline with its bounding box.
type glyphShape struct {
	path   *Path
	lo, hi Point
}

// Precomputed from the generated data at start-up; never modified.
var (
	cburnettPieces = buildCburnett()
	glyphs         = buildGlyphs()
)

func buildCburnett() [12][]pieceShape {
	var out [12][]pieceShape
	for i, shapes := range cburnettData {
		for _, s := range shapes {
			out[i] = append(out[i], pieceShape{mustPath(s.d), Paint{
				Fill:    hexColor(s.fill),
				Stroke:  hexColor(s.stroke),
				Width:   s.width,
				ButtCap: s.butt,
			}})
		}
	}
	return out
}

func buildGlyphs() map[rune]glyphShape {
	out := make(map[rune]glyphShape, len(glyphData))
	for r, g := range glyphData {
		p := mustPath(g.d)
		lo, hi := p.bounds()
		out[r] = glyphShape{p, lo, hi}
	}
	return out
}

// hexColor turns a generated colour into an opaque NRGBA, or none for -1.
func hexColor(v int32) color.NRGBA {
	if v < 0 {
		return color.NRGBA{}
	}
	return rgb(uint32(v))
}

// pieceIndex is the index of a piece in cburnettData: type 0–5 (pawn,
// knight, bishop, rook, queen, king), plus 6 for black.
func pieceIndex(black bool, t int) int {
	if black {
		return 6 + t
	}
	return t
}

// cburnettNode draws piece i in the size×size box at (x, y).
func cburnettNode(class string, i int, x, y, size float64) Node {
	shapes := cburnettPieces[i]
	children := make([]Node, len(shapes))
	for k, s := range shapes {
		children[k] = PathNode("", s.path, s.paint)
	}
	return Group(class, x, y, size/45, children...)
}

// glyphNode draws rune r filled with c, its em height high and centred on
// (cx, cy): Latin text by its cap height, so that labels share a
// baseline; figures and Chinese characters by their bounding box.
func glyphNode(class string, r rune, cx, cy, height float64, c color.NRGBA) Node {
	g, ok := glyphs[r]
	if !ok {
		return Group(class, cx, cy, 1) // every rune render draws is generated; a test checks
	}
	s := height / 1000
	midY := -364.0 // half DejaVu Sans's cap height
	if r >= 0x2000 {
		midY = (g.lo.Y + g.hi.Y) / 2
	}
	midX := (g.lo.X + g.hi.X) / 2
	return Group(class, cx-s*midX, cy-s*midY, s, PathNode("", g.path, Fill(c)))
}

// chessGlyphNode draws a chess piece of type t (0–5) as its Unicode figure:
// a white piece is the black figure's silhouette in white under the white
// figure's outline, so that it is not see-through.
func chessGlyphNode(class string, black bool, t int, cx, cy, size float64) Node {
	white, filled := rune(0x2659-t), rune(0x265f-t)
	h := size * 0.9
	if black {
		return Group(class, 0, 0, 1, glyphNode("", filled, cx, cy, h, color.NRGBA{0, 0, 0, 255}))
	}
	return Group(class, 0, 0, 1,
		glyphNode("", filled, cx, cy, h, color.NRGBA{255, 255, 255, 255}),
		glyphNode("", white, cx, cy, h, color.NRGBA{0, 0, 0, 255}))
}
