package render

import "github.com/gambitchess/gambit/xiangqi"

// XiangqiCheckers returns the pieces giving check to the side to move, in
// square order: chariots, cannons (over exactly one screen), horses (leg
// free), soldiers, and the other general along an open file. The rules
// library answers only whether the side is in check; a drawing needs who.
func XiangqiCheckers(p *xiangqi.Position) []xiangqi.Square {
	us := p.SideToMove()
	k := p.KingSquare(us)
	var out []xiangqi.Square
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		pc := p.PieceAt(s)
		if pc != xiangqi.NoPiece && pc.Color() != us && attacks(p, pc, s, k) {
			out = append(out, s)
		}
	}
	return out
}

// attacks reports whether piece pc on from attacks the general on to.
func attacks(p *xiangqi.Position, pc xiangqi.Piece, from, to xiangqi.Square) bool {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	switch pc.Type() {
	case xiangqi.Chariot, xiangqi.King:
		return (df == 0 || dr == 0) && between(p, from, to) == 0
	case xiangqi.Cannon:
		return (df == 0 || dr == 0) && between(p, from, to) == 1
	case xiangqi.Horse:
		if !(abs(df) == 1 && abs(dr) == 2 || abs(df) == 2 && abs(dr) == 1) {
			return false
		}
		leg := xiangqi.NewSquare(from.File()+df/2, from.Rank()+dr/2) // integer halves: the orthogonal neighbour
		return p.PieceAt(leg) == xiangqi.NoPiece
	case xiangqi.Soldier:
		forward, crossed := 1, from.Rank() >= 5
		if pc.Color() == xiangqi.Black {
			forward, crossed = -1, from.Rank() <= 4
		}
		return df == 0 && dr == forward || crossed && dr == 0 && abs(df) == 1
	}
	return false // advisors and elephants never leave their own half
}

// between counts the pieces strictly between two squares on one line.
func between(p *xiangqi.Position, a, z xiangqi.Square) int {
	sf, sr := sign(z.File()-a.File()), sign(z.Rank()-a.Rank())
	n := 0
	for f, r := a.File()+sf, a.Rank()+sr; f != z.File() || r != z.Rank(); f, r = f+sf, r+sr {
		if p.PieceAt(xiangqi.NewSquare(f, r)) != xiangqi.NoPiece {
			n++
		}
	}
	return n
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}
