package fog

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
)

// Position is a fog-of-war position: the full board, as the referee sees it.
// It is a plain value (a chess.Position), so copying it is a complete
// snapshot. The zero value is not a valid position; obtain one from
// StartPosition, ParseFEN or FromChess.
type Position struct {
	board chess.Position
}

// StartPosition returns the standard starting position.
func StartPosition() Position { return Position{chess.StartPosition()} }

// ParseFEN parses a FEN. It accepts what chess.ParseFEN accepts and also
// the side not to move in check: in fog of war a king may stand en prise,
// to be taken by the side to move. It accepts too the side to move without
// its king, taken on the last move: the final position of a game won so,
// whose Outcome is the capturer's win.
func ParseFEN(fen string) (Position, error) {
	b, err := chess.ParseFENKingEnPrise(fen)
	if err != nil {
		return Position{}, fmt.Errorf("fog: parse position: %w", err)
	}
	return Position{b}, nil
}

// FromChess returns the fog-of-war position with the board of b.
func FromChess(b chess.Position) Position { return Position{b} }

// Board returns the full board.
func (p *Position) Board() chess.Position { return p.board }

// SideToMove returns the colour to move.
func (p *Position) SideToMove() chess.Color { return p.board.SideToMove() }

// FEN returns the FEN of the full board.
func (p *Position) FEN() string { return p.board.FEN() }

// Key returns the Zobrist key of the board (chess's, Polyglot-compatible).
func (p *Position) Key() uint64 { return p.board.Key() }

// KingCaptured reports whether a king has been taken, and if so whose.
func (p *Position) KingCaptured() (loser chess.Color, ok bool) {
	for c := chess.White; c <= chess.Black; c++ {
		if p.board.Pieces(c, chess.King) == 0 {
			return c, true
		}
	}
	return 0, false
}

// Play returns the position after m, which must be one of the moves
// Generate produces; p is unchanged. Capturing a king is an ordinary move:
// the result has no king of the side to move, and Outcome reports the win.
func (p Position) Play(m chess.Move) Position {
	p.board.Play(m)
	return p
}

// IsPseudoLegal reports whether m is among the moves Generate produces.
func (p *Position) IsPseudoLegal(m chess.Move) bool {
	var ml chess.MoveList
	p.Generate(&ml)
	return ml.Contains(m)
}
