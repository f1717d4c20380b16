package xiangqi

import "strings"

// Axis selects the coordinates printed around a rendered board.
type Axis uint8

// Axis styles.
const (
	// AxisICCS labels files a-i under the board and ranks 0-9 on the left.
	AxisICCS Axis = iota
	// AxisChinese labels Black's files 1-9 above the board and Red's
	// files 九…一 (9…1 in ASCII) below it, as Chinese diagrams do.
	AxisChinese
	// AxisNone prints the board only.
	AxisNone
)

// RenderOptions controls Render.
type RenderOptions struct {
	Unicode bool // Chinese characters (帥, 車, …) instead of FEN letters
	Axis    Axis
}

// String renders the board in ASCII with ICCS axes, Black at the top.
func (p *Position) String() string { return p.Render(RenderOptions{}) }

// Render draws the board, Black at the top, one line per rank. ASCII
// boards use FEN letters and '.' for empty points, separated by spaces;
// Unicode boards use the traditional characters, '＋' for empty points
// and full-width labels so that columns line up in a CJK font.
func (p *Position) Render(o RenderOptions) string {
	var sb strings.Builder
	files := func(labels string) {
		if o.Axis == AxisICCS {
			sb.WriteString("  ")
		}
		sb.WriteString(labels)
		sb.WriteByte('\n')
	}
	if o.Axis == AxisChinese {
		if o.Unicode {
			files("１２３４５６７８９")
		} else {
			files("1 2 3 4 5 6 7 8 9")
		}
	}
	for r := NumRanks - 1; r >= 0; r-- {
		if o.Axis == AxisICCS {
			sb.WriteByte(byte('0' + r))
			sb.WriteByte(' ')
		}
		for f := 0; f < NumFiles; f++ {
			pc := p.board[NewSquare(f, r)]
			if o.Unicode {
				sb.WriteString(pc.Hanzi())
				continue
			}
			if f > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte(pc.Char())
		}
		sb.WriteByte('\n')
	}
	switch {
	case o.Axis == AxisICCS && o.Unicode:
		files("ａｂｃｄｅｆｇｈｉ")
	case o.Axis == AxisICCS:
		files("a b c d e f g h i")
	case o.Axis == AxisChinese && o.Unicode:
		files("九八七六五四三二一")
	case o.Axis == AxisChinese:
		files("9 8 7 6 5 4 3 2 1")
	}
	return sb.String()
}
