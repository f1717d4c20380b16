package render

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
)

// ErrPlacement is the error of a FEN whose board ParsePlacement cannot read:
// chess.ErrFENPlacement, which every *chess.PlacementError wraps.
var ErrPlacement = chess.ErrFENPlacement

// Placement is a chess board that need not be a legal position: a side
// may have no king, as in what one player of a variant with hidden squares
// sees of the board, or after a variant's rules took a king.
// chess.Position cannot hold such a board; ChessPlacement draws it.
type Placement struct {
	Board [chess.NumSquares]chess.Piece // NoPiece on an empty square
	Side  chess.Color                   // the side to move
	// Check marks the side to move's king as in check. A placement cannot
	// tell by itself (pieces may be missing from it): the caller says.
	Check bool
}

// ParsePlacement reads the board and the side to move of a FEN, checking
// only that the text is well formed: the board as chess.ParsePlacement
// reads it (eight ranks of eight squares, piece letters PNBRQK and pnbrqk),
// and w or b when a side is given (White when the FEN has only the board).
// Errors read "render: placement: rank 3: ..." and wrap ErrPlacement.
func ParsePlacement(fen string) (Placement, error) {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return Placement{}, fmt.Errorf("render: %w", &chess.PlacementError{Reason: "empty FEN"})
	}
	board, err := chess.ParsePlacement(fields[0])
	if err != nil {
		return Placement{}, fmt.Errorf("render: %w", err)
	}
	pl := Placement{Board: board}
	if len(fields) > 1 {
		switch fields[1] {
		case "w":
		case "b":
			pl.Side = chess.Black
		default:
			reason := fmt.Sprintf("side to move %q, want w or b", clip(fields[1]))
			return Placement{}, fmt.Errorf("render: %w", &chess.PlacementError{Reason: reason})
		}
	}
	return pl, nil
}

// PieceAt returns the piece on s.
func (pl *Placement) PieceAt(s chess.Square) chess.Piece { return pl.Board[s] }

// SideToMove returns the side to move.
func (pl *Placement) SideToMove() chess.Color { return pl.Side }

// InCheck reports what Check says.
func (pl *Placement) InCheck() bool { return pl.Check }

// KingSquare returns the square of c's king, NoSquare when it has none.
func (pl *Placement) KingSquare(c chess.Color) chess.Square {
	for s := chess.Square(0); s < chess.NumSquares; s++ {
		if pl.Board[s] == chess.NewPiece(c, chess.King) {
			return s
		}
	}
	return chess.NoSquare
}

// Checkers returns no squares: a placement does not know who gives check.
func (pl *Placement) Checkers() chess.Bitboard { return 0 }

// ChessPlacement draws a chess board that need not be a legal position, as
// Chess draws a position. With o.Check, a king in check (pl.Check) is
// highlighted; the pieces giving check are not marked.
func ChessPlacement(pl *Placement, o Options) (*Drawing, error) { return drawChess(pl, o) }
