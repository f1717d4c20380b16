package xq

import (
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

// TestReachMatchesMailbox compares the table-driven mobility of chariots
// and cannons with a plain walk along the mailbox, on every bench
// position.
func TestReachMatchesMailbox(t *testing.T) {
	for _, fen := range BenchPositions {
		p := mustFEN(t, fen)
		var st evalState
		st.fillOccupancy(&p)
		for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
			pc := p.PieceAt(s)
			if pc == xiangqi.NoPiece {
				continue
			}
			c := pc.Color()
			n1, h1 := chariotReach(&st.occ, c, s)
			n2, h2 := walkReach(&p, c, s, false)
			if n1 != n2 || h1 != h2 {
				t.Errorf("%s: chariot on %v: %d %v, walk %d %v", fen, s, n1, h1, n2, h2)
			}
			n1, h1 = cannonReach(&st.occ, c, s)
			n2, h2 = walkReach(&p, c, s, true)
			if n1 != n2 || h1 != h2 {
				t.Errorf("%s: cannon on %v: %d %v, walk %d %v", fen, s, n1, h1, n2, h2)
			}
		}
	}
}

// ray is the list of points from a square to the board edge in one
// direction, nearest first.
type ray struct {
	sq [9]xiangqi.Square
	n  uint8
}

// rays[s][d]: d is 0 up (towards Black), 1 down, 2 right, 3 left.
var rays [xiangqi.NumSquares][4]ray

func init() {
	dirs := [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		for d, v := range dirs {
			rr := &rays[s][d]
			for f, r := s.File()+v[0], s.Rank()+v[1]; onBoard(f, r); f, r = f+v[0], r+v[1] {
				rr.sq[rr.n] = xiangqi.NewSquare(f, r)
				rr.n++
			}
		}
	}
}

// walkReach is the reference: moves of a chariot or cannon of colour c on
// s, and whether it bears on the enemy palace zone (a chariot on the
// points it moves to, a cannon on the points behind its screen up to the
// next piece).
func walkReach(p *xiangqi.Position, c xiangqi.Color, s xiangqi.Square, cannon bool) (n int, hits bool) {
	zone := &palaceZone[c.Other()]
	for d := range rays[s] {
		r := &rays[s][d]
		screen := false
		for i := uint8(0); i < r.n; i++ {
			t := r.sq[i]
			pc := p.PieceAt(t)
			if screen {
				hits = hits || zone[t]
				if pc != xiangqi.NoPiece {
					if pc.Color() != c {
						n++
					}
					break
				}
				continue
			}
			if pc == xiangqi.NoPiece || !cannon && pc.Color() != c {
				n++
				hits = hits || !cannon && zone[t]
			}
			if pc != xiangqi.NoPiece {
				if !cannon {
					break
				}
				screen = true
			}
		}
	}
	return n, hits
}
