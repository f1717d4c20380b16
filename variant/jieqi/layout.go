package jieqi

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/xiangqi"
)

// layoutLabel labels the fair draw that deals a side's face-down pieces:
// "jieqi red" and "jieqi black".
const layoutLabel = "jieqi "

// Deal returns p with an identity dealt by seed to every face-down piece.
// For each side c (Red first, then Black), with k face-down points:
//
//   - the pool is the side's pieces p cannot place (Unaccounted: the 15 it
//     starts with less its face-up pieces on the board and its taken ones
//     whose type p knows), listed by PieceType, advisors first, then
//     elephants, horses, chariots, cannons and soldiers (at the start:
//     A A B B N N R R C C P P P P P);
//   - the draw is seed.Shuffle("jieqi red" or "jieqi black", len(pool), k);
//   - the j-th face-down point in Square order (HomePoints order: a0, b0,
//     c0, d0, f0, g0, h0, i0, b2, h2, a3, c3, e3, g3, i3 for Red at the
//     start; a6, c6, e6, g6, i6, b7, h7, a9, ... for Black) gets
//     pool[draw[j]].
//
// From the start position the pool and the points are all 15, so the deal
// is a uniform shuffle of the side's pieces onto its points. The same seed
// always deals the same layout. Deal fails only when a side has more
// face-down pieces than its pool holds, which ParseFEN's counts exclude.
func Deal(p Position, seed fair.Seed) (Position, error) {
	for c := Red; c <= Black; c++ {
		var pool []PieceType
		for t, n := range p.Unaccounted(c) {
			for range n {
				pool = append(pool, PieceType(t))
			}
		}
		var points []Square
		for s := Square(0); s < NumSquares; s++ {
			if p.down.Has(s) && p.board[s].Color() == c {
				points = append(points, s)
			}
		}
		if len(points) > len(pool) {
			return Position{}, fmt.Errorf("%w: %s has %d face-down pieces and %d it could be", ErrIdentity, c, len(points), len(pool))
		}
		draw := seed.Shuffle(layoutLabel+c.String(), len(pool), len(points))
		for j, s := range points {
			p.identity[s] = pool[draw[j]]
		}
	}
	return p, nil
}

// SetIdentity makes the face-down piece on s a piece of type t, for
// setting up a true position by hand. It fails with ErrNotFaceDown when s
// holds no face-down piece, and with ErrIdentity when t is the general or
// the side has no piece of type t left to be (counting the identities
// already set).
func (p *Position) SetIdentity(s Square, t PieceType) error {
	if !s.Valid() || !p.down.Has(s) {
		return fmt.Errorf("%w: %v", ErrNotFaceDown, s)
	}
	c := p.board[s].Color()
	if t < Advisor || t > Soldier {
		return fmt.Errorf("%w: %v on %v", ErrIdentity, t, s)
	}
	left := p.Unaccounted(c)[t]
	for x := Square(0); x < NumSquares; x++ {
		if x != s && p.down.Has(x) && p.board[x].Color() == c && p.identity[x] == t {
			left--
		}
	}
	if left <= 0 {
		return fmt.Errorf("%w: %s has no %v left for %v", ErrIdentity, c, t, s)
	}
	p.identity[s] = t
	return nil
}

// LayoutText writes the identities of p's face-down pieces: for Red then
// Black, the FEN letter of each face-down piece's identity in Square order
// ('?' where unknown), the two sides separated by '/'. For the start of a
// game dealt by Deal it names all 30 pieces, as the PGN's Layout tag does.
func LayoutText(p *Position) string {
	var sb strings.Builder
	for c := Red; c <= Black; c++ {
		if c == Black {
			sb.WriteByte('/')
		}
		for s := Square(0); s < NumSquares; s++ {
			if !p.down.Has(s) || p.board[s].Color() != c {
				continue
			}
			if t := p.identity[s]; t != NoPieceType {
				sb.WriteByte(xiangqi.NewPiece(c, t).Char())
			} else {
				sb.WriteByte('?')
			}
		}
	}
	return sb.String()
}
