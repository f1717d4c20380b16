package fog

import (
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
)

// Visible returns the squares colour c sees: its own pieces, every square
// one of its pieces could move to if c were to move (empty squares and
// capturable enemy pieces; the pawn en prise en passant, when c is to move),
// the square in front of each of its pawns whatever stands there, and the
// squares king and rook land on when c may castle. It allocates nothing.
func (p *Position) Visible(c chess.Color) chess.Bitboard {
	b := &p.board
	ours, theirs := b.ByColor(c), b.ByColor(c.Other())
	occ := ours | theirs
	vis := ours
	for _, pt := range [...]chess.PieceType{chess.Knight, chess.Bishop, chess.Rook, chess.Queen, chess.King} {
		for pcs := b.Pieces(c, pt); pcs != 0; {
			vis |= chess.Attacks(pt, c, pcs.PopFirst(), occ) &^ ours
		}
	}
	pawns := b.Pieces(c, chess.Pawn)
	one := pawnPush(c, pawns)
	vis |= one // the square in front is seen even when blocked
	start := chess.RankBB(chess.Rank3)
	if c == chess.Black {
		start = chess.RankBB(chess.Rank6)
	}
	vis |= pawnPush(c, one&^occ&start) &^ occ
	for pcs := pawns; pcs != 0; {
		vis |= chess.PawnAttacks(c, pcs.PopFirst()) & theirs
	}
	if ep := b.EnPassant(); ep != chess.NoSquare && b.SideToMove() == c &&
		chess.PawnAttacks(c.Other(), ep)&pawns != 0 {
		vis |= ep.Bitboard() | (ep ^ 8).Bitboard()
	}
	if b.Castling() != chess.NoCastling {
		for _, r := range castlingRights[c] {
			if m, ok := b.PseudoCastling(r); ok {
				kto, rto := m.CastlingTargets()
				vis |= kto.Bitboard() | rto.Bitboard()
			}
		}
	}
	return vis
}

// pawnPush returns the squares one step in front of the pawns b of colour c.
func pawnPush(c chess.Color, b chess.Bitboard) chess.Bitboard {
	if c == chess.White {
		return b << 8
	}
	return b >> 8
}

// castlingRights lists each colour's two rights, king side first.
var castlingRights = [2][2]chess.CastlingRights{
	{chess.WhiteKingSide, chess.WhiteQueenSide},
	{chess.BlackKingSide, chess.BlackQueenSide},
}

// View is a position as one player sees it: the projection a server sends.
// Pieces on fogged squares are absent; the opponent's castling rights and
// the halfmove clock, which would leak hidden moves, are left out.
type View struct {
	Viewer     chess.Color
	SideToMove chess.Color
	Visible    chess.Bitboard
	// Board holds the piece on each visible square (NoPiece when empty);
	// every fogged square holds NoPiece.
	Board [chess.NumSquares]chess.Piece
	// Castling holds the viewer's own castling rights only.
	Castling chess.CastlingRights
	// EnPassant is the en-passant square when the viewer is to move and may
	// take there, else NoSquare.
	EnPassant      chess.Square
	FullmoveNumber int
}

// View returns the position as colour c sees it.
func (p *Position) View(c chess.Color) View {
	b := &p.board
	v := View{
		Viewer:         c,
		SideToMove:     b.SideToMove(),
		Visible:        p.Visible(c),
		Castling:       b.Castling() & (castlingRights[c][0] | castlingRights[c][1]),
		EnPassant:      chess.NoSquare,
		FullmoveNumber: b.FullmoveNumber(),
	}
	for vis := v.Visible; vis != 0; {
		s := vis.PopFirst()
		v.Board[s] = b.PieceAt(s)
	}
	if b.SideToMove() == c {
		v.EnPassant = b.EnPassant()
	}
	return v
}

// Placement returns the board of the view in FEN's piece-placement syntax,
// with '?' for each fogged square, such as "????????/????????/8/...".
func (v *View) Placement() string { return v.placement('?') }

// placement writes the board with fog for each fogged square, or those
// squares empty when fog is 0.
func (v *View) placement(fog byte) string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			s := chess.NewSquare(chess.File(f), chess.Rank(r))
			switch {
			case !v.Visible.Has(s) && fog != 0:
				flushEmpty(&sb, &empty)
				sb.WriteByte(fog)
			case v.Board[s] == chess.NoPiece: // a fogged square holds NoPiece
				empty++
			default:
				flushEmpty(&sb, &empty)
				sb.WriteString(v.Board[s].String())
			}
		}
		flushEmpty(&sb, &empty)
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

func flushEmpty(sb *strings.Builder, n *int) {
	if *n > 0 {
		sb.WriteByte(byte('0' + *n))
		*n = 0
	}
}

// FEN writes the view as a FEN a board can draw: fogged squares empty, the
// viewer's own castling rights only, the en-passant square only when the
// viewer may take there, and a halfmove clock of 0 (the real one would
// tell whether a hidden move was a capture or a pawn move).
func (v *View) FEN() string {
	board := v.placement(0)
	side := "w"
	if v.SideToMove == chess.Black {
		side = "b"
	}
	castling := ""
	for i, r := range [...]chess.CastlingRights{chess.WhiteKingSide, chess.WhiteQueenSide, chess.BlackKingSide, chess.BlackQueenSide} {
		if v.Castling&r != 0 {
			castling += "KQkq"[i : i+1]
		}
	}
	if castling == "" {
		castling = "-"
	}
	ep := "-"
	if v.EnPassant != chess.NoSquare {
		ep = v.EnPassant.String()
	}
	return board + " " + side + " " + castling + " " + ep + " 0 " + strconv.Itoa(v.FullmoveNumber)
}
