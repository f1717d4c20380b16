package render

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
)

// ErrPlacement is the error of a FEN whose board ParsePlacement cannot read.
var ErrPlacement = errors.New("render: placement")

// Placement is a chess board that need not be a legal position: a side
// may have no king, as in what one player of fog of war sees of the board,
// or after a king was captured (dice chess) or blown up (bomb chess).
// chess.Position cannot hold such a board; ChessPlacement draws it.
type Placement struct {
	Board [chess.NumSquares]chess.Piece // NoPiece on an empty square
	Side  chess.Color                   // the side to move
	// Check marks the side to move's king as in check. A placement cannot
	// tell by itself (pieces may be missing from it): the caller says.
	Check bool
}

// ParsePlacement reads the board and the side to move of a FEN, checking
// only that the text is well formed: eight ranks of eight squares, piece
// letters PNBRQK (white) and pnbrqk (black), and w or b when a side is
// given (White when the FEN has only the board).
func ParsePlacement(fen string) (Placement, error) {
	var pl Placement
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return pl, fmt.Errorf("%w: empty FEN", ErrPlacement)
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return pl, fmt.Errorf("%w: %d ranks, want 8", ErrPlacement, len(ranks))
	}
	for i, row := range ranks {
		if err := pl.parseRank(chess.Rank(7-i), row); err != nil {
			return Placement{}, err
		}
	}
	if len(fields) > 1 {
		switch fields[1] {
		case "w":
		case "b":
			pl.Side = chess.Black
		default:
			return Placement{}, fmt.Errorf("%w: side to move %q, want w or b", ErrPlacement, clip(fields[1]))
		}
	}
	return pl, nil
}

// parseRank reads one rank of a FEN's board.
func (pl *Placement) parseRank(r chess.Rank, row string) error {
	f := 0
	for j := 0; j < len(row); j++ {
		c := row[j]
		if c >= '1' && c <= '8' {
			f += int(c - '0')
		} else if pc, ok := pieceOfLetter(c); ok && f < 8 {
			pl.Board[chess.NewSquare(chess.File(f), r)] = pc
			f++
		} else {
			return fmt.Errorf("%w: rank %d: unexpected %q", ErrPlacement, r+1, c)
		}
	}
	if f != 8 {
		return fmt.Errorf("%w: rank %d has %d squares, want 8", ErrPlacement, r+1, f)
	}
	return nil
}

// pieceOfLetter maps a FEN piece letter to its piece.
func pieceOfLetter(c byte) (chess.Piece, bool) {
	i := strings.IndexByte("PNBRQK", c&^0x20)
	if i < 0 {
		return chess.NoPiece, false
	}
	color := chess.White
	if c >= 'a' {
		color = chess.Black
	}
	return chess.NewPiece(color, chess.Pawn+chess.PieceType(i)), true
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
