package viewer

import (
	"fmt"

	"github.com/gambitchess/gambit/xiangqi"
)

// chessCodes and xiangqiCodes are the FEN letters of each variant's pieces,
// the keys of Options.Pieces.
const (
	chessCodes   = "KQRBNPkqrbnp"
	xiangqiCodes = "KABNRCPkabnrcp"
	// faceDownCodes are the face-down pieces of a variant that hides them (Red's, Black's), drawn on
	// the xiangqi board of a page whose games have any (FromSteps).
	faceDownCodes = "Xx"
)

// chessFigures are the solid Unicode chess figures by piece letter (either
// case); the text presentation selector keeps them from turning into emoji.
var chessFigures = map[byte]string{
	'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟",
}

// defaultPiece returns the built-in picture of a piece, used when
// Options.Pieces has none: for chess the Unicode figure, white or black with
// a dark outline; for xiangqi and a board of discs a disc with the piece's
// character, red or black.
func defaultPiece(v Board, code byte) string {
	switch {
	case v == Discs && code == 'x':
		return sidelessPiece()
	case v == Xiangqi && (code == 'X' || code == 'x'):
		return faceDownPiece(code)
	case v == Xiangqi || v == Discs:
		return defaultXiangqiPiece(code)
	}
	return defaultChessPiece(code)
}

func defaultChessPiece(code byte) string {
	fill := "#fafafa"
	if code >= 'a' {
		fill = "#1a1a1a"
	}
	figure := chessFigures[code|0x20]
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
		fmt.Sprintf(`<text x="50" y="53" text-anchor="middle" dominant-baseline="central" font-size="86" `+
			`font-family="DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, sans-serif" fill="%s" stroke="#111" `+
			`stroke-width="2.5" stroke-linejoin="round">%s&#xFE0E;</text></svg>`, fill, figure)
}

func defaultXiangqiPiece(code byte) string {
	p := xiangqiPiece(code)
	ink := "#b71c1c"
	if p.Color() == xiangqi.Black {
		ink = "#1b1b1b"
	}
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
		`<circle cx="50" cy="50" r="46" fill="#f4dfb4" stroke="#5d4027" stroke-width="3"/>` +
		fmt.Sprintf(`<circle cx="50" cy="50" r="38" fill="none" stroke="%s" stroke-width="2.5"/>`, ink) +
		fmt.Sprintf(`<text x="50" y="52" text-anchor="middle" dominant-baseline="central" font-size="50" `+
			`font-family="Noto Serif CJK TC, Noto Serif CJK SC, KaiTi, STKaiti, serif" font-weight="bold" fill="%s">%s</text></svg>`,
			ink, p.Hanzi())
}

// xiangqiPiece returns the xiangqi piece of a FEN letter of xiangqiCodes.
func xiangqiPiece(code byte) xiangqi.Piece {
	for c := xiangqi.Red; c <= xiangqi.Black; c++ {
		for pt := xiangqi.King; pt <= xiangqi.Soldier; pt++ {
			if p := xiangqi.NewPiece(c, pt); p.Char() == code {
				return p
			}
		}
	}
	return xiangqi.NoPiece
}

// faceDownPiece is a piece face down: a plain disc, its side told by
// the ring's colour (no character: no one knows what it is).
func faceDownPiece(code byte) string {
	ink := "#b71c1c"
	if code == 'x' {
		ink = "#1b1b1b"
	}
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
		fmt.Sprintf(`<circle cx="50" cy="50" r="46" fill="#c9a877" stroke="%s" stroke-width="4"/>`, ink) +
		fmt.Sprintf(`<circle cx="50" cy="50" r="30" fill="none" stroke="%s" stroke-width="2" stroke-dasharray="4 5"/></svg>`, ink)
}

// sidelessPiece is a piece face down whose side nobody knows (a board of
// discs): a plain disc, no character, no colour of a side.
func sidelessPiece() string {
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
		`<circle cx="50" cy="50" r="46" fill="#6b4a2b" stroke="#3e2a17" stroke-width="4"/>` +
		`<circle cx="50" cy="50" r="30" fill="none" stroke="#e9c98f" stroke-width="2"/></svg>`
}
