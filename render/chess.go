package render

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
)

// Chess draws a chess (or Chess960) position. It fails only on options
// that name squares off the board (LastMove, Marks).
func Chess(p *chess.Position, o Options) (*Drawing, error) { return drawChess(p, o) }

// chessBoard is what drawing reads of a board: a chess.Position or a
// Placement.
type chessBoard interface {
	PieceAt(s chess.Square) chess.Piece
	SideToMove() chess.Color
	InCheck() bool
	KingSquare(c chess.Color) chess.Square // NoSquare when there is none
	Checkers() chess.Bitboard
}

// drawChess draws a chess board: see Chess.
func drawChess(p chessBoard, o Options) (*Drawing, error) {
	size := o.size()
	cells, margin := 8.0, 0.0
	if o.Coordinates {
		cells = 8.8
	}
	sq := size / cells
	if o.Coordinates {
		margin = 0.4 * sq
	}
	d := &Drawing{Width: size, Height: size, CSS: o.CSS}
	b := &board{cell: sq, x0: margin + sq/2, y0: margin + sq/2, files: 8, ranks: 8,
		flipped: o.Flipped, colors: o.Colors.withDefaults(), drawing: d}
	c := b.colors
	d.Add(Rect("background", 0, 0, size, size, Fill(c.Light)))
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			at := b.centre(f, r)
			class, col := "square light", c.Light
			if (f+r)%2 == 0 {
				class, col = "square dark", c.Dark
			}
			d.Add(Rect(class, at.X-sq/2, at.Y-sq/2, sq, sq, Fill(col)))
		}
	}
	if err := b.chessOverlays(p, o); err != nil {
		return nil, err
	}
	b.chessPieces(p, o.Pieces)
	if err := b.squareMarks(o.Marks.Squares, b.chessPoint); err != nil {
		return nil, err
	}
	if o.Check {
		for bb := p.Checkers(); bb != 0; {
			s := bb.First()
			bb &= bb - 1
			d.Add(b.checkerMark(b.centre(int(s.File()), int(s.Rank()))))
		}
	}
	for _, a := range o.Marks.Arrows {
		from, err := b.chessPoint(a.From)
		if err != nil {
			return nil, &MarkError{"arrow", a.String(), err}
		}
		to, err := b.chessPoint(a.To)
		if err != nil {
			return nil, &MarkError{"arrow", a.String(), err}
		}
		d.Add(b.arrow(a.Color, from, to))
	}
	if o.Coordinates {
		b.chessCoordinates(margin)
	}
	return d, nil
}

// chessOverlays draws what lies between the squares and the pieces: the
// last move, the king in check and the marked squares.
func (b *board) chessOverlays(p chessBoard, o Options) error {
	d, sq := b.drawing, b.cell
	if o.LastMove != "" {
		from, to, err := parseChessMove(o.LastMove)
		if err != nil {
			return err
		}
		for _, s := range []chess.Square{from, to} {
			at := b.centre(int(s.File()), int(s.Rank()))
			d.Add(Rect("lastmove", at.X-sq/2, at.Y-sq/2, sq, sq, Fill(b.colors.LastMove)))
		}
	}
	if k := p.KingSquare(p.SideToMove()); o.Check && p.InCheck() && k != chess.NoSquare {
		d.Add(b.checkGlow(b.centre(int(k.File()), int(k.Rank())), 0.48))
	}
	return nil
}

// chessPoint is the centre of the square a mark names.
func (b *board) chessPoint(c Coord) (Point, error) {
	s, err := chessSquare(c)
	return b.centre(int(s.File()), int(s.Rank())), err
}

var chessTypeNames = [...]string{"pawn", "knight", "bishop", "rook", "queen", "king"}

func (b *board) chessPieces(p chessBoard, set PieceSet) {
	sq := b.cell
	for s := chess.Square(0); s < chess.NumSquares; s++ {
		pc := p.PieceAt(s)
		if pc == chess.NoPiece {
			continue
		}
		t := int(pc.Type() - chess.Pawn)
		black := pc.Color() == chess.Black
		class := "piece " + pc.Color().String() + " " + chessTypeNames[t]
		at := b.centre(int(s.File()), int(s.Rank()))
		if set == Glyph {
			b.drawing.Add(b.chessGlyph(class, black, t, at.X, at.Y, sq))
		} else {
			b.drawing.Add(b.cburnett(class, pieceIndex(black, t), at.X-sq/2, at.Y-sq/2, sq))
		}
	}
}

func (b *board) chessCoordinates(margin float64) {
	h := margin * 0.95
	col := b.colors.Coordinates
	for i := 0; i < 8; i++ {
		at := b.centre(i, 0)
		bottom := b.centre(0, 0).Y + b.cell/2 + margin/2
		if b.flipped {
			bottom = b.centre(0, 7).Y + b.cell/2 + margin/2
		}
		b.drawing.Add(b.glyph("coord file", rune('a'+i), at.X, bottom, h, col))
		at = b.centre(0, i)
		b.drawing.Add(b.glyph("coord rank", rune('1'+i), margin/2, at.Y, h, col))
	}
}

// chessSquare converts a mark's coordinate to a chess square.
func chessSquare(c Coord) (chess.Square, error) {
	if c.File > 7 || c.Digit < 1 || c.Digit > 8 {
		return 0, fmt.Errorf("%w: %s is not a chess square", ErrMark, c)
	}
	return chess.NewSquare(chess.File(c.File), chess.Rank(c.Digit-1)), nil
}

// parseChessMove reads the squares of a UCI move such as "e2e4" or "e7e8q".
func parseChessMove(s string) (from, to chess.Square, err error) {
	if len(s) != 4 && len(s) != 5 {
		return 0, 0, fmt.Errorf("render: last move %q: want UCI text like e2e4", s)
	}
	if from, err = chess.ParseSquare(s[:2]); err == nil {
		to, err = chess.ParseSquare(s[2:4])
	}
	if err != nil {
		return 0, 0, fmt.Errorf("render: last move %q: %w", s, err)
	}
	return from, to, nil
}
