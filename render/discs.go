package render

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/xiangqi"
)

// The largest disc board: its files are lettered a to i and its ranks
// numbered 1 to 9, as marks and moves name them.
const (
	MaxDiscFiles = 9
	MaxDiscRanks = 9
)

// DiscPlacement is a board of squares holding xiangqi's round pieces in
// the squares, as chess does, rather than on the points: the game played
// with xiangqi's 32 pieces on half its board, 8×4 squares, face down
// until flipped. A face-down piece shows nobody its side. Squares are
// named as in chess, files from a and ranks from 1 at the bottom left.
type DiscPlacement struct {
	Files, Ranks int
	// Board holds the face-up pieces by square, rank*Files + file;
	// NoPiece elsewhere.
	Board [MaxDiscFiles * MaxDiscRanks]xiangqi.Piece
	// Down marks the squares holding a piece face down.
	Down [MaxDiscFiles * MaxDiscRanks]bool
}

// ParseDiscPlacement reads the board of a FEN of such a game: its ranks
// from the top, separated by '/', all of one length (the board's shape
// is the FEN's, up to 9×9), xiangqi's piece letters KABNRCP (E and H too)
// and kabnrcp for face-up pieces, x for a face-down one, digits for empty
// squares. Errors say which rank and what.
func ParseDiscPlacement(fen string) (DiscPlacement, error) {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return DiscPlacement{}, fmt.Errorf("render: disc placement: empty FEN")
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) > MaxDiscRanks {
		return DiscPlacement{}, fmt.Errorf("render: disc placement: %d ranks, at most %d", len(ranks), MaxDiscRanks)
	}
	pl := DiscPlacement{Ranks: len(ranks)}
	for i, text := range ranks {
		rank := len(ranks) - 1 - i
		files, err := pl.parseRank(rank, text)
		if err != nil {
			return DiscPlacement{}, err
		}
		if i == 0 {
			pl.Files = files
		}
		if files != pl.Files || files == 0 {
			return DiscPlacement{}, fmt.Errorf("render: disc placement: rank %d: %d squares, want %d like the top rank", rank+1, files, max(pl.Files, 1))
		}
	}
	return pl, nil
}

// parseRank reads one rank and returns its number of squares. Before the
// board's width is known (the top rank), squares go into a row of the
// largest width and are moved once it is.
func (pl *DiscPlacement) parseRank(rank int, text string) (int, error) {
	var row [MaxDiscFiles]xiangqi.Piece
	var down [MaxDiscFiles]bool
	file := 0
	for j := range len(text) {
		c := text[j]
		if c >= '1' && c <= '9' {
			file += int(c - '0')
			if file > MaxDiscFiles {
				return 0, fmt.Errorf("render: disc placement: rank %d: more than %d squares", rank+1, MaxDiscFiles)
			}
			continue
		}
		if file >= MaxDiscFiles {
			return 0, fmt.Errorf("render: disc placement: rank %d: more than %d squares", rank+1, MaxDiscFiles)
		}
		switch pc := xiangqi.PieceFromChar(c); {
		case c == 'x':
			down[file] = true
		case pc != xiangqi.NoPiece:
			row[file] = pc
		default:
			return 0, fmt.Errorf("render: disc placement: rank %d: piece %q", rank+1, clip(string(c)))
		}
		file++
	}
	width := pl.Files
	if width == 0 {
		width = file
	}
	if file == width {
		for f := range file {
			pl.Board[rank*width+f], pl.Down[rank*width+f] = row[f], down[f]
		}
	}
	return file, nil
}

// DrawDiscPlacement draws pl: a wooden board of squares, its face-up
// pieces as Xiangqi draws them, its face-down ones as plain discs. The
// last move's squares are marked (a move from a square to itself, which
// turned a piece up, marks the one); there is no check to mark.
func DrawDiscPlacement(pl *DiscPlacement, o Options) (*Drawing, error) {
	if pl.Files < 1 || pl.Files > MaxDiscFiles || pl.Ranks < 1 || pl.Ranks > MaxDiscRanks {
		return nil, fmt.Errorf("render: disc placement of %d×%d squares", pl.Files, pl.Ranks)
	}
	size := o.size()
	cols, margin := float64(pl.Files), 0.0
	if o.Coordinates {
		cols += 0.5
	}
	c := size / cols
	if o.Coordinates {
		margin = 0.5 * c
	}
	d := &Drawing{Width: size, Height: float64(pl.Ranks)*c + margin, CSS: o.CSS}
	b := &board{cell: c, x0: margin + c/2, y0: c / 2, files: pl.Files, ranks: pl.Ranks,
		flipped: o.Flipped, script: o.Script, colors: o.Colors.withDefaults(), drawing: d}
	d.Add(Rect("board", 0, 0, d.Width, d.Height, Fill(b.colors.Board)))
	b.discGrid(margin)
	if err := b.discLastMove(pl, o.LastMove); err != nil {
		return nil, err
	}
	b.discPieces(pl)
	toPoint := func(m Coord) (Point, error) { return b.discSquare(pl, m) }
	if err := b.squareMarks(o.Marks.Squares, toPoint); err != nil {
		return nil, err
	}
	for _, a := range o.Marks.Arrows {
		from, err := toPoint(a.From)
		if err != nil {
			return nil, &MarkError{"arrow", a.String(), err}
		}
		to, err := toPoint(a.To)
		if err != nil {
			return nil, &MarkError{"arrow", a.String(), err}
		}
		d.Add(b.arrow(a.Color, from, to))
	}
	if o.Coordinates {
		b.discCoordinates(margin)
	}
	return d, nil
}

