package render

import (
	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/xiangqi"
)

// ChessText returns the board as text for a terminal, with file letters and
// rank numbers around it: chess figures (♔ … ♟) with unicode, FEN letters
// otherwise. Options.Flipped turns the board; the other options do not apply.
func ChessText(p *chess.Position, o Options, unicode bool) string {
	return p.Draw(chess.DrawOptions{Unicode: unicode, Flip: o.Flipped})
}

// XiangqiText returns the board as text for a terminal: with unicode, the
// pieces' Chinese characters and full-width labels, so that columns line
// up in a terminal that shows CJK characters two cells wide; FEN letters
// otherwise. Options.CoordStyle picks ICCS or traditional coordinates and
// Options.Flipped turns the board, Options.Script picks the characters.
func XiangqiText(p *xiangqi.Position, o Options, unicode bool) string {
	axis := xiangqi.AxisICCS
	if o.CoordStyle == CoordTraditional {
		axis = xiangqi.AxisChinese
	}
	return p.Draw(xiangqi.DrawOptions{Unicode: unicode, Flip: o.Flipped, Axis: axis, Script: o.Script})
}
