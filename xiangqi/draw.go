package xiangqi

import "strings"

// Axis selects the coordinates printed around a drawn board.
type Axis uint8

// Axis styles.
const (
	// AxisICCS labels files a-i under the board and ranks 0-9 on the left.
	AxisICCS Axis = iota
	// AxisChinese labels the files as each side counts them, from its own
	// right: 1-9 for Black (full-width １…９ on Unicode boards) and 9…1
	// for Red (九…一), each along its own edge of the board, as Chinese
	// diagrams do.
	AxisChinese
	// AxisNone prints the board only.
	AxisNone
)

// DrawOptions controls Draw. The zero value is an ASCII board with ICCS
// coordinates, Black at the top.
type DrawOptions struct {
	Unicode bool // Chinese characters (帥, 車, …) instead of FEN letters
	Flip    bool // Red at the top: the board as Black sees it
	Axis    Axis
	Script  Script // the characters with Unicode: Traditional (the default) or Simplified
}

// String draws the board in ASCII with ICCS axes, Black at the top.
func (p *Position) String() string { return p.Draw(DrawOptions{}) }

// Draw returns the board as text, one line per rank: Black at the top, or
// Red with o.Flip. ASCII boards use FEN letters and '.' for empty points,
// separated by spaces; Unicode boards use the Chinese characters of
// o.Script (traditional by default), '＋'
// for empty points and full-width labels so that columns line up in a CJK
// font.
func (p *Position) Draw(o DrawOptions) string {
	var sb strings.Builder
	files := func(labels string) {
		if o.Axis == AxisICCS {
			sb.WriteString("  ")
		}
		sb.WriteString(labels)
		sb.WriteByte('\n')
	}
	// The Chinese labels of the side at the top and at the bottom. Each
	// side counts files from its own right, so in ASCII the top reads 1-9
	// and the bottom 9-1 whichever way the board is turned.
	top, bottom := "１２３４５６７８９", "九八七六五四三二一"
	if o.Flip {
		top, bottom = "一二三四五六七八九", "９８７６５４３２１"
	}
	if !o.Unicode {
		top, bottom = "1 2 3 4 5 6 7 8 9", "9 8 7 6 5 4 3 2 1"
	}
	if o.Axis == AxisChinese {
		files(top)
	}
	for i := 0; i < NumRanks; i++ {
		r := NumRanks - 1 - i
		if o.Flip {
			r = i
		}
		if o.Axis == AxisICCS {
			sb.WriteByte(byte('0' + r))
			sb.WriteByte(' ')
		}
		for j := 0; j < NumFiles; j++ {
			f := j
			if o.Flip {
				f = NumFiles - 1 - j
			}
			pc := p.board[NewSquare(f, r)]
			if o.Unicode {
				sb.WriteString(pc.HanziIn(o.Script))
				continue
			}
			if j > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte(pc.Char())
		}
		sb.WriteByte('\n')
	}
	switch o.Axis {
	case AxisICCS:
		letters := "a b c d e f g h i"
		switch {
		case o.Unicode && o.Flip:
			letters = "ｉｈｇｆｅｄｃｂａ"
		case o.Unicode:
			letters = "ａｂｃｄｅｆｇｈｉ"
		case o.Flip:
			letters = "i h g f e d c b a"
		}
		files(letters)
	case AxisChinese:
		files(bottom)
	}
	return sb.String()
}
