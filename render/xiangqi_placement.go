package render

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/xiangqi"
)

// XiangqiPlacement is a xiangqi board that need not be a legal position:
// some of its points may hold a piece face down, of which only the side is
// known (a variant that hides pieces writes them X for Red and x for Black
// in its FEN). xiangqi.Position cannot hold such a board;
// DrawXiangqiPlacement draws it.
type XiangqiPlacement struct {
	Board [xiangqi.NumSquares]xiangqi.Piece // face-up pieces; NoPiece elsewhere
	Down  [xiangqi.NumSquares]int8          // 1 a red piece face down, 2 a black one, 0 none
	Side  xiangqi.Color                     // the side to move
	// Check marks the side to move's general as in check: the caller says,
	// as a board with face-down pieces cannot tell by itself.
	Check bool
}

// ParseXiangqiPlacement reads the board and the side to move of a xiangqi
// FEN in which X and x may stand for face-down pieces, checking only that
// the text is well formed: ten ranks of nine points, red first from
// Black's side, piece letters KABNRCP (E and H too) and kabnrcp, digits
// for empty points. Errors say which rank and what.
func ParseXiangqiPlacement(fen string) (XiangqiPlacement, error) {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return XiangqiPlacement{}, fmt.Errorf("render: xiangqi placement: empty FEN")
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != xiangqi.NumRanks {
		return XiangqiPlacement{}, fmt.Errorf("render: xiangqi placement: %d ranks, want %d", len(ranks), xiangqi.NumRanks)
	}
	var pl XiangqiPlacement
	for i, text := range ranks {
		rank := xiangqi.NumRanks - 1 - i
		file := 0
		for j := range len(text) {
			c := text[j]
			switch {
			case c >= '1' && c <= '9':
				file += int(c - '0')
				continue
			case file >= xiangqi.NumFiles:
				return XiangqiPlacement{}, fmt.Errorf("render: xiangqi placement: rank %d: more than %d points", rank, xiangqi.NumFiles)
			}
			s := xiangqi.Square(rank*xiangqi.NumFiles + file)
			switch pc := xiangqi.PieceFromChar(c); {
			case c == 'X':
				pl.Down[s] = 1
			case c == 'x':
				pl.Down[s] = 2
			case pc != xiangqi.NoPiece:
				pl.Board[s] = pc
			default:
				return XiangqiPlacement{}, fmt.Errorf("render: xiangqi placement: rank %d: piece %q", rank, clip(string(c)))
			}
			file++
		}
		if file != xiangqi.NumFiles {
			return XiangqiPlacement{}, fmt.Errorf("render: xiangqi placement: rank %d: %d points, want %d", rank, file, xiangqi.NumFiles)
		}
	}
	if len(fields) > 1 {
		switch fields[1] {
		case "w", "r":
		case "b":
			pl.Side = xiangqi.Black
		default:
			return XiangqiPlacement{}, fmt.Errorf("render: xiangqi placement: side to move %q, want w or b", clip(fields[1]))
		}
	}
	return pl, nil
}

// DrawXiangqiPlacement draws pl: its face-up pieces as Xiangqi does, its
// face-down ones as the back of a disc in their side's colour.
func DrawXiangqiPlacement(pl *XiangqiPlacement, o Options) (*Drawing, error) {
	o.Check = pl.Check
	return drawXiangqi(pl, nil, o)
}

// PieceAt returns the face-up piece on s.
func (pl *XiangqiPlacement) PieceAt(s xiangqi.Square) xiangqi.Piece { return pl.Board[s] }

// FaceDown reports the side of the piece face down on s, if any.
func (pl *XiangqiPlacement) FaceDown(s xiangqi.Square) (xiangqi.Color, bool) {
	switch pl.Down[s] {
	case 1:
		return xiangqi.Red, true
	case 2:
		return xiangqi.Black, true
	}
	return xiangqi.NoColor, false
}

// SideToMove returns the side to move.
func (pl *XiangqiPlacement) SideToMove() xiangqi.Color { return pl.Side }

// InCheck reports what Check says.
func (pl *XiangqiPlacement) InCheck() bool { return pl.Check }

// KingSquare returns the square of c's general, NoSquare when it has none.
func (pl *XiangqiPlacement) KingSquare(c xiangqi.Color) xiangqi.Square {
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		if pl.Board[s] == xiangqi.NewPiece(c, xiangqi.King) {
			return s
		}
	}
	return xiangqi.NoSquare
}
