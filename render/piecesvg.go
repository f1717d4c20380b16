package render

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/xiangqi"
)

// ErrPieceLetter is returned by ChessPieceSVG and XiangqiPieceSVG for a
// letter that is no piece of the game.
var ErrPieceLetter = errors.New("render: not a piece letter")

// pieceSVGSize is the width and height of a piece's SVG document: the
// piece fills one square (chess) or stands on one point (xiangqi) of that
// size.
const pieceSVGSize = 100

// chessLetters and xiangqiLetters are the FEN letters of each game's
// pieces, white (red) first; a chess letter's index mod 6 is its type
// index (pieceIndex).
const (
	chessLetters   = "PNBRQKpnbrqk"
	xiangqiLetters = "KABNRCPkabnrcp"
)

// ChessPieceSVG returns the chess piece of FEN letter fenLetter ("K".."P"
// white, "k".."p" black) as a standalone SVG document, drawn in set as
// the boards draw it, filling a 100×100 viewBox. The document is
// self-contained (no ids, no references), has no style attribute or
// element, and is the same for the same arguments.
func ChessPieceSVG(set PieceSet, fenLetter byte) (string, error) {
	i := strings.IndexByte(chessLetters, fenLetter)
	if i < 0 {
		return "", fmt.Errorf("%w: %q in chess", ErrPieceLetter, fenLetter)
	}
	b := pieceBoard()
	black, t := i >= 6, i%6
	if set == Glyph {
		b.drawing.Add(b.chessGlyph("", black, t, pieceSVGSize/2, pieceSVGSize/2, pieceSVGSize))
	} else {
		b.drawing.Add(b.cburnett("", pieceIndex(black, t), 0, 0, pieceSVGSize))
	}
	return standaloneSVG(b.drawing)
}

// XiangqiPieceSVG returns the xiangqi piece of FEN letter fenLetter
// ("KABNRCP" red, "kabnrcp" black) as a standalone SVG document: the disc
// with its character in traditional script, as the boards draw it,
// centred in a 100×100 viewBox. Like ChessPieceSVG's, it is
// self-contained, without style, and deterministic.
func XiangqiPieceSVG(fenLetter byte) (string, error) {
	return XiangqiPieceSVGIn(fenLetter, xiangqi.Traditional)
}

// XiangqiPieceSVGIn is XiangqiPieceSVG with the character in script s
// (车 马 帅 将 in simplified characters), as Options.Script draws it.
func XiangqiPieceSVGIn(fenLetter byte, s xiangqi.Script) (string, error) {
	p := xiangqiPieceOf(fenLetter)
	if p == xiangqi.NoPiece {
		return "", fmt.Errorf("%w: %q in xiangqi", ErrPieceLetter, fenLetter)
	}
	b := pieceBoard()
	b.script = s
	b.drawing.Add(b.xiangqiPiece(p, Point{pieceSVGSize / 2, pieceSVGSize / 2}))
	return standaloneSVG(b.drawing)
}

// pieceBoard is a board of one cell, pieceSVGSize wide, in the default
// colours, to draw one piece on.
func pieceBoard() *board {
	d := &Drawing{Width: pieceSVGSize, Height: pieceSVGSize}
	return &board{cell: pieceSVGSize, x0: pieceSVGSize / 2, y0: pieceSVGSize / 2, files: 1, ranks: 1,
		colors: defaultColors, drawing: d}
}

// xiangqiPieceOf is the xiangqi piece of a FEN letter, NoPiece for none.
func xiangqiPieceOf(letter byte) xiangqi.Piece {
	for c := xiangqi.Red; c <= xiangqi.Black; c++ {
		for pt := xiangqi.King; pt <= xiangqi.Soldier; pt++ {
			if p := xiangqi.NewPiece(c, pt); p.Char() == letter {
				return p
			}
		}
	}
	return xiangqi.NoPiece
}

// standaloneSVG writes d with every shape it draws by reference written
// out in place and without classes, so that many copies of the document
// can sit in one page without their ids clashing or the page's selectors
// ("piece") matching their insides.
func standaloneSVG(d *Drawing) (string, error) {
	flat := &Drawing{Width: d.Width, Height: d.Height, Nodes: make([]Node, len(d.Nodes))}
	for i := range d.Nodes {
		flat.Nodes[i] = standaloneNode(d.Nodes[i], d.Defs)
	}
	var buf bytes.Buffer
	if err := flat.WriteSVG(&buf); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// standaloneNode returns n without classes and with each Use replaced by
// a group drawing its Def, the shapes that inherit their paint given the
// Use's.
func standaloneNode(n Node, defs []Def) Node {
	n.Class = ""
	switch n.Kind {
	case KindUse:
		for _, def := range defs {
			if def.ID == n.Ref {
				return Group("", n.Transform.DX, n.Transform.DY, n.Transform.Scale, withPaint(standaloneNode(def.Node, defs), n.Paint))
			}
		}
		return Group("", 0, 0, 1) // an unknown reference draws nothing in SVG either
	case KindGroup:
		children := make([]Node, len(n.Children))
		for i, c := range n.Children {
			children[i] = standaloneNode(c, defs)
		}
		n.Children = children
	}
	return n
}

// withPaint gives p to n and its descendants whose paint is inherited.
func withPaint(n Node, p Paint) Node {
	if n.Paint.Inherit {
		n.Paint = p
	}
	if len(n.Children) > 0 {
		children := make([]Node, len(n.Children))
		for i, c := range n.Children {
			children[i] = withPaint(c, p)
		}
		n.Children = children
	}
	return n
}

// PieceSVGs returns every chess piece, drawn in set, and every xiangqi
// piece as standalone SVG documents (ChessPieceSVG, XiangqiPieceSVG),
// keyed by variant and FEN letter as package render/viewer's
// Options.Pieces reads them: "chess:K" .. "chess:p", "xiangqi:K" ..
// "xiangqi:p".
func PieceSVGs(set PieceSet) (map[string]string, error) {
	return PieceSVGsIn(set, xiangqi.Traditional)
}

// PieceSVGsIn is PieceSVGs with the xiangqi pieces' characters in script s
// (XiangqiPieceSVGIn): the pieces of a page for a reader of that script.
func PieceSVGsIn(set PieceSet, s xiangqi.Script) (map[string]string, error) {
	out := make(map[string]string, 26)
	for _, c := range []byte(chessLetters) {
		svg, err := ChessPieceSVG(set, c)
		if err != nil {
			return nil, err
		}
		out["chess:"+string(c)] = svg
	}
	for _, c := range []byte(xiangqiLetters) {
		svg, err := XiangqiPieceSVGIn(c, s)
		if err != nil {
			return nil, err
		}
		out["xiangqi:"+string(c)] = svg
	}
	return out, nil
}