// discGrid draws the lines between the squares and the frame around them.
func (b *board) discGrid(margin float64) {
	c := b.cell
	ink := Stroke(b.colors.Line, c*0.025)
	ink.ButtCap = true
	w, h := float64(b.files)*c, float64(b.ranks)*c
	grid := &Path{}
	for f := 1; f < b.files; f++ {
		grid.MoveTo(margin+float64(f)*c, 0)
		grid.LineTo(margin+float64(f)*c, h)
	}
	for r := 1; r < b.ranks; r++ {
		grid.MoveTo(margin, float64(r)*c)
		grid.LineTo(margin+w, float64(r)*c)
	}
	b.drawing.Add(PathNode("lines", grid, ink))
	g := c * 0.03
	b.drawing.Add(Rect("frame", margin+g, g, w-2*g, h-2*g, Stroke(b.colors.Line, c*0.06)))
}

// discLastMove marks the squares of the last move, "c2c3" (or "c2c2").
func (b *board) discLastMove(pl *DiscPlacement, move string) error {
	if move == "" {
		return nil
	}
	if len(move) != 4 {
		return fmt.Errorf("render: last move %q: want text like c2c3", clip(move))
	}
	for _, sq := range []string{move[:2], move[2:]} {
		m, err := parseCoord(sq)
		if err != nil {
			return fmt.Errorf("render: last move %q: %w", clip(move), err)
		}
		at, err := b.discSquare(pl, m)
		if err != nil {
			return fmt.Errorf("render: last move %q: %w", clip(move), err)
		}
		b.drawing.Add(Rect("lastmove", at.X-b.cell/2, at.Y-b.cell/2, b.cell, b.cell, Fill(b.colors.LastMove)))
	}
	return nil
}

// discSquare is the centre of the square a mark names.
func (b *board) discSquare(pl *DiscPlacement, m Coord) (Point, error) {
	if int(m.File) >= pl.Files || m.Digit < 1 || int(m.Digit) > pl.Ranks {
		return Point{}, fmt.Errorf("%w: %s is not a square of a %d×%d board", ErrMark, m, pl.Files, pl.Ranks)
	}
	return b.centre(int(m.File), int(m.Digit)-1), nil
}

func (b *board) discPieces(pl *DiscPlacement) {
	for r := range pl.Ranks {
		for f := range pl.Files {
			s, at := r*pl.Files+f, b.centre(f, r)
			switch {
			case pl.Down[s]:
				b.drawing.Add(b.plainBack(at))
			case pl.Board[s] != xiangqi.NoPiece:
				b.drawing.Add(b.xiangqiPiece(pl.Board[s], at))
			}
		}
	}
}

// plainBack draws a piece face down whose side is unknown: a disc in the
// lines' colour with the discs' rims, and no character.
func (b *board) plainBack(at Point) Node {
	c := b.cell
	return Group("piece face-down", 0, 0, 1,
		Circle("disc", at.X, at.Y, c*0.45, Paint{Fill: b.colors.Line, Stroke: b.colors.Line, Width: c * 0.04}),
		Circle("rim", at.X, at.Y, c*0.37, Stroke(b.colors.Disc, c*0.02)),
		Circle("rim", at.X, at.Y, c*0.2, Stroke(b.colors.Disc, c*0.02)))
}

// discCoordinates letters the files below the board and numbers the
// ranks on its left, as chess does.
func (b *board) discCoordinates(margin float64) {
	h, col := margin*0.8, b.colors.Coordinates
	bottom := float64(b.ranks)*b.cell + margin/2
	for f := range b.files {
		b.drawing.Add(b.glyph("coord file", rune('a'+f), b.centre(f, 0).X, bottom, h, col))
	}
	for r := range b.ranks {
		b.drawing.Add(b.glyph("coord rank", rune('1'+r), margin/2, b.centre(0, r).Y, h, col))
	}
}
