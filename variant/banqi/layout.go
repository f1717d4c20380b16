package banqi

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/variant/fair"
)

// layoutLabel labels the fair draw that deals the face-down pieces.
const layoutLabel = "banqi layout"

// Deal returns p with an identity dealt by seed to every face-down piece:
//
//   - the pool is listed red first, then black, each by type from the
//     general down (K A B R N C P), each type as many times as the pool
//     holds it: at the start K A A B B R R N N C C P P P P P k a a b b r r
//     n n c c p p p p p;
//   - the draw is seed.Shuffle("banqi layout", len(pool), k) for the k
//     face-down pieces;
//   - the j-th face-down square in square order (a1, b1, ..., h1, a2, ...,
//     h4) gets pool[draw[j]].
//
// From the start the pool and the squares are all 32, so the deal is a
// uniform shuffle of the 32 pieces onto the 32 squares. From a position
// set up with fewer face-down pieces than the pool holds, the pieces not
// dealt are those taken before it. The same seed always deals the same
// layout. The result's pool is exactly what was dealt.
func Deal(p Position, seed fair.Seed) (Position, error) {
	var pool []Piece
	for c := Red; c <= Black; c++ {
		for t := King; t <= Soldier; t++ {
			for range p.pool[NewPiece(c, t)] {
				pool = append(pool, NewPiece(c, t))
			}
		}
	}
	var squares []Square
	for s := Square(0); s < NumSquares; s++ {
		if p.board[s] == FaceDown {
			squares = append(squares, s)
		}
	}
	if len(squares) > len(pool) {
		return Position{}, fmt.Errorf("%w: %d face-down pieces and %d pieces they could be", ErrIdentity, len(squares), len(pool))
	}
	draw := seed.Shuffle(layoutLabel, len(pool), len(squares))
	p.pool = [16]uint8{}
	for j, s := range squares {
		pc := pool[draw[j]]
		p.identity[s] = pc
		p.pool[pc]++
	}
	return p, nil
}

// SetIdentity makes the face-down piece on s a pc, for setting up a true
// position by hand. It fails with ErrNotFaceDown when s holds no
// face-down piece, and with ErrIdentity when the pool has no pc left for
// it (counting the identities already set).
func (p *Position) SetIdentity(s Square, pc Piece) error {
	if !s.Valid() || p.board[s] != FaceDown {
		return fmt.Errorf("%w: %v", ErrNotFaceDown, s)
	}
	if !pc.IsReal() {
		return fmt.Errorf("%w: %q on %v", ErrIdentity, pc.Char(), s)
	}
	left := int(p.pool[pc])
	for x := Square(0); x < NumSquares; x++ {
		if x != s && p.board[x] == FaceDown && p.identity[x] == pc {
			left--
		}
	}
	if left <= 0 {
		return fmt.Errorf("%w: no %v left for %v", ErrIdentity, pc, s)
	}
	p.identity[s] = pc
	return nil
}

// LayoutText writes p's board as FEN's first field does, but each
// face-down piece p knows as its identity ('x' where unknown): for the
// start of a game dealt by Deal, the layout, as the PGN's Layout tag
// gives it.
func LayoutText(p *Position) string {
	var sb strings.Builder
	p.writeBoard(&sb, true)
	return sb.String()
}
