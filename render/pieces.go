package render

import (
	"fmt"
	"image/color"
	"sync"
)

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

// Parsed from the generated data on first use, never modified: a program
// that draws nothing (gambit pgn check) does not pay for parsing them.
var (
	cburnettPieces = sync.OnceValue(buildCburnett)
	glyphs         = sync.OnceValue(buildGlyphs)
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

// cburnettNames name the pieces in Def IDs, by pieceIndex.
var cburnettNames = [12]string{"wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"}

// cburnett draws piece i in the size×size box at (x, y).
func (b *board) cburnett(class string, i int, x, y, size float64) Node {
	id := "cburnett-" + cburnettNames[i]
	b.drawing.Define(id, func() Node {
		shapes := cburnettPieces()[i]
		children := make([]Node, len(shapes))
		for k, s := range shapes {
			children[k] = PathNode("", s.path, s.paint)
		}
		return Group("", 0, 0, 1, children...)
	})
	return Use(class, id, x, y, size/45, Paint{})
}

// glyph draws rune r filled with c, its em height high and centred on
// (cx, cy): Latin text by its cap height, so that labels share a
// baseline; figures and Chinese characters by their bounding box.
func (b *board) glyph(class string, r rune, cx, cy, height float64, c color.NRGBA) Node {
	g, ok := glyphs()[r]
	if !ok {
		return Group(class, cx, cy, 1) // every rune render draws is generated; a test checks
	}
	id := fmt.Sprintf("glyph-%x", r)
	b.drawing.Define(id, func() Node { return PathNode("", g.path, inherit) })
	s := height / 1000
	midY := -364.0 // half DejaVu Sans's cap height
	if r >= 0x2000 {
		midY = (g.lo.Y + g.hi.Y) / 2
	}
	midX := (g.lo.X + g.hi.X) / 2
	return Use(class, id, cx-s*midX, cy-s*midY, s, Fill(c))
}

// chessGlyph draws a chess piece of type t (0–5) as its Unicode figure:
// a white piece is the black figure's silhouette in white under the white
// figure's outline, so that it is not see-through.
func (b *board) chessGlyph(class string, black bool, t int, cx, cy, size float64) Node {
	white, filled := rune(0x2659-t), rune(0x265f-t)
	// Scale the figures together so that the king (the tallest) fills
	// most of the square and the others keep their relative size.
	k := glyphs()['♚']
	h := size * 0.8 / ((k.hi.Y - k.lo.Y) / 1000)
	if black {
		return b.glyph(class, filled, cx, cy, h, color.NRGBA{0, 0, 0, 255})
	}
	return Group(class, 0, 0, 1,
		b.glyph("", filled, cx, cy, h, color.NRGBA{255, 255, 255, 255}),
		b.glyph("", white, cx, cy, h, color.NRGBA{0, 0, 0, 255}))
}
