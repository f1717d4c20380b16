package render

import (
	"image/color"

	"github.com/gambitchess/gambit/xiangqi"
)

// DefaultSize is the image width in pixels when Options.Size is 0.
const DefaultSize = 400

// CoordStyle selects the coordinates drawn around a xiangqi board.
type CoordStyle uint8

// Coordinate styles.
const (
	// CoordICCS labels files a–i along the bottom and ranks 0–9 on the left.
	CoordICCS CoordStyle = iota
	// CoordTraditional labels files as each side counts them from its own
	// right: 1–9 for Black along Black's edge and 九…一 for Red along Red's.
	CoordTraditional
)

// PieceSet selects how chess pieces are drawn.
type PieceSet uint8

// Piece sets.
const (
	// Cburnett is the classic set by Colin M.L. Burnett, as in the web app.
	Cburnett PieceSet = iota
	// Glyph draws the Unicode chess figures (DejaVu Sans outlines).
	Glyph
)

// Options controls how Chess and Xiangqi draw a board. The same idea has
// the same field in both games; the zero value is a 400-pixel board seen
// from White's (Red's) side, no coordinates, no marks.
type Options struct {
	Size        int            // image width in pixels; 0 means DefaultSize
	Coordinates bool           // draw coordinates around the board
	CoordStyle  CoordStyle     // xiangqi only
	Script      xiangqi.Script // xiangqi only: the pieces' and the river's characters (Traditional by default)
	Flipped     bool           // Black at the bottom
	LastMove    string         // the last move in UCI (ICCS) text, e.g. "e2e4"; "" for none
	Check       bool           // highlight the king in check and mark the pieces giving check
	Marks       Marks          // coloured squares and arrows, as PGN [%csl] and [%cal] give them
	Pieces      PieceSet       // chess only
	Colors      Colors         // zero fields take the defaults
	CSS         string         // a user style sheet for the SVG output
}

// Colors are a board's colours. A zero field takes its default.
type Colors struct {
	Light, Dark color.NRGBA // chess squares
	Board       color.NRGBA // xiangqi board
	Line        color.NRGBA // xiangqi lines, river text and coordinates
	Disc        color.NRGBA // xiangqi piece discs
	Red, Black  color.NRGBA // xiangqi piece characters and rims
	Coordinates color.NRGBA // chess coordinates
	LastMove    color.NRGBA // last move highlight
	Check       color.NRGBA // king in check and the checkers' marks
}

// defaultColors are the colours used for fields left zero: the web app's
// brown chess board and a wooden xiangqi board.
var defaultColors = Colors{
	Light:       rgb(0xf0d9b5),
	Dark:        rgb(0xb58863),
	Board:       rgb(0xe8c47e),
	Line:        rgb(0x5a3a1a),
	Disc:        rgb(0xf6e7c8),
	Red:         rgb(0xc0161c),
	Black:       rgb(0x1a1a1a),
	Coordinates: rgb(0x5a3a1a),
	LastMove:    color.NRGBA{155, 199, 0, 105},
	Check:       color.NRGBA{220, 0, 0, 200},
}

func rgb(v uint32) color.NRGBA {
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

// withDefaults returns c with every zero field taken from DefaultColors().
func (c Colors) withDefaults() Colors {
	pick := func(v *color.NRGBA, d color.NRGBA) {
		if *v == (color.NRGBA{}) {
			*v = d
		}
	}
	d := defaultColors
	pick(&c.Light, d.Light)
	pick(&c.Dark, d.Dark)
	pick(&c.Board, d.Board)
	pick(&c.Line, d.Line)
	pick(&c.Disc, d.Disc)
	pick(&c.Red, d.Red)
	pick(&c.Black, d.Black)
	pick(&c.Coordinates, d.Coordinates)
	pick(&c.LastMove, d.LastMove)
	pick(&c.Check, d.Check)
	return c
}

func (o Options) size() float64 {
	if o.Size <= 0 {
		return DefaultSize
	}
	return float64(o.Size)
}

// DefaultColors returns the colours used for fields left zero: the web app's
// brown chess board and a wooden xiangqi board.
func DefaultColors() Colors { return defaultColors }
