package xiangqi

// Placement is the pieces of a xiangqi board by point (NoPiece where
// empty), for writing the moves of a variant on xiangqi's board whose
// positions a Position cannot hold: in the variant with face-down pieces
// advisors and elephants roam the whole board and a side may have six
// soldiers on a file (five face up, one face down on its starting point),
// and a face-down piece is named as the piece of its point, whose move it
// makes.
//
// The relative notations read a Placement as they read a Position, with
// one difference: two or more same pieces on one file are always told
// apart, advisors and elephants too (前仕, 後相; A+, E-), for on such a
// board two of them may move the same way to the same file. Three same
// pieces of any kind are 前/中/後 (R+, R1, R-), up to six soldiers 前, 二
// … 六.
type Placement [NumSquares]Piece

// PlacementOf returns the pieces of position p.
func PlacementOf(p *Position) Placement { return Placement(p.board) }

// ChineseIn returns move m in Chinese notation in script s, as
// Position.ChineseIn writes it but for the front and rear pieces (see
// Placement); "" when m does not move a piece from one point of the board
// to another. The move need not be legal: a Placement has no rules. An
// unknown s writes Traditional.
func (b *Placement) ChineseIn(m Move, s Script) string {
	d, ok := b.describe(m)
	if !ok {
		return ""
	}
	return d.chinese(s)
}

// WXF returns move m in WXF notation, as Position.WXF writes it but for the
// front and rear pieces (see Placement); "" when m does not move a piece
// from one point of the board to another.
func (b *Placement) WXF(m Move) string {
	d, ok := b.describe(m)
	if !ok {
		return ""
	}
	return wxfPrefix(&d) + string([]byte{d.action, byte('0' + d.num)})
}

// describe is describeOn for the placement, false for a move it cannot
// describe: off the board, from an empty point or a piece no notation
// names, or to the point it left.
func (b *Placement) describe(m Move) (moveDesc, bool) {
	from, to := m.From(), m.To()
	if !from.Valid() || !to.Valid() || from == to {
		return moveDesc{}, false
	}
	if pc := b[from]; pc > 15 || pc.Type() == NoPieceType {
		return moveDesc{}, false
	}
	return describeOn((*[NumSquares]Piece)(b), m, true), true
}
